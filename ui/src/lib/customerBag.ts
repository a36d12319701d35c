import type { createStore } from 'jotai'
import { api } from './api/client'
import { isRefusal, unwrap } from './api/errors'
import {
  bagAtom,
  bagStaleAtom,
  bagSummaryAtom,
  listsOf,
  summaryOfQuote,
  toLineInput,
  type BagChange,
  type BagLists,
  type LineInput,
  type QuoteAnswer,
} from './bag'
import { persistedAtom } from './persist'
import { serial } from './serial'
import { noticeWithdrawn } from './withdrawn'

// A signed-in customer's bag and later list live on the server (spec 6): each edit is
// one `POST /api/customer/bag/change`, and the answer, priced, is what the bag shows.

type Store = ReturnType<typeof createStore>

/** Lines to merge into the customer's stored lists (`POST /api/customer/bag`). */
export interface PendingMerge {
  bag: LineInput[]
  later: LineInput[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isLineInput(value: unknown): value is LineInput {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.id) &&
    typeof value.type === 'string' &&
    typeof value.item_key === 'string' &&
    Number.isSafeInteger(value.quantity) &&
    typeof value.gift_options === 'boolean' &&
    isRecord(value.personalization)
  )
}

function isPendingMerge(value: unknown): value is PendingMerge | null {
  if (value === null) return true
  return (
    isRecord(value) &&
    Array.isArray(value.bag) &&
    value.bag.every(isLineInput) &&
    Array.isArray(value.later) &&
    value.later.every(isLineInput)
  )
}

/**
 * The guest's lines while the merge at sign-in has not reached the server. Persisted,
 * so a closed tab or a failed call does not lose them: they are sent before the next
 * bag call, or when the app next starts signed in (spec 8: retried on the next change).
 */
export const pendingMergeAtom = persistedAtom<PendingMerge | null>('pendingBagMerge', null, isPendingMerge)

/**
 * Every bag call, a guest's quote or a customer's edit, waits for the one before:
 * the next starts from its answer, so two quick clicks never send the same old lists twice.
 */
export const bagCalls = serial()

/** Stores a priced answer as the bag (spec 3's bag state). */
export function storeBagAnswer(store: Store, answer: QuoteAnswer): void {
  store.set(bagAtom, listsOf(answer))
  store.set(bagSummaryAtom, summaryOfQuote(answer))
  store.set(bagStaleAtom, false)
}

/** The guest's lists as the merge request carries them (unavailable lines included). */
export function mergeOf(lists: BagLists): PendingMerge | null {
  const bag = [...lists.products, ...lists.unavailableCart].map(toLineInput)
  const later = [...lists.later, ...lists.unavailableLater].map(toLineInput)
  return bag.length + later.length > 0 ? { bag, later } : null
}

/**
 * Sends the pending merge, if any: resolves to the answer, or to undefined when there
 * was nothing to send or the server refused the lines; throws (keeping them) when no
 * answer came. Guest lines the merge withdrew (no longer sold as they were, or past
 * the bag's last line) are named in a toast.
 */
async function sendPendingMerge(store: Store): Promise<QuoteAnswer | undefined> {
  const pending = store.get(pendingMergeAtom)
  if (!pending) return undefined
  try {
    const answer = await unwrap(api.POST('/customer/bag', { body: pending }))
    store.set(pendingMergeAtom, null)
    // The bag shown still holds the guest's lines, with the titles the shopper saw.
    noticeWithdrawn(store, store.get(bagAtom), answer)
    return answer
  } catch (error) {
    if (!isRefusal(error)) throw error
    store.set(pendingMergeAtom, null)
    return undefined
  }
}

/**
 * The customer's bag after `change`, or as stored with no change. A pending merge goes
 * first, so the change applies to the merged lists; its answer is shown at once, so it
 * stays shown even if the change then fails. Call it inside `bagCalls`.
 */
export async function customerBagAnswer(store: Store, change?: BagChange): Promise<QuoteAnswer> {
  const merged = await sendPendingMerge(store)
  if (!change) return merged ?? unwrap(api.GET('/customer/bag'))
  if (merged) storeBagAnswer(store, merged)
  // `keepalive`: the browser finishes the edit even if the page is left right after it.
  return unwrap(api.POST('/customer/bag/change', { body: { change }, keepalive: true }))
}

/**
 * Loads the customer's stored bag (sending any pending merge first) and shows it; on
 * failure the bag shown stays, marked as possibly out of date.
 */
export function loadCustomerBag(store: Store): Promise<void> {
  return bagCalls.enqueue(async () => {
    try {
      storeBagAnswer(store, await customerBagAnswer(store))
    } catch (error) {
      store.set(bagStaleAtom, true)
      throw error
    }
  })
}
