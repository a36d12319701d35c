import { createElement, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'

/** A part of the page whose code loads when it is first shown. */
export interface Deferred<Props extends object> {
  (props: Props): ReactNode
  /** Starts loading the code ahead: when the shopper heads for the button that shows it. */
  preload: () => void
  /** Loads the code; answers whether it is there (false: it could not load, this time). */
  load: () => Promise<boolean>
  /** Whether the code is there, so the part renders at once. */
  isLoaded: () => boolean
}

/**
 * A part of the page the first screen does not show (a panel opened by a click, the
 * footer below the fold), kept out of the first screen's JavaScript: `importCode` loads
 * its code once it is first rendered, or earlier on `preload`. Until then it renders
 * nothing, so a panel opens once its code is there, and its own effects (focus moving
 * in) run then; once loaded, it renders at once. Code that cannot load (offline, a
 * blocking proxy: `useProxySignal` says so) leaves nothing in its place, and the next
 * showing tries again. No Suspense: a part still loading holds up no other update.
 */
export function deferred<Props extends object>(importCode: () => Promise<ComponentType<Props>>): Deferred<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<boolean> | undefined
  const listeners = new Set<() => void>()
  const load = () =>
    (loading ??= importCode().then(
      (component) => {
        loaded = component
        for (const listener of listeners) listener()
        return true
      },
      () => {
        loading = undefined
        return false
      },
    ))
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const current = () => loaded

  function Part(props: Props) {
    const code = useSyncExternalStore(subscribe, current, current)
    useEffect(() => {
      if (!code) void load()
    }, [code])
    return code ? createElement(code, props) : null
  }
  return Object.assign(Part, {
    preload: () => {
      void load()
    },
    load,
    isLoaded: () => loaded !== undefined,
  })
}

/** Handlers that preload `part` as a pointer comes over its button or focus reaches it. */
export function preloadOn(part: { preload: () => void }) {
  return { onPointerEnter: part.preload, onFocus: part.preload }
}

/** The longest an idle browser is waited for; without idle callbacks (Safari), the wait. */
const IDLE_TIMEOUT_MS = 2000
const NO_IDLE_CALLBACK_MS = 300

/**
 * Whether the browser has gone idle since the first render: when a part below the fold
 * (the footer) shows. Off the first screen's critical path, yet there early, before the
 * shopper scrolls to it, for a screen reader's landmark list, find in page and a jump
 * to the end. Once true, it stays true.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (idle) return
    const show = () => {
      setIdle(true)
    }
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS })
      return () => {
        cancelIdleCallback(id)
      }
    }
    const id = setTimeout(show, NO_IDLE_CALLBACK_MS)
    return () => {
      clearTimeout(id)
    }
  }, [idle])
  return idle
}
