import { describe, expect, it } from 'vitest'
import { bagCountLabel } from './bagCount'

describe('bagCountLabel (spec 2.4, 9)', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('shows %i as %s', (count, label) => {
    expect(bagCountLabel(count)).toBe(label)
  })
})
