import { lazy, type ComponentType } from 'react'

/** What a part renders whose code could not be fetched: the page is whole without it. */
const Nothing = () => null

/**
 * A part of the chrome whose code is kept out of the first screen's (the footer, the
 * floating panels, the menu's drawer, the search overlay), so a phone fetches and runs
 * less before the page answers a tap. Render it inside `<Suspense>`. Its code is fetched
 * when the browser is first idle after the app starts, so it is there before a shopper
 * reaches for it, or when it is first rendered, if that comes sooner. Code that cannot
 * be fetched (offline, a store updated since the page loaded) leaves the part out rather
 * than failing the page, until the page is loaded again: React keeps what a lazy part
 * resolved to, and asking again on every render would hammer a network that is down.
 */
export function afterStart<P extends object>(load: () => Promise<ComponentType<P>>) {
  type Loaded = { default: ComponentType<P> }
  let loading: Promise<Loaded> | undefined
  const fetchOnce = () =>
    (loading ??= load().then(
      (component): Loaded => ({ default: component }),
      (): Loaded => ({ default: Nothing }),
    ))
  whenIdle(() => {
    void fetchOnce()
  })
  return lazy(fetchOnce)
}

/** `task` once the browser is idle (Safari has no idle callback: a moment later there). */
function whenIdle(task: () => void) {
  if (typeof window === 'undefined') return
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
  else setTimeout(task, 200)
}
