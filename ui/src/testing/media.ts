import { vi } from 'vitest'
import { MOBILE_QUERY } from '@/lib/useMediaQuery'

/** A phone: the mobile layout's media query matches (jsdom has no `matchMedia` of its own). */
export function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: query === MOBILE_QUERY,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}
