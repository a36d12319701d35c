import { act, renderHook, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApiWithBodies } from '@/testing/api'
import { pricedLine, quoteAnswer } from '@/testing/fixtures'
import { bagAtom, bagStaleAtom, EMPTY_BAG, toLineInput, type BagLists } from './bag'
import { pendingMergeAtom } from './customerBag'
import { afterSignIn, clearCustomerState } from './customerSync'
import { FAVORITES_PER_CALL, favoritesAtom, pendingFavoritesAtom, useFavorite } from './favorites'
import { followingAtom } from './following'
import { STORAGE_KEY } from './persist'
import { customerAtom, sessionCheckedAtom } from './session'
import { syncAfterSignIn, useCustomerSync } from './signedInSync'
import { toastsAtom } from './toast'
import { useBag } from './useBag'
import { signedInCustomer, storeWithCustomer } from '@/testing/customer'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer({ favorites: [{ id: 3001, kind: 'bundle' }] })

const mug = pricedLine({ id: 1001, quantity: 2 })
const notebook = pricedLine({ id: 1002, title: 'Notebook' })
const guestBag: BagLists = { ...EMPTY_BAG, products: [mug], later: [notebook] }
const serverBag = quoteAnswer({ products: [pricedLine({ id: 1001, quantity: 3 }), pricedLine({ id: 1005 })] })
const following = { creators: [4], vendors: [9] }

/** A store as it is right after a sign-in stored `customer`, holding the guest's state. */
function signedIn(guest: { bag?: BagLists; favorites?: { id: number; kind: 'product' | 'bundle' }[] } = {}) {
  const store = createStore()
  store.set(bagAtom, guest.bag ?? EMPTY_BAG)
  store.set(favoritesAtom, guest.favorites ?? [])
  store.set(customerAtom, dana)
  store.set(sessionCheckedAtom, true)
  return store
}

const calls = (sent: { url: URL; method: string }[]) => sent.map(({ url, method }) => `${method} ${url.pathname}`)

