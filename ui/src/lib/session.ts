import { atom } from 'jotai'
import type { Schema } from './api/client'
import { persistedAtom } from './persist'

/**
 * Spec 4.3's session: who is signed in, as the server answers (spec 3's customer, with
 * addresses, payments and favorites). The state lives here, with no imports of the
 * bag or favorites, so any module can read it; what changes it (the session check,
 * sign-in, sign-out) is in `useSession.ts`.
 */
export type Customer = Schema<'CustomerDto'>

function isCustomer(value: unknown): value is Customer | null {
  if (value === null) return true
  if (typeof value !== 'object') return false
  const c = value as Record<string, unknown>
  return (
    Number.isSafeInteger(c.id) &&
    typeof c.email === 'string' &&
    typeof c.name === 'string' &&
    typeof c.first_name === 'string' &&
    Array.isArray(c.addresses) &&
    Array.isArray(c.payments) &&
    Array.isArray(c.favorites)
  )
}

// What this device keeps between visits: who is signed in, without their addresses
// and cards (the session check brings those back from the server at start-up).
const storedCustomerAtom = persistedAtom<Customer | null>('customer', null, isCustomer)

// This visit's full answer from the server.
const liveCustomerAtom = atom<Customer | null>(null)

type CustomerUpdate = Customer | null | ((current: Customer | null) => Customer | null)

/**
 * The signed-in customer, null for a guest. Spec 3 ("Persistence") keeps the customer
 * with the other stores, so a reload greets them at once and signing in or out in one
 * tab shows in every tab; the addresses and saved cards stay in memory only. The
 * server's session has the last word: the session check confirms or wipes this.
 */
export const customerAtom = atom(
  (get) => {
    const stored = get(storedCustomerAtom)
    const live = get(liveCustomerAtom)
    // Another tab's sign-out or sign-in shows through the stored copy.
    return stored && live?.id === stored.id ? live : stored
  },
  (get, set, update: CustomerUpdate) => {
    const next = typeof update === 'function' ? update(get(customerAtom)) : update
    set(liveCustomerAtom, next)
    set(storedCustomerAtom, next && { ...next, addresses: [], payments: [] })
  },
)

/** Whether this visit's session check has answered. */
export const sessionCheckedAtom = atom(false)

/**
 * The session as route guards see it: undefined ("not checked yet") until the session
 * check has answered, then the customer or null for a guest.
 */
export const sessionAtom = atom((get) => (get(sessionCheckedAtom) ? get(customerAtom) : undefined))

/** True while signing out is under way; the layout shows its spinner meanwhile (spec 4.3). */
export const signingOutAtom = atom(false)
