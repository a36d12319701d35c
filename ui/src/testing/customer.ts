import { createStore } from 'jotai'
import { customerAtom, type Customer } from '@/lib/session'

// The signed-in customer the tests share: Dana Levi, with nothing saved unless a
// test says so.

/** Dana, as `/api/customer` answers for her; `overrides` state what a test is about. */
export function signedInCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    email: 'dana@example.com',
    name: 'Dana Levi',
    first_name: 'Dana',
    addresses: [],
    payments: [],
    favorites: [],
    ...overrides,
  }
}

/** A fresh jotai store with `customer` signed in (`null`: a guest). */
export function storeWithCustomer(customer: Customer | null) {
  const store = createStore()
  store.set(customerAtom, customer)
  return store
}
