import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HEADER_CHECK_MS, nextHeaderState, useHeaderHidden } from './headerScroll'

const HEADER = 80

describe('nextHeaderState (spec 2.4, 9)', () => {
  const from = (hidden: boolean, lastY: number, y: number) =>
    nextHeaderState({ hidden, lastY, y, headerHeight: HEADER })

  it('hides when scrolling down past the header height', () => {
    expect(from(false, 50, 120)).toEqual({ hidden: true, lastY: 120 })
  })

  it('stays shown when scrolling down within the header height', () => {
    expect(from(false, 10, 70)).toEqual({ hidden: false, lastY: 70 })
  })

  it('shows again on any scroll up of more than 5 px', () => {
    expect(from(true, 500, 494)).toEqual({ hidden: false, lastY: 494 })
  })

  it.each([5, -5, 0, 3])('ignores a move of %i px and keeps the last position', (move) => {
    expect(from(true, 500, 500 + move)).toEqual({ hidden: true, lastY: 500 })
    expect(from(false, 500, 500 + move)).toEqual({ hidden: false, lastY: 500 })
  })

  it('counts a 6 px move', () => {
    expect(from(false, 500, 506)).toEqual({ hidden: true, lastY: 506 })
  })
})

/** jsdom does not scroll; the hook only reads window.scrollY. */
function scrollAt(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
}

describe('useHeaderHidden', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    scrollAt(0)
  })
  afterEach(() => {
    vi.useRealTimers()
    scrollAt(0)
  })

  function setup() {
    const header = { current: { offsetHeight: HEADER } as HTMLElement }
    return renderHook(() => useHeaderHidden(header))
  }

  it('checks every 250 ms, not on every scroll event', () => {
    const { result } = setup()
    scrollAt(400)
    act(() => {
      vi.advanceTimersByTime(HEADER_CHECK_MS - 1)
    })
    expect(result.current).toBe(false)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe(true)
  })

  it('reappears on scrolling up, but not for a small jitter', () => {
    const { result } = setup()
    scrollAt(400)
    act(() => {
      vi.advanceTimersByTime(HEADER_CHECK_MS)
    })
    scrollAt(396)
    act(() => {
      vi.advanceTimersByTime(HEADER_CHECK_MS)
    })
    expect(result.current).toBe(true)
    scrollAt(300)
    act(() => {
      vi.advanceTimersByTime(HEADER_CHECK_MS)
    })
    expect(result.current).toBe(false)
  })
})
