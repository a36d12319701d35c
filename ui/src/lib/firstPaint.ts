import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import type { DataRouter } from 'react-router'
import { currencyAtom, languageAtom } from './preferences'

/**
 * The server paints the first screen of home, listings and product pages as plain HTML
 * into `#root` (`crates/app/src/first_screen/paint.rs`, marked `data-painted`), so a
 * phone shows it before this code has arrived; the entry loads this code only once the
 * browser has painted it (main.tsx). The app then takes the page over in one step:
 * React's first render replaces the painted elements, so on a painted page it waits
 * until the router has the first screen's code and data. Rendered earlier, it would put
 * the layout's loading state where the painted screen was, then the screen: a flash.
 */
export function renderWhenReady(
  container: HTMLElement,
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  render: () => void,
) {
  if (!container.hasAttribute('data-painted') || router.state.initialized) {
    render()
    return
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return
    stop()
    render()
  })
}

/** The cookie by which the server leaves pages unpainted. */
const OPT_OUT = 'store_paint'

/**
 * The server paints in English and US dollars. A shopper who chose Hebrew or another
 * currency would see its paint change language or prices when the app takes over, so
 * for them the app asks for pages without it.
 */
export function usePaintPreference() {
  const language = useAtomValue(languageAtom)
  const currency = useAtomValue(currencyAtom)
  const defaults = language === 'eng' && currency === 'USD'
  useEffect(() => {
    document.cookie = defaults
      ? `${OPT_OUT}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${OPT_OUT}=off; Path=/; Max-Age=31536000; SameSite=Lax`
  }, [defaults])
}
