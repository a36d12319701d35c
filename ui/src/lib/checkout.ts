import { atom, type createStore, type SetStateAction } from 'jotai'
import type { Schema } from './api/client'
import type { ZipLocation } from './location'
import { persistedAtom, rewriteStored } from './persist'
import type { Customer } from './session'

// Spec 3's checkout state, gift cards and discount, and 4.2/4.5's rules for them. They
// live here, not in the checkout feature, because the route guards, the account pages
// (removing an address or card clears it from checkout) and the session (clearing at
// sign-in and sign-out) all need them. Only the server computes money: the figures
// come from the last checkout quote.

type Store = ReturnType<typeof createStore>

/** How the order reaches the shopper: pickup at the store, or a shipping method; `delivery` says which. */
export type ShippingType = { type: 'pickup'; delivery: false } | { type: 'ship'; id: number; delivery: true }

/** A guest's shipping address, as typed. */
export interface GuestAddress {
  name: string
  line1: string
  line2: string
  city: string
  region: string
  postal_code: string
  country: string
  phone: string
}

/** Where it ships: a customer's saved address, or the address a guest typed. */
export type ShippingInfo = { addressId: number } | { address: GuestAddress }

/**
 * The card that pays: the token `POST /api/card/createToken` gave, or a saved card's,
 * with what may be shown. Never the number or the security code.
 */
export interface CreditInfo {
  token: string
  last4: string
  brand: string
  /** The saved card's id, when it is one. */
  paymentId?: number
}

export interface PickupInfo {
  name: string
  email: string
  phone: string
}

export interface DigitalInfo {
  email: string
  /** The card's billing ZIP or postal code: the server taxes an e-mailed order there. */
  postal_code: string
  /** Its country, a two-letter code. */
  country: string
}

export interface CheckoutState {
  shippingType: ShippingType | null
  shippingInfo: ShippingInfo | null
  creditInfo: CreditInfo | null
  digitalInfo: DigitalInfo | null
  pickupInfo: PickupInfo | null
  /** A guest's e-mail (the shipping e-mail of spec 3's discount rule). */
  email: string
}

export const EMPTY_CHECKOUT: CheckoutState = {
  shippingType: null,
  shippingInfo: null,
  creditInfo: null,
  digitalInfo: null,
  pickupInfo: null,
  email: '',
}

export const EMPTY_ADDRESS: GuestAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: 'US',
  phone: '',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0
const hasStrings = (value: unknown, keys: readonly string[]) => isRecord(value) && keys.every((k) => isString(value[k]))
const nullOr = (value: unknown, guard: (v: unknown) => boolean) => value === null || guard(value)

const ADDRESS_KEYS = Object.keys(EMPTY_ADDRESS)

function isShippingType(value: unknown): boolean {
  if (!isRecord(value)) return false
  if (value.type === 'pickup') return value.delivery === false
  return value.type === 'ship' && value.delivery === true && isId(value.id)
}

function isShippingInfo(value: unknown): boolean {
  if (!isRecord(value)) return false
  return 'addressId' in value ? isId(value.addressId) : hasStrings(value.address, ADDRESS_KEYS)
}

function isCreditInfo(value: unknown): boolean {
  return (
    hasStrings(value, ['token', 'last4', 'brand']) &&
    isRecord(value) &&
    (value.paymentId === undefined || isId(value.paymentId))
  )
}

/** The checkout state but the card, which is kept apart (below). */
type SavedCheckout = Omit<CheckoutState, 'creditInfo'>

function isSavedCheckout(value: unknown): value is SavedCheckout {
  return (
    isRecord(value) &&
    nullOr(value.shippingType, isShippingType) &&
    nullOr(value.shippingInfo, isShippingInfo) &&
    nullOr(value.digitalInfo, (v) => hasStrings(v, ['email', 'postal_code', 'country'])) &&
    nullOr(value.pickupInfo, (v) => hasStrings(v, ['name', 'email', 'phone'])) &&
    isString(value.email)
  )
}

// A card token and gift-card codes pay: they stay in this tab's session storage, never
// in local storage, where they would outlive the visit on a shared computer.
const savedCheckoutAtom = persistedAtom<SavedCheckout>('checkout', EMPTY_CHECKOUT, isSavedCheckout)
const creditInfoAtom = persistedAtom<CreditInfo | null>(
  'creditInfo',
  null,
  (value): value is CreditInfo | null => nullOr(value, isCreditInfo),
  'session',
)

