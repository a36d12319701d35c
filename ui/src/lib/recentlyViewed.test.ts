import { renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signedInCustomer } from '@/testing/customer'
import { customerAtom } from './session'
import { answer, stubApi } from '@/testing/api'
import { product } from '@/testing/fixtures'
import {
  RECENTLY_VIEWED_MAX,
  addRecentlyViewed,
  getRecentlyViewed,
  recentlyViewedAtom,
  summaryOf,
  useRecordRecentlyViewed,
  type RecentlyViewedEntry,
} from './recentlyViewed'

const entries = (ids: number[]): RecentlyViewedEntry[] => ids.map((id) => ({ id, time_stamp: id * 1000 }))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('recently viewed (spec 4.8)', () => {
  it('puts the newest entry first', () => {
    expect(addRecentlyViewed(entries([2, 1]), { id: 3, time_stamp: 9 }).map((e) => e.id)).toEqual([3, 2, 1])
    expect(addRecentlyViewed([], { id: 7, time_stamp: 9 })).toEqual([{ id: 7, time_stamp: 9 }])
  })

  it('removes an existing entry with the same id before adding the new one', () => {
    const list = addRecentlyViewed(entries([4, 3, 2, 1]), { id: 2, time_stamp: 99 })
    expect(list.map((e) => e.id)).toEqual([2, 4, 3, 1])
    expect(list[0]).toEqual({ id: 2, time_stamp: 99 })
  })

  it('keeps at most 30 entries, dropping the oldest', () => {
    const full = entries(Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => RECENTLY_VIEWED_MAX - i))
    const list = addRecentlyViewed(full, { id: 100, time_stamp: 1 })
    expect(RECENTLY_VIEWED_MAX).toBe(30)
    expect(list).toHaveLength(30)
    expect(list[0]?.id).toBe(100)
    expect(list.map((e) => e.id)).not.toContain(1)
  })

  it('does not change the list it is given', () => {
    const list = entries([1])
    addRecentlyViewed(list, { id: 2, time_stamp: 1 })
    expect(list).toEqual(entries([1]))
  })

  it('fetches the products in parallel and skips the ones that are gone', async () => {
    stubApi({
      '/api/products/1': product({ id: 1, title: 'One' }),
      '/api/products/2': answer(404),
      '/api/products/3': product({ id: 3, title: 'Three', max: 0 }),
    })
    const cards = await getRecentlyViewed([1, 2, 3])
    expect(cards.map((c) => [c.id, c.title, c.in_stock])).toEqual([
      [1, 'One', true],
      [3, 'Three', false],
    ])
  })

  it('fails on other errors, for the caller to decide', async () => {
    stubApi({ '/api/products/1': answer(500) })
    await expect(getRecentlyViewed([1])).rejects.toMatchObject({ status: 500 })
  })

  it('summarises a product with its first variation’s offer', () => {
    const card = summaryOf(
      product({
        variation_infos: [{ id: 5, sku: 'A', price: 999, max: 0, item_type: 'others', options: [] }],
      }),
    )
    expect(card).toMatchObject({ id: 1001, kind: 'product', price: 999, in_stock: false, vendor_name: 'Olive & Oak' })
  })
})

describe('recording a view (spec 4.8 and 6)', () => {
  const viewing = (store: ReturnType<typeof createStore>, id: number) =>
    renderHook(
      () => {
        useRecordRecentlyViewed(id)
      },
      { wrapper: ({ children }: { children: ReactNode }) => createElement(Provider, { store }, children) },
    )

  it('records a guest’s view, newest first', () => {
    const store = createStore()
    store.set(recentlyViewedAtom, entries([1]))
    viewing(store, 2)
    expect(store.get(recentlyViewedAtom).map((e) => e.id)).toEqual([2, 1])
  })

  it('records nothing while a customer is signed in, and keeps the guest’s list as it was', () => {
    const store = createStore()
    store.set(recentlyViewedAtom, entries([1]))
    store.set(customerAtom, signedInCustomer())
    viewing(store, 2)
    expect(store.get(recentlyViewedAtom)).toEqual(entries([1]))
  })
})
