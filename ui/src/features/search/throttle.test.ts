import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttle } from './throttle'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('throttle (spec 9: one request per 250 ms, with a trailing request)', () => {
  it('runs the first call at once and the latest of the rest when the window ends', () => {
    const fn = vi.fn()
    const throttled = throttle(fn, 250)
    throttled('a')
    expect(fn.mock.calls).toEqual([['a']])
    vi.advanceTimersByTime(100)
    throttled('ab')
    throttled('abc')
    vi.advanceTimersByTime(149)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(fn.mock.calls).toEqual([['a'], ['abc']])
    vi.advanceTimersByTime(1000)
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('counts the window from the trailing call too', () => {
    const fn = vi.fn()
    const throttled = throttle(fn, 250)
    throttled(1)
    throttled(2)
    vi.advanceTimersByTime(250)
    throttled(3)
    vi.advanceTimersByTime(249)
    expect(fn.mock.calls).toEqual([[1], [2]])
    vi.advanceTimersByTime(1)
    expect(fn.mock.calls).toEqual([[1], [2], [3]])
  })

  it('runs at once again after a quiet window', () => {
    const fn = vi.fn()
    const throttled = throttle(fn, 250)
    throttled(1)
    vi.advanceTimersByTime(300)
    throttled(2)
    expect(fn.mock.calls).toEqual([[1], [2]])
  })

  it('drops the trailing call when cancelled', () => {
    const fn = vi.fn()
    const throttled = throttle(fn, 250)
    throttled(1)
    throttled(2)
    throttled.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn.mock.calls).toEqual([[1]])
  })
})
