import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery'

/** A matchMedia whose answer the test changes, telling listeners like a browser does. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial
  const listeners = new Set<() => void>()
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }))
  return (next: boolean) => {
    matches = next
    listeners.forEach((listener) => {
      listener()
    })
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('useMediaQuery', () => {
  it('uses the mobile layout below 769 px', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 768px)')
  })

  it('follows the query as it changes', () => {
    const resize = fakeMatchMedia(false)
    const { result } = renderHook(() => useMediaQuery(MOBILE_QUERY))
    expect(result.current).toBe(false)
    act(() => {
      resize(true)
    })
    expect(result.current).toBe(true)
  })

  it('never matches without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined)
    expect(renderHook(() => useMediaQuery(MOBILE_QUERY)).result.current).toBe(false)
  })
})
