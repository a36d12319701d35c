import { createStore } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { pricedLine } from '@/testing/fixtures'
import { EMPTY_BAG, bagAtom, bagCount, bagCountAtom, bagSummaryAtom, itemKeyFor, quoteRequest } from './bag'
import { STORAGE_KEY } from './persist'

afterEach(() => {
  localStorage.clear()
})

/** A store over `entries` as stored; mounting the atoms reads the storage, as a page does. */
function stored(entries: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(entries))
  return mounted()
}

function mounted() {
  const store = createStore()
  store.sub(bagAtom, () => undefined)
  store.sub(bagSummaryAtom, () => undefined)
  return store
}

describe('the stored bag (spec 3)', () => {
  it('reads the bag another visit stored', () => {
    const line = pricedLine({ quantity: 2 })
    const store = stored({ bag: { ...EMPTY_BAG, products: [line] } })
    expect(store.get(bagAtom).products).toEqual([line])
    expect(store.get(bagCountAtom)).toBe(2)
  })

  it.each([
    ['not an object', 'nonsense'],
    ['a list missing', { products: [], later: [] }],
    ['an older line without prices', { ...EMPTY_BAG, products: [{ id: 1001, type: 'product', quantity: 1 }] }],
    ['an unknown line type', { ...EMPTY_BAG, later: [pricedLine({ type: 'spaceship' as never })] }],
    ['a fractional quantity', { ...EMPTY_BAG, products: [pricedLine({ quantity: 1.5 })] }],
  ])('starts with an empty bag when the stored one is %s', (_, bag) => {
    const store = stored({ bag, bagSummary: { totals: { count: 'x' }, digital_only: false } })
    expect(store.get(bagAtom)).toEqual(EMPTY_BAG)
    expect(store.get(bagCountAtom)).toBe(0)
    expect(store.get(bagSummaryAtom)).toBeNull()
  })

  it('starts empty when the storage holds no JSON at all', () => {
    localStorage.setItem(STORAGE_KEY, '{not json')
    expect(mounted().get(bagAtom)).toEqual(EMPTY_BAG)
  })

  it('follows a change made in another tab', () => {
    const store = mounted()
    const unsubscribe = store.sub(bagCountAtom, () => undefined)
    expect(store.get(bagCountAtom)).toBe(0)
    const value = JSON.stringify({ bag: { ...EMPTY_BAG, products: [pricedLine({ quantity: 4 })] } })
    localStorage.setItem(STORAGE_KEY, value)
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: value }))
    expect(store.get(bagCountAtom)).toBe(4)
    unsubscribe()
  })
})

describe('the badge count', () => {
  it('sums the quantities of the bag, not of the later or unavailable lists', () => {
    expect(
      bagCount({
        products: [pricedLine({ quantity: 2 }), pricedLine({ id: 7, quantity: 5 })],
        later: [pricedLine({ quantity: 9 })],
        unavailableCart: [pricedLine({ quantity: 3 })],
        unavailableLater: [],
      }),
    ).toBe(7)
    expect(bagCount(EMPTY_BAG)).toBe(0)
  })
})

describe('the quote request', () => {
  it('sends the bag with its unavailable lines, and later with its, as line inputs', () => {
    const request = quoteRequest({
      products: [pricedLine({ id: 1 })],
      unavailableCart: [pricedLine({ id: 2, max: 0 })],
      later: [pricedLine({ id: 3, gift_options: true })],
      unavailableLater: [pricedLine({ id: 4, item_key: 'k', personalization: { name: 'Dana' } })],
    })
    expect(request.products.map((line) => line.id)).toEqual([1, 2])
    expect(request.later).toEqual([
      { id: 3, type: 'product', item_key: '', quantity: 1, gift_options: true, personalization: {} },
      { id: 4, type: 'product', item_key: 'k', quantity: 1, gift_options: false, personalization: { name: 'Dana' } },
    ])
    expect(request).not.toHaveProperty('change')
  })

  it('gives a personalised line a random key and keeps an existing one', () => {
    expect(itemKeyFor({ name: '  ' })).toBe('')
    expect(itemKeyFor({ name: 'Dana' })).toMatch(/^[0-9a-f-]{36}$/)
    expect(itemKeyFor({ name: 'Dana' }, 'kept')).toBe('kept')
    expect(itemKeyFor({}, 'kept')).toBe('')
  })
})
