import { describe, expect, it } from 'vitest'
import { formatPrice } from './format'

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [1999, '$19.99'],
    [100000, '$1,000.00'],
    [123450, '$1,234.50'],
    [123456789, '$1,234,567.89'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatPrice(cents)).toBe(expected)
  })

  it('keeps the sign of negative amounts', () => {
    expect(formatPrice(-250)).toBe('-$2.50')
  })
})
