import type { useStore } from 'jotai'
import { bagAtom, bagSummaryAtom, EMPTY_BAG } from './bag'
import { clearCheckout, clearDiscount } from './checkout'
import { favoritesAtom } from './favorites'
import { clearZip } from './location'
import { customerAtom } from './session'
import { appStore, forgetCustomerSync, syncAfterSignIn } from './signedInSync'

type Store = ReturnType<typeof useStore>

/**
 * Spec 4.3, after the customer is stored: the guest's favorites, later list and bag
 * (the bag only at registration and login) go to the server and merge with the
 * customer's; a guest with none gets the server's copies instead. Called after every
 * sign-in; a failure here never undoes or blocks the sign-in (the caller ignores it).
 */
export async function afterSignIn(reason: 'login' | 'register' | 'reset'): Promise<void> {
  const store = appStore()
  if (store) await syncAfterSignIn(store, reason)
}

/**
 * Spec 4.3, at sign-out and when the session is found ended: the customer's data
 * leaves this device: the customer, the bag lists and totals, the favorites, the
 * checkout, zip location, discount and gift cards (and following, in `forgetCustomerSync`).
 */
export function clearCustomerState(store: Store): void {
  store.set(customerAtom, null)
  store.set(bagAtom, EMPTY_BAG)
  store.set(bagSummaryAtom, null)
  store.set(favoritesAtom, [])
  clearCheckout(store)
  clearDiscount(store)
  clearZip(store)
  forgetCustomerSync(store)
}