describe('after a login (spec 4.3)', () => {
  it('merges the guest’s bag, later list and favorites in, and fetches following', async () => {
    const sent = stubApiWithBodies({
      '/api/customer/bag': serverBag,
      '/api/customer/favorites': { favorites: [{ id: 1001, kind: 'product' }, ...dana.favorites] },
      '/api/customer/following': following,
    })
    const store = signedIn({ bag: guestBag, favorites: [{ id: 1001, kind: 'product' }] })

    await syncAfterSignIn(store, 'login')

    const merge = sent.filter((r) => r.url.pathname === '/api/customer/bag')
    expect(merge).toHaveLength(1)
    expect(merge[0]).toMatchObject({
      method: 'POST',
      body: { bag: [toLineInput(mug)], later: [toLineInput(notebook)] },
    })
    expect(store.get(bagAtom).products).toEqual(serverBag.products)
    expect(sent.find((r) => r.url.pathname === '/api/customer/favorites')).toMatchObject({
      method: 'POST',
      body: { ids: [{ id: 1001, kind: 'product' }] },
    })
    expect(store.get(favoritesAtom)).toEqual([{ id: 1001, kind: 'product' }, ...dana.favorites])
    expect(store.get(followingAtom)).toEqual(following)
    expect(store.get(pendingMergeAtom)).toBeNull()
    expect(store.get(pendingFavoritesAtom)).toEqual([])
  })

  it('sends a long guest favorites list in calls the server takes, the oldest first', async () => {
    const guest = Array.from({ length: FAVORITES_PER_CALL + 50 }, (_, i) => ({ id: i + 1, kind: 'product' as const }))
    const sent = stubApiWithBodies({
      '/api/customer/bag': serverBag,
      '/api/customer/favorites': { favorites: guest },
      '/api/customer/following': following,
    })
    const store = signedIn({ favorites: guest })

    await syncAfterSignIn(store, 'login')

    const uploads = sent
      .filter((r) => r.url.pathname === '/api/customer/favorites')
      .map((r) => (r.body as { ids: { id: number }[] }).ids.map((f) => f.id))
    expect(uploads.map((ids) => ids.length)).toEqual([FAVORITES_PER_CALL, 50])
    expect(uploads[0]?.[0]).toBe(51)
    expect(uploads[1]).toEqual(guest.slice(0, 50).map((f) => f.id))
    expect(store.get(pendingFavoritesAtom)).toEqual([])
  })

  it('takes the stored bag and the customer’s favorites when the guest had none', async () => {
    const sent = stubApiWithBodies({ '/api/customer/bag': serverBag, '/api/customer/following': following })
    const store = signedIn()

    await syncAfterSignIn(store, 'login')

    expect(calls(sent).sort()).toEqual(['GET /api/customer/bag', 'GET /api/customer/following'])
    expect(store.get(bagAtom).products).toEqual(serverBag.products)
    expect(store.get(favoritesAtom)).toEqual(dana.favorites)
  })

  it('after a password reset merges favorites only and shows the stored bag', async () => {
    const sent = stubApiWithBodies({
      '/api/customer/bag': serverBag,
      '/api/customer/favorites': { favorites: [{ id: 1001, kind: 'product' }] },
      '/api/customer/following': following,
    })
    const store = signedIn({ bag: guestBag, favorites: [{ id: 1001, kind: 'product' }] })

    await syncAfterSignIn(store, 'reset')

    expect(calls(sent).sort()).toEqual([
      'GET /api/customer/bag',
      'GET /api/customer/following',
      'POST /api/customer/favorites',
    ])
    expect(store.get(bagAtom).products).toEqual(serverBag.products)
  })

  it('names, in a toast, the guest lines the merge withdrew', async () => {
    const merged = quoteAnswer({
      products: [pricedLine({ id: 1001, quantity: 3 })],
      withdrawn: [{ list: 'later', id: 1002, type: 'product', item_key: '', reason: 'there is no product' }],
    })
    stubApiWithBodies({ '/api/customer/bag': merged, '/api/customer/following': following })
    const store = signedIn({ bag: guestBag })

    await syncAfterSignIn(store, 'login')

    expect(store.get(toastsAtom).map((t) => [t.type, t.message])).toEqual([
      ['error', '“Notebook” is no longer available as you chose it, so it was removed.'],
    ])
    expect(store.get(bagAtom).products).toEqual(merged.products)
  })

  it('keeps the guest’s lines pending when the merge gets no answer, and sends them before the next change', async () => {
    let up = false
    const sent = stubApiWithBodies({
      '/api/customer/bag': () => (up ? serverBag : answer(503, { message: 'busy' })),
      '/api/customer/favorites': () => (up ? { favorites: [{ id: 1001, kind: 'product' }] } : answer(503)),
      '/api/customer/following': following,
      '/api/customer/bag/change': quoteAnswer({ products: [...serverBag.products, pricedLine({ id: 1009 })] }),
    })
    const store = signedIn({ bag: guestBag, favorites: [{ id: 1001, kind: 'product' }] })

    // The sign-in itself is not held up or undone.
    await syncAfterSignIn(store, 'login')

    expect(store.get(customerAtom)).toEqual(dana)
    expect(store.get(bagAtom)).toEqual(guestBag)
    expect(store.get(bagStaleAtom)).toBe(true)
    expect(store.get(pendingMergeAtom)).toEqual({ bag: [toLineInput(mug)], later: [toLineInput(notebook)] })
    expect(store.get(pendingFavoritesAtom)).toEqual([{ id: 1001, kind: 'product' }])
    // Meanwhile both lists of favorites show.
    expect(store.get(favoritesAtom)).toEqual([{ id: 1001, kind: 'product' }, ...dana.favorites])
    // Kept with the persisted stores, so a reload does not lose them.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toHaveProperty('pendingBagMerge')

    up = true
    sent.length = 0
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
    const { result } = renderHook(() => useBag(), { wrapper })
    const line = {
      id: 1009,
      type: 'product' as const,
      item_key: '',
      quantity: 1,
      gift_options: false,
      personalization: {},
    }
    await act(async () => {
      await result.current.add(line)
    })

    expect(calls(sent)).toEqual(['POST /api/customer/bag', 'POST /api/customer/bag/change'])
    expect(sent[1]?.body).toEqual({ change: { action: 'add', line } })
    expect(store.get(pendingMergeAtom)).toBeNull()
    expect(store.get(bagAtom).products.map((l) => l.id)).toEqual([1001, 1005, 1009])
  })

  it('drops lines the server refuses, and shows the stored bag', async () => {
    const sent = stubApiWithBodies({
      '/api/customer/bag': (_url: URL, body: unknown) =>
        body === undefined ? serverBag : answer(400, { message: 'bag[0].quantity: out of range' }),
      '/api/customer/following': following,
    })
    const store = signedIn({ bag: guestBag })

    await syncAfterSignIn(store, 'register')

    expect(calls(sent).filter((c) => c.endsWith('/customer/bag'))).toEqual([
      'POST /api/customer/bag',
      'GET /api/customer/bag',
    ])
    expect(store.get(pendingMergeAtom)).toBeNull()
    expect(store.get(bagAtom).products).toEqual(serverBag.products)
  })
})

