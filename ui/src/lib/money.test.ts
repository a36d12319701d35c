import { describe, expect, it } from 'vitest'
import { decodeEntities, formatConverted, formatThreshold } from './money'

describe('decodeEntities', () => {
  it('turns HTML entities of currency symbols into characters', () => {
    expect(decodeEntities('&#8362;')).toBe('₪')
    expect(decodeEntities('&euro;')).toBe('€')
    expect(decodeEntities('&#x20AC;')).toBe('€')
    expect(decodeEntities('&pound;')).toBe('£')
  })

  it('leaves plain symbols and empty text alone', () => {
    expect(decodeEntities('€')).toBe('€')
    expect(decodeEntities('')).toBe('')
  })

  it('gives text, never markup', () => {
    expect(decodeEntities('&lt;b&gt;x&lt;/b&gt;')).toBe('<b>x</b>')
    expect(decodeEntities('<img src=x onerror=alert(1)>&amp;')).toBe('&')
  })
})

describe('formatConverted (spec 9)', () => {
  it('multiplies the dollar price by the rate, with 2 decimals and the symbol', () => {
    expect(formatConverted(1800, { currency: 'ILS', rate: 3.7, symbol: '&#8362;' })).toBe('₪66.60')
    expect(formatConverted(1999, { currency: 'EUR', rate: 0.92, symbol: '€' })).toBe('€18.39')
    expect(formatConverted(123456, { currency: 'GBP', rate: 0.79, symbol: '£' })).toBe('£975.30')
  })

  it('writes a currency without a symbol with its code', () => {
    expect(formatConverted(1000, { currency: 'CHF', rate: 0.9, symbol: '' })).toBe('CHF 9.00')
  })

  it('groups thousands', () => {
    expect(formatConverted(10000000, { currency: 'ILS', rate: 3.7, symbol: '₪' })).toBe('₪370,000.00')
  })
})

describe('formatThreshold', () => {
  it('drops the cents of whole dollars', () => {
    expect(formatThreshold(5000)).toBe('$50')
    expect(formatThreshold(150000)).toBe('$1,500')
    expect(formatThreshold(4999)).toBe('$49.99')
  })
})