/** Spec 3's checkout state: persisted under the one storage key, the card in session storage. */
export const checkoutAtom = atom(
  (get): CheckoutState => ({ ...get(savedCheckoutAtom), creditInfo: get(creditInfoAtom) }),
  (get, set, update: SetStateAction<CheckoutState>) => {
    const next = typeof update === 'function' ? update(get(checkoutAtom)) : update
    const { creditInfo, ...saved } = next
    set(savedCheckoutAtom, saved)
    set(creditInfoAtom, creditInfo)
  },
)

/** Spec 3's gift cards: the codes applied, in the order added (the quote applies them in that order). Session storage. */
export const giftCardsAtom = persistedAtom<string[]>(
  'giftCard',
  [],
  (value): value is string[] => Array.isArray(value) && value.every(isString),
  'session',
)

/** Takes out of local storage the card token and gift-card codes an earlier version kept there. */
export function forgetStoredSecrets(): void {
  rewriteStored('local', (entries) => {
    const kept = { ...entries }
    delete kept.giftCard
    if (isRecord(kept.checkout)) {
      const checkout = { ...kept.checkout }
      delete checkout.creditInfo
      kept.checkout = checkout
    }
    return kept
  })
}

/** Spec 3's discount: the code applied, if any. */
export interface Discount {
  code?: string
}
export const discountAtom = persistedAtom<Discount>(
  'discount',
  {},
  (value): value is Discount => isRecord(value) && (value.code === undefined || isString(value.code)),
)

export type CheckoutQuote = Schema<'CheckoutQuoteAnswer'>

/** The last checkout quote of this visit, and the request it answered (as JSON); null before the first. */
export const checkoutQuoteAtom = atom<{ key: string; answer: CheckoutQuote } | null>(null)

/** Spec 4.5: an order takes at most this many gift cards (the server's limit). */
export const MAX_GIFT_CARDS = 5

/** Gift card codes forgive case, spaces and dashes: the same card however it is typed. */
export function sameGiftCard(a: string, b: string): boolean {
  const plain = (code: string) => code.replace(/[\s-]/g, '').toUpperCase()
  return plain(a) === plain(b)
}

/** Spec 4.5: a card already applied is ignored; a new one goes last. */
export function addGiftCard(codes: readonly string[], code: string): string[] {
  return codes.some((held) => sameGiftCard(held, code)) ? [...codes] : [...codes, code]
}

export function removeGiftCard(codes: readonly string[], code: string): string[] {
  return codes.filter((held) => !sameGiftCard(held, code))
}

/** An address of the server's shape: one `@`, something on both sides, a dot in the domain, no spaces. */
export function looksLikeEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(email) && !/\.\.|@\.|\.$/.test(email)
}

/** Spec 4.2: the customer's default address, else the first. */
export function defaultAddress(customer: Customer): Customer['addresses'][number] | undefined {
  return customer.addresses.find((a) => a.default) ?? customer.addresses[0]
}

/** Spec 4.2: the customer's default card, else the first. */
export function defaultPayment(customer: Customer): Customer['payments'][number] | undefined {
  return customer.payments.find((p) => p.default) ?? customer.payments[0]
}

/**
 * The address a customer's order ships to: the one chosen at checkout while it is
 * still saved, else the default or the first (spec 4.2).
 */
export function chosenAddress(customer: Customer, state: CheckoutState) {
  const info = state.shippingInfo
  const chosen = info && 'addressId' in info ? customer.addresses.find((a) => a.id === info.addressId) : undefined
  return chosen ?? defaultAddress(customer)
}

/** The card a customer pays with: the one chosen (saved or new for this order), else the default or the first. */
export function chosenCredit(customer: Customer | null, state: CheckoutState): CreditInfo | null {
  const credit = state.creditInfo
  if (!customer) return credit
  if (credit && (credit.paymentId === undefined || customer.payments.some((p) => p.id === credit.paymentId))) {
    return credit
  }
  const saved = defaultPayment(customer)
  return saved ? { token: saved.token, last4: saved.last4, brand: saved.brand, paymentId: saved.id } : null
}

const REQUIRED_ADDRESS: readonly (keyof GuestAddress)[] = ['name', 'line1', 'city', 'postal_code', 'country', 'phone']

/** The fields of a guest's address still blank. */
export function missingAddressFields(address: GuestAddress): (keyof GuestAddress)[] {
  return REQUIRED_ADDRESS.filter((field) => address[field].trim() === '')
}

export const isCompletePickup = (info: PickupInfo | null): info is PickupInfo =>
  info !== null && info.name.trim() !== '' && looksLikeEmail(info.email.trim()) && info.phone.trim() !== ''

