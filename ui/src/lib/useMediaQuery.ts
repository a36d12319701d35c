import { useSyncExternalStore } from 'react'

/** Spec 9: the mobile layout is below 769 px. */
export const MOBILE_QUERY = '(max-width: 768px)'

/**
 * Whether a media query matches now, following changes (a rotated phone, a resized
 * window). Where there is no matchMedia (tests, very old browsers) it never matches.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => {
        list.removeEventListener('change', onChange)
      }
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  )
}
