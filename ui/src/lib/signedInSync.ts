import { atom, useAtomValue, useStore, type createStore } from 'jotai'
import { useEffect, useRef } from 'react'
import { bagAtom } from './bag'
import { clearCheckout } from './checkout'
import { loadCustomerBag, mergeOf, pendingMergeAtom } from './customerBag'
import {
  favoriteCalls,
  favoritesAtom,
  mergeGuestFavorites,
  pendingFavoritesAtom,
  sendPendingFavorites,
} from './favorites'
import { followingAtom, loadFollowing, NOT_FOLLOWING } from './following'
import { clearZip } from './location'
import { customerAtom, sessionAtom } from './session'
import { replayPendingBagChanges } from './useBag'

// What a signed-in customer's bag, favorites and following do at sign-in, at start-up
// and at sign-out (spec 4.3, 6, 8). A failed call leaves only a mark in the state (the
// bag shown as possibly out of date, the guest's lines kept pending): none may block
// or undo a sign-in.

type Store = ReturnType<typeof createStore>

export type SignInReason = 'login' | 'register' | 'reset'

/** The customer whose server copies this tab has loaded (at sign-in or start-up). */
const syncedAtom = atom<number | null>(null)

/**
 * Spec 4.3, once the customer is stored. Login and registration send the guest's bag
 * and later list (both in one merge) and favorites to the server and show the merged
 * answers; a guest with no lines gets the stored bag instead. A password reset merges
 * favorites only and shows the stored bag. Following is fetched every time. The
 * checkout (with its gift cards) and the zip are cleared first, as spec 4.3 says.
 */
export async function syncAfterSignIn(store: Store, reason: SignInReason): Promise<void> {
  const customer = store.get(customerAtom)
  if (!customer) return
  store.set(syncedAtom, customer.id)
  clearCheckout(store)
  clearZip(store)
  if (reason !== 'reset') store.set(pendingMergeAtom, mergeOf(store.get(bagAtom)))
  await Promise.allSettled([
    loadCustomerBag(store),
    mergeGuestFavorites(store, customer.favorites),
    loadFollowing(store),
  ])
}

/** At start-up with a session: what a sign-in left pending goes first, then the server's copies. */
async function syncAtStart(store: Store): Promise<void> {
  await Promise.allSettled([loadCustomerBag(store), sendPendingFavorites(store), loadFollowing(store)])
}

/** Spec 4.3 at sign-out: following and anything still pending leave this device too. */
export function forgetCustomerSync(store: Store): void {
  store.set(syncedAtom, null)
  store.set(pendingMergeAtom, null)
  store.set(pendingFavoritesAtom, [])
  store.set(followingAtom, NOT_FOLLOWING)
}

// `afterSignIn(reason)` (customerSync.ts) is called from the sign-in screens, which
// hold no store of their own to hand it; the app registers its store here while
// mounted, and a sign-in outside the app (a unit test of a form) merges nothing.
let registered: Store | undefined

/** The mounted app's store, if any. */
export function appStore(): Store | undefined {
  return registered
}

/**
 * Mounted once around the app. Registers the store; at start-up with a session, sends
 * what is pending and loads the server's copies; and takes the favorites
 * of each fresh customer answer (another device may have changed them), unless a
 * favorites call of this tab is under way or pending.
 */
export function useCustomerSync(): void {
  const store = useStore()
  const session = useAtomValue(sessionAtom)
  // undefined until the session check answers; null for a guest.
  const customerId = session === undefined ? undefined : (session?.id ?? null)

  useEffect(() => {
    registered = store
    return () => {
      if (registered === store) registered = undefined
    }
  }, [store])

  // Whether this tab last knew a guest.
  const knewGuest = useRef(false)
  useEffect(() => {
    if (customerId === undefined) return
    const afterGuest = knewGuest.current
    knewGuest.current = customerId === null
    if (customerId === null) {
      store.set(syncedAtom, null)
      // A guest's edits this tab made just before it left the page last time.
      void replayPendingBagChanges(store)
      return
    }
    if (store.get(syncedAtom) === customerId) return
    store.set(syncedAtom, customerId)
    // A customer who appears after this tab knew a guest signed in in another tab: that
    // tab is merging and sends its answers here through the shared storage. Sending the
    // pending lines from here too would merge them twice.
    if (!afterGuest) void syncAtStart(store)
  }, [store, customerId])

  useEffect(() => {
    let previous = store.get(customerAtom)
    return store.sub(customerAtom, () => {
      const next = store.get(customerAtom)
      // The same customer with a new favorites list: a fresh answer, not a sign-in
      // (whose guest favorites are still to be merged).
      const fresh =
        previous !== null && next !== null && previous.id === next.id && previous.favorites !== next.favorites
      previous = next
      if (fresh && favoriteCalls.size() === 0 && store.get(pendingFavoritesAtom).length === 0) {
        store.set(favoritesAtom, next.favorites)
      }
    })
  }, [store])
}
