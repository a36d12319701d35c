import { act, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { pricedLine, quoteAnswer } from '@/testing/fixtures'
import { EMPTY_BAG, bagAtom, bagStaleAtom, bagSummaryAtom, type BagLists } from './bag'
import { customerAtom } from './session'
import { toastsAtom } from './toast'
import { STORAGE_KEY } from './persist'
import { useBag } from './useBag'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
})

/** What this tab's session storage holds of the journal. */
const journal = () =>
  (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as { pendingBagChanges?: unknown[] }).pendingBagChanges ?? []

const mugInput = {
  id: 1001,
  type: 'product' as const,
  item_key: '',
  quantity: 1,
  gift_options: false,
  personalization: {},
}

function setup(lists: BagLists = EMPTY_BAG) {
  const store = createStore()
  store.set(bagAtom, lists)
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
  const { result } = renderHook(() => useBag(), { wrapper })
  return { store, bag: () => result.current }
}

describe('useBag', () => {
  it('stores the answer’s lists and totals and says the item was added', async () => {
    const line = pricedLine({ quantity: 1 })
    const sent = stubApiWithBodies({ '/api/bag/quote': quoteAnswer({ products: [line] }) })
    const { store, bag } = setup()

    let ok = false
    await act(async () => {
      ok = await bag().add(mugInput)
    })

    expect(ok).toBe(true)
    expect(sent[0]?.body).toEqual({ products: [], later: [], change: { action: 'add', line: mugInput } })
    expect(store.get(bagAtom).products).toEqual([line])
    expect(store.get(bagSummaryAtom)?.totals.total).toBe(1800)
    expect(store.get(toastsAtom)).toMatchObject([
      { type: 'success', message: 'Added to your bag', link: { to: '/bag', label: 'View bag' } },
    ])
  })

  it('keeps the bag as it was and shows an error toast when the call fails', async () => {
    const kept: BagLists = { ...EMPTY_BAG, products: [pricedLine({ quantity: 2 })], later: [pricedLine({ id: 9 })] }
    stubApiWithBodies({ '/api/bag/quote': answer(400, { message: 'bad line' }) })
    const { store, bag } = setup(kept)

    let ok = true
    await act(async () => {
      ok = await bag().remove('products', kept.products[0] ?? pricedLine())
    })

    expect(ok).toBe(false)
    expect(store.get(bagAtom)).toEqual(kept)
    expect(store.get(bagStaleAtom)).toBe(true)
    expect(store.get(toastsAtom)).toMatchObject([
      { type: 'error', message: 'We couldn’t update your bag. Please try again.' },
    ])
  })

  it('sends one call at a time, each starting from the previous answer', async () => {
    let inFlight = 0
    let most = 0
    const release: (() => void)[] = []
    const sent = stubApiWithBodies({})
    const fetchMock = vi.fn(async (request: Request) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      const body = (await request.clone().json()) as { products: { quantity: number }[] }
      sent.push({ url: new URL(request.url), method: request.method, body })
      await new Promise<void>((resolve) => release.push(resolve))
      inFlight -= 1
      const quantity = body.products.reduce((sum, line) => sum + line.quantity, 0) + 1
      return answer(200, quoteAnswer({ products: [pricedLine({ quantity })] }))
    })
    vi.stubGlobal('fetch', fetchMock)
    const { store, bag } = setup()

    let both: Promise<boolean[]> = Promise.resolve([])
    act(() => {
      both = Promise.all([bag().add(mugInput), bag().add(mugInput)])
    })
    await vi.waitFor(() => {
      expect(release).toHaveLength(1)
    })
    await act(async () => {
      release[0]?.()
      await vi.waitFor(() => {
        expect(release).toHaveLength(2)
      })
      release[1]?.()
      await both
    })

    expect(most).toBe(1)
    // The second call carried the first one's answer.
    expect(sent.map((request) => (request.body as { products: unknown[] }).products.length)).toEqual([0, 1])
    expect(store.get(bagAtom).products[0]?.quantity).toBe(2)
  })

  it('keeps an edit another tab stored while its own answer was on its way', async () => {
    const release: (() => void)[] = []
    const sent = stubApiWithBodies({})
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body = (await request.clone().json()) as { products: { quantity: number }[]; change?: unknown }
        sent.push({ url: new URL(request.url), method: request.method, body })
        await new Promise<void>((resolve) => release.push(resolve))
        const quantity = body.products.reduce((sum, line) => sum + line.quantity, 0) + (body.change ? 1 : 0)
        return answer(200, quoteAnswer({ products: [pricedLine({ quantity })] }))
      }),
    )
    const { store, bag } = setup({ ...EMPTY_BAG, products: [pricedLine({ quantity: 1 })] })

    let refreshed: Promise<boolean> = Promise.resolve(false)
    let added: Promise<boolean> = Promise.resolve(false)
    act(() => {
      refreshed = bag().refresh()
      added = bag().add(mugInput)
    })
    await vi.waitFor(() => {
      expect(release).toHaveLength(1)
    })
    // The other tab sets three units (the storage event's value) before the refresh answers.
    const fromOtherTab: BagLists = { ...EMPTY_BAG, products: [pricedLine({ quantity: 3 })] }
    act(() => {
      store.set(bagAtom, fromOtherTab)
    })
    await act(async () => {
      release[0]?.()
      expect(await refreshed).toBe(true)
      await vi.waitFor(() => {
        expect(release).toHaveLength(2)
      })
      // The edit's answer comes back after yet another change in the other tab: it is sent again.
      store.set(bagAtom, { ...EMPTY_BAG, products: [pricedLine({ quantity: 5 })] })
      release[1]?.()
      await vi.waitFor(() => {
        expect(release).toHaveLength(3)
      })
      release[2]?.()
      expect(await added).toBe(true)
    })

    expect(sent.map((request) => (request.body as { products: { quantity: number }[] }).products[0]?.quantity)).toEqual(
      [1, 3, 5],
    )
    expect(store.get(bagAtom).products[0]?.quantity).toBe(6)
  })

  it('keeps a guest’s add the moment it is made, and makes it again when the tab starts anew before it was answered', async () => {
    // The page is left while the server prices the add.
    let reached: () => void = () => undefined
    let dropped: (error: Error) => void = () => undefined
    const sentOff = new Promise<void>((resolve) => (reached = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        reached()
        return new Promise<Response>((_, reject) => (dropped = reject))
      }),
    )
    const { bag } = setup()
    void bag().add(mugInput)
    expect(journal()).toMatchObject([{ change: { action: 'add', line: mugInput } }])
    await sentOff
    // Leaving the page cancels the call, and the code waiting for it still runs.
    window.dispatchEvent(new Event('pagehide'))
    dropped(new TypeError('Failed to fetch'))
    await act(async () => {
      await Promise.resolve()
    })
    expect(journal()).toMatchObject([{ change: { action: 'add', line: mugInput } }])

    // The tab starts again (fresh modules, as a loaded page has), with the bag as it was
    // stored: the add is made now.
    const line = pricedLine({ quantity: 1 })
    const sent = stubApiWithBodies({ '/api/bag/quote': quoteAnswer({ products: [line] }) })
    vi.resetModules()
    const restartedBag = await import('./bag')
    const restartedJournal = await import('./useBag')
    const restarted = createStore()
    await restartedJournal.replayPendingBagChanges(restarted)
    expect(sent.map((request) => request.body)).toEqual([
      { products: [], later: [], change: { action: 'add', line: mugInput } },
    ])
    expect(restarted.get(restartedBag.bagAtom).products).toEqual([line])
    expect(journal()).toEqual([])
    expect(restarted.get(restartedJournal.pendingBagChangesAtom)).toEqual([])
    window.dispatchEvent(new Event('pageshow'))
  })

  it('strikes an answered edit off the journal, refused or not', async () => {
    stubApiWithBodies({ '/api/bag/quote': quoteAnswer({ products: [pricedLine()] }) })
    const { bag } = setup()
    await act(async () => {
      await bag().add(mugInput)
    })
    expect(journal()).toEqual([])
    stubApiWithBodies({ '/api/bag/quote': answer(400, { message: 'sold out' }) })
    await act(async () => {
      await bag().add(mugInput)
    })
    expect(journal()).toEqual([])
  })

  describe('addList', () => {
    const change = {
      grade_id: 12,
      list_id: 121,
      picks: [
        { position: 0, quantity: 2 },
        { position: 2, quantity: 1, substitute: { type: 'product' as const, id: 1045 } },
      ],
    }
    const added = [
      { id: 1042, type: 'product' as const, asked: 2, added: 2 },
      { id: 1045, type: 'product' as const, asked: 1, added: 0 },
    ]

    it('sends a guest’s list as one change of the quote, journaled, and resolves to what each line brought', async () => {
      const line = pricedLine({ id: 1042, quantity: 2 })
      const sent = stubApiWithBodies({ '/api/bag/quote': quoteAnswer({ products: [line], added }) })
      const { store, bag } = setup()

      let result: unknown
      await act(async () => {
        const pending = bag().addList(change)
        expect(journal()).toMatchObject([{ change: { action: 'add_list', ...change } }])
        result = await pending
      })

      expect(result).toEqual(added)
      expect(sent.map((request) => request.body)).toEqual([
        { products: [], later: [], change: { action: 'add_list', ...change } },
      ])
      expect(store.get(bagAtom).products).toEqual([line])
      expect(journal()).toEqual([])
      // The caller says what went in: it knows the list's titles.
      expect(store.get(toastsAtom)).toEqual([])
    })

    it('sends a customer’s list to their stored bag', async () => {
      const sent = stubApiWithBodies({ '/api/customer/bag/change': quoteAnswer({ added }) })
      const { store, bag } = setup()
      store.set(customerAtom, signedInCustomer())

      let result: unknown
      await act(async () => {
        result = await bag().addList(change)
      })

      expect(result).toEqual(added)
      expect(sent.map((request) => [request.url.pathname, request.body])).toEqual([
        ['/api/customer/bag/change', { change: { action: 'add_list', ...change } }],
      ])
    })

    it('resolves to undefined when the add fails, after the bag’s failure toast', async () => {
      stubApiWithBodies({
        '/api/bag/quote': answer(400, { message: 'picks[1]: the list does not allow that substitute' }),
      })
      const { store, bag } = setup()

      let result: unknown = []
      await act(async () => {
        result = await bag().addList(change)
      })

      expect(result).toBeUndefined()
      expect(store.get(toastsAtom)).toMatchObject([
        { type: 'error', message: 'We couldn’t update your bag. Please try again.' },
      ])
    })
  })
})