/**
 * A postal code of the server's shape: in the US five digits or ZIP+4 (its hyphen may be
 * left out); elsewhere up to
 * ten letters, digits, spaces and hyphens.
 */
export function isPostalCode(code: string, country: string): boolean {
  const typed = code.trim()
  return country === 'US' ? /^\d{5}(-?\d{4})?$/.test(typed) : /^[A-Za-z0-9 -]{1,10}$/.test(typed)
}

export const isCompleteDigital = (info: DigitalInfo | null): info is DigitalInfo =>
  info !== null && looksLikeEmail(info.email.trim()) && isPostalCode(info.postal_code, info.country)

/** The address a guest (or a customer with none saved) typed, if any. */
const typedAddress = (state: CheckoutState) =>
  state.shippingInfo && 'address' in state.shippingInfo ? state.shippingInfo.address : undefined

/** A customer with saved addresses ships to one of them; a guest, or a customer with none, to the address typed. */
export function hasShippingInfo(customer: Customer | null, state: CheckoutState): boolean {
  if (customer && customer.addresses.length > 0) return chosenAddress(customer, state) !== undefined
  const address = typedAddress(state)
  return (
    address !== undefined &&
    missingAddressFields(address).length === 0 &&
    isPostalCode(address.postal_code, address.country)
  )
}

/** Where an order is taxed and zoned: a ZIP or postal code and its country. */
export interface Place {
  zip: string
  country: string
}

/**
 * Where the server taxes and zones the order (never at a ZIP sent beside it): the
 * address it ships to, or a digital-only bag's billing postal code, once valid. Null for
 * pickup (the store's own place, where the quote is made too) and while none is known.
 */
export function orderPlace(customer: Customer | null, state: CheckoutState, digitalOnly: boolean): Place | null {
  if (digitalOnly) {
    const info = state.digitalInfo
    if (!info || !isPostalCode(info.postal_code, info.country)) return null
    return { zip: info.postal_code, country: info.country }
  }
  if (state.shippingType?.type !== 'ship') return null
  const address = customer && customer.addresses.length > 0 ? chosenAddress(customer, state) : typedAddress(state)
  if (!address || !isPostalCode(address.postal_code, address.country)) return null
  return { zip: address.postal_code, country: address.country }
}

/** Whether a ZIP lookup's answer is `place`: a US ZIP+4 is located by its first five digits. */
export function samePlace(place: Place, location: ZipLocation | null): boolean {
  if (!location || location.country !== place.country) return false
  const code = place.zip.trim().toUpperCase()
  return location.zip === code || (/^\d{5}-?\d{4}$/.test(code) && location.zip === code.slice(0, 5))
}

/**
 * Spec 2.1's "needed info" for Review: a digital-only bag needs the digital info;
 * pickup needs the pickup info; otherwise the shipping type and shipping info, plus
 * either a card or gift cards that cover the whole total (the last quote's
 * `amount_due` is 0).
 */
export function hasNeededInfo(
  customer: Customer | null,
  state: CheckoutState,
  digitalOnly: boolean,
  quote: CheckoutQuote | null,
): boolean {
  if (digitalOnly) return isCompleteDigital(state.digitalInfo)
  if (state.shippingType?.type === 'pickup') return isCompletePickup(state.pickupInfo)
  if (state.shippingType === null || !hasShippingInfo(customer, state)) return false
  return chosenCredit(customer, state) !== null || quote?.amount_due === 0
}

/** Spec 4.3: the checkout, gift-card and discount stores leave at sign-in and sign-out (the zip is `clearZip`). */
export function clearCheckout(store: Store): void {
  store.set(checkoutAtom, EMPTY_CHECKOUT)
  store.set(giftCardsAtom, [])
  store.set(checkoutQuoteAtom, null)
}

export function clearDiscount(store: Store): void {
  store.set(discountAtom, {})
}

/** Spec 4.2: removing a saved address also clears it as the checkout's shipping info. */
export function forgetAddress(store: Store, addressId: number): void {
  store.set(checkoutAtom, (state) => {
    const info = state.shippingInfo
    return info && 'addressId' in info && info.addressId === addressId ? { ...state, shippingInfo: null } : state
  })
}

/** Spec 4.2: removing a saved card also clears it as the checkout's card. */
export function forgetPayment(store: Store, paymentId: number): void {
  store.set(checkoutAtom, (state) =>
    state.creditInfo?.paymentId === paymentId ? { ...state, creditInfo: null } : state,
  )
}