describe('a signed-in customer’s edits', () => {
  function hooks(store = signedIn()) {
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
    const { result } = renderHook(() => ({ bag: useBag(), favorite: useFavorite({ id: 1001, kind: 'product' }) }), {
      wrapper,
    })
    return { store, current: () => result.current }
  }

  it('sends each bag edit as one change to the stored lists, not the whole bag', async () => {
    const changed = quoteAnswer({ later: [mug] })
    const sent = stubApiWithBodies({ '/api/customer/bag/change': changed })
    const { store, current } = hooks(signedIn({ bag: { ...EMPTY_BAG, products: [mug] } }))

    await act(async () => {
      await current().bag.moveToLater(mug)
    })

    expect(calls(sent)).toEqual(['POST /api/customer/bag/change'])
    expect(sent[0]?.body).toEqual({
      change: { action: 'move_to_later', key: { id: 1001, type: 'product', item_key: '' } },
    })
    expect(store.get(bagAtom).later).toEqual([mug])
  })

  it('saves and removes favorites on the server, keeping its answer', async () => {
    // POST adds, PATCH removes (the request being answered is the last one sent).
    const sent = stubApiWithBodies({
      '/api/customer/favorites': () => ({
        favorites: sent.at(-1)?.method === 'POST' ? [{ id: 1001, kind: 'product' }, ...dana.favorites] : dana.favorites,
      }),
    })
    const { store, current } = hooks()

    act(() => {
      current().favorite[1]()
    })
    expect(current().favorite[0]).toBe(true)
    await waitFor(() => {
      expect(store.get(favoritesAtom)).toEqual([{ id: 1001, kind: 'product' }, ...dana.favorites])
    })
    act(() => {
      current().favorite[1]()
    })
    await waitFor(() => {
      expect(store.get(favoritesAtom)).toEqual(dana.favorites)
    })
    expect(sent.map((r) => [r.method, r.body])).toEqual([
      ['POST', { ids: [{ id: 1001, kind: 'product' }] }],
      ['PATCH', { ids: [{ id: 1001, kind: 'product' }] }],
    ])
  })

  it('undoes a favorite the server did not take, and says so', async () => {
    stubApiWithBodies({ '/api/customer/favorites': answer(500) })
    const { store, current } = hooks()

    act(() => {
      current().favorite[1]()
    })
    await waitFor(() => {
      expect(store.get(toastsAtom)).toMatchObject([
        { type: 'error', message: 'We couldn’t update your favorites. Please try again.' },
      ])
    })
    expect(current().favorite[0]).toBe(false)
  })
})

describe('at start-up and sign-out', () => {
  function mount(store: ReturnType<typeof createStore>) {
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
    renderHook(
      () => {
        useCustomerSync()
      },
      { wrapper },
    )
  }

  it('sends what a sign-in left pending, then shows the server’s bag and following', async () => {
    const sent = stubApiWithBodies({
      '/api/customer/bag': serverBag,
      '/api/customer/favorites': { favorites: [{ id: 1001, kind: 'product' }] },
      '/api/customer/following': following,
    })
    const store = signedIn()
    store.set(pendingMergeAtom, { bag: [toLineInput(mug)], later: [] })
    store.set(pendingFavoritesAtom, [{ id: 1001, kind: 'product' }])

    mount(store)

    await waitFor(() => {
      expect(store.get(followingAtom)).toEqual(following)
      expect(store.get(pendingMergeAtom)).toBeNull()
      expect(store.get(pendingFavoritesAtom)).toEqual([])
    })
    expect(calls(sent).sort()).toEqual([
      'GET /api/customer/following',
      'POST /api/customer/bag',
      'POST /api/customer/favorites',
    ])
    expect(store.get(bagAtom).products).toEqual(serverBag.products)
    expect(store.get(favoritesAtom)).toEqual([{ id: 1001, kind: 'product' }])
  })

  it('loads nothing for a guest, and waits for the session check', async () => {
    const sent = stubApiWithBodies({})
    const store = storeWithCustomer(dana)
    mount(store)
    act(() => {
      store.set(customerAtom, null)
      store.set(sessionCheckedAtom, true)
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toEqual([])
  })

  it('leaves a sign-in in another tab to that tab (its answers come through the shared storage)', async () => {
    const sent = stubApiWithBodies({})
    const store = createStore()
    store.set(sessionCheckedAtom, true)
    mount(store)
    act(() => {
      store.set(pendingMergeAtom, { bag: [toLineInput(mug)], later: [] })
      store.set(customerAtom, dana)
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toEqual([])
  })

  it('takes the favorites of a fresh customer answer (another device may have changed them)', async () => {
    stubApiWithBodies({ '/api/customer/bag': serverBag, '/api/customer/following': following })
    const store = signedIn()
    mount(store)
    await waitFor(() => {
      expect(store.get(followingAtom)).toEqual(following)
    })
    act(() => {
      store.set(customerAtom, { ...dana, favorites: [{ id: 1002, kind: 'product' }] })
    })
    expect(store.get(favoritesAtom)).toEqual([{ id: 1002, kind: 'product' }])
  })

  it('lets afterSignIn reach the mounted app’s store', async () => {
    stubApiWithBodies({ '/api/customer/bag': serverBag, '/api/customer/following': following })
    const store = createStore()
    mount(store)
    store.set(customerAtom, dana)

    await afterSignIn('login')

    expect(store.get(bagAtom).products).toEqual(serverBag.products)
    expect(store.get(followingAtom)).toEqual(following)
  })

  it('forgets following and anything pending at sign-out', () => {
    const store = signedIn()
    store.set(followingAtom, following)
    store.set(pendingMergeAtom, { bag: [toLineInput(mug)], later: [] })
    store.set(pendingFavoritesAtom, [{ id: 1001, kind: 'product' }])

    clearCustomerState(store)

    expect(store.get(followingAtom)).toEqual({ creators: [], vendors: [] })
    expect(store.get(pendingMergeAtom)).toBeNull()
    expect(store.get(pendingFavoritesAtom)).toEqual([])
  })
})
