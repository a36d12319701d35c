import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The account's saved addresses and cards (spec 7). Each resolves to its answer or
// rejects with an ApiError carrying the server's message.

export type Address = Schema<'AddressDto'>
export type AddressInput = Schema<'AddressInput'>
export type Payment = Schema<'PaymentDto'>

export const addAddress = (body: AddressInput) => unwrap(api.POST('/customer/address', { body }))

/** An address's fields, as the form edits them and sends them back (without its id). */
export type AddressFields = Omit<Address, 'id'>

export function inputOf(address: Address): AddressFields {
  const { name, line1, line2, city, region, postal_code, country, phone } = address
  return { name, line1, line2, city, region, postal_code, country, phone, default: address.default }
}

export const updateAddress = (id: number, body: AddressInput) =>
  unwrap(api.POST('/customer/address/{id}', { params: { path: { id } }, body }))

export const removeAddress = (id: number) => unwrap(api.DELETE('/customer/address/{id}', { params: { path: { id } } }))

export const addPayment = (token: string, makeDefault: boolean) =>
  unwrap(api.POST('/customer/payment', { body: { token, default: makeDefault } }))

export const setDefaultPayment = (id: number) =>
  unwrap(api.POST('/customer/payment/{id}', { params: { path: { id } }, body: { default: true } }))

export const removePayment = (id: number) => unwrap(api.DELETE('/customer/payment/{id}', { params: { path: { id } } }))
