import { useEffect, useLayoutEffect, useRef } from 'react'
import { NavigationType, useLocation, useMatches, useNavigation, useNavigationType } from 'react-router'

/** Spec 9: hashes and the "Top" button scroll over 500 ms. */
export const SCROLL_ANIMATION_MS = 500

/** Spec 2.3 / 9: how long Back waits before restoring the position. */
export const RESTORE_DELAY_LISTS_MS = 2000
export const RESTORE_DELAY_MS = 500

/** Route names (spec 2.1) whose restore waits longer: product listings and search. */
const LIST_ROUTES: readonly string[] = ['ProductsIndex', 'SearchIndex']

/**
 * Spec 2.3: Back restores the saved position after 2000 ms for search and product
 * listings, 500 ms elsewhere. Lists wait longer because their pictures and cards
 * must be laid out before the old position exists again.
 */
export function restoreDelay(routeName: string | undefined): number {
  return routeName !== undefined && LIST_ROUTES.includes(routeName) ? RESTORE_DELAY_LISTS_MS : RESTORE_DELAY_MS
}

/** Positions survive a reload of the tab (the browser keeps history keys), not the tab itself. */
const STORAGE_KEY = 'olive-lane-scroll'

function loadPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}')
    if (typeof saved !== 'object' || saved === null) return new Map()
    return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  } catch {
    return new Map()
  }
}

function savePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)))
  } catch {
    // Blocked storage: positions still hold for this page's life.
  }
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Navigation state for a change that refines the page in place (a facet ticked, the
 * filters cleared): the shopper stays where they are instead of jumping to the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const

function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state && state.keepScroll === true
}

/** Scrolls the window to `top` over `duration` ms with an ease-in-out curve. */
export function animateScroll(top: number, duration = SCROLL_ANIMATION_MS): () => void {
  const start = window.scrollY
  if (reducedMotion() || duration <= 0 || start === top) {
    window.scrollTo(0, top)
    return () => undefined
  }
  const began = performance.now()
  let frame = requestAnimationFrame(function step(now) {
    const t = Math.min(1, (now - began) / duration)
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2
    window.scrollTo(0, start + (top - start) * eased)
    if (t < 1) frame = requestAnimationFrame(step)
  })
  return () => {
    cancelAnimationFrame(frame)
  }
}

function routeNameOf(matches: readonly { handle?: unknown }[]): string | undefined {
  const handle = matches
    .map((match) => match.handle)
    .findLast(
      (h): h is { name: string } => typeof h === 'object' && h !== null && 'name' in h && typeof h.name === 'string',
    )
  return handle?.name
}

/**
 * Spec 2.3's scroll behaviour for the whole app; the layout calls it once, in
 * place of react-router's <ScrollRestoration/> (whose restore is immediate).
 * A hash scrolls smoothly to its element, Back restores the saved position after
 * the route's delay, anything else (a reload included) starts at the top.
 */
export function useScrollBehaviour() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const routeName = routeNameOf(useMatches())
  const positions = useRef<Map<string, number>>(null)
  const currentKey = useRef(location.key)
  // The first page of a visit (a fresh load or a reload) is no Back: it starts at the top.
  const firstEntry = useRef(true)
  // While the next page loads, the leaving page's position is kept as the shopper left it:
  // the loading indicator shifts the layout, and the browser's adjustment is no choice of theirs.
  const leaving = useRef(false)
  const navigating = useNavigation().state !== 'idle'
  useLayoutEffect(() => {
    if (navigating) leaving.current = true
  }, [navigating])

  // The position of every history entry, as the shopper leaves it.
  useEffect(() => {
    positions.current ??= loadPositions()
    window.history.scrollRestoration = 'manual'
    const onScroll = () => {
      if (!leaving.current) positions.current?.set(currentKey.current, window.scrollY)
    }
    const onPageHide = () => {
      if (positions.current) savePositions(positions.current)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [])

  // A layout effect: the new entry's key is in place before the first scroll event of the new page.
  useLayoutEffect(() => {
    positions.current ??= loadPositions()
    const saved = positions.current
    currentKey.current = location.key
    leaving.current = false
    savePositions(saved)
    const first = firstEntry.current
    firstEntry.current = false

    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) return animateScroll(target.getBoundingClientRect().top + window.scrollY)
    }
    const back = navigationType === NavigationType.Pop && !first
    if (!back && !first && keepsScroll(location.state)) return
    const restore = back ? saved.get(location.key) : undefined
    if (restore === undefined) {
      window.scrollTo(0, 0)
      return
    }
    const timer = window.setTimeout(() => {
      window.scrollTo(0, restore)
    }, restoreDelay(routeName))
    // A shopper who scrolls while the page settles has chosen a place; do not move them.
    const cancel = () => {
      window.clearTimeout(timer)
    }
    const intents = ['wheel', 'touchstart', 'keydown'] as const
    for (const intent of intents) window.addEventListener(intent, cancel, { once: true, passive: true })
    return () => {
      cancel()
      for (const intent of intents) window.removeEventListener(intent, cancel)
    }
    // Runs per history entry; the route name and navigation type belong to that entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key])
}
