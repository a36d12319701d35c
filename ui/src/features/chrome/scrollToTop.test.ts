import { describe, expect, it } from 'vitest'
import { SCROLL_TO_TOP_MS, scrollPositionAt } from './scrollToTop'

describe('scrollPositionAt (spec 2.4: Top scrolls up in 500 ms)', () => {
  it('starts where the page is and ends at the top after 500 ms', () => {
    expect(SCROLL_TO_TOP_MS).toBe(500)
    expect(scrollPositionAt(2000, 0)).toBe(2000)
    expect(scrollPositionAt(2000, 250)).toBe(1000)
    expect(scrollPositionAt(2000, 500)).toBe(0)
    expect(scrollPositionAt(2000, 800)).toBe(0)
  })

  it('only moves up', () => {
    let previous = 2000
    for (let elapsed = 0; elapsed <= 500; elapsed += 50) {
      const position = scrollPositionAt(2000, elapsed)
      expect(position).toBeLessThanOrEqual(previous)
      previous = position
    }
  })
})
