import { atom } from 'jotai'
import type { Schema } from './api/client'
import { persistedAtom } from './persist'
import { storeInfoAtom } from './storeInfo'

// Spec 3's Location and shipping options, 4.6 (zip location) and 4.7 (shipping options):
// where the shopper is, with its tax rate, and how an order can reach them. Both stores
// are persisted with the others (spec 3, "Persistence"). The zip is cleared at sign-in
// and sign-out (spec 4.3); the options follow whatever zip is held. The calls that fill
// them are in locationCalls.ts.

export type ZipLocation = Schema<'ZipAnswer'>
export type ShippingOptions = Schema<'ShippingOptionsDto'>
export type MethodOption = Schema<'MethodOptionDto'>
export type PickupOption = Schema<'PickupDto'>
export type ShippingMessage = Schema<'ShippingMessageDto'>

/** Spec 4.6 and 9: the country when none is given. */
export const DEFAULT_COUNTRY = 'US'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value)
const isOptional = (value: unknown, guard: (v: unknown) => boolean) => value === undefined || guard(value)

function isZipLocation(value: unknown): value is ZipLocation | null {
  if (value === null) return true
  return (
    isRecord(value) &&
    isString(value.zip) &&
    isString(value.country) &&
    typeof value.tax_rate === 'number' &&
    isOptional(value.city, isString) &&
    isOptional(value.state, isString)
  )
}

const MESSAGE_KINDS: readonly string[] = ['today', 'tomorrow', 'days', 'on', 'within'] satisfies Schema<'MessageKind'>[]

function isMessage(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.kind) &&
    MESSAGE_KINDS.includes(value.kind) &&
    isOptional(value.days, isInteger) &&
    isOptional(value.hours, isInteger) &&
    isOptional(value.date, isString)
  )
}

function isMethod(value: unknown): boolean {
  return (
    isRecord(value) &&
    isInteger(value.id) &&
    isString(value.name) &&
    isString(value.heb_name) &&
    isInteger(value.days) &&
    isString(value.estimated_arrival) &&
    isInteger(value.price) &&
    isMessage(value.message)
  )
}

function isPickup(value: unknown): boolean {
  return (
    isRecord(value) &&
    isInteger(value.days) &&
    isInteger(value.hours) &&
    isString(value.date) &&
    isMessage(value.message)
  )
}

function isShippingOptions(value: unknown): value is ShippingOptions {
  return (
    isRecord(value) &&
    Array.isArray(value.methods) &&
    value.methods.every(isMethod) &&
    isOptional(value.fastest, isMethod) &&
    isOptional(value.cheapest, isMethod) &&
    isOptional(value.pickup, isPickup) &&
    isOptional(value.over_price, isInteger) &&
    isString(value.shipping_ids_not_excluded_from_free_shipping) &&
    isString(value.fulfillment_expires) &&
    isString(value.store_expires)
  )
}

/** Spec 3's shipping state: the options for one place, and spec 4.7's `server_expires`. */
export interface ShippingRates {
  /** How an order reaches `zip` in `country`; null before they load, or when nothing ships there. */
  options: ShippingOptions | null
  zip: string
  country: string
  /** The newest `shipping_updated_at` header seen (spec 4.7); null before the first. */
  server_expires: string | null
}

export const NO_RATES: ShippingRates = { options: null, zip: '', country: '', server_expires: null }

function isShippingRates(value: unknown): value is ShippingRates {
  return (
    isRecord(value) &&
    (value.options === null || isShippingOptions(value.options)) &&
    isString(value.zip) &&
    isString(value.country) &&
    (value.server_expires === null || isString(value.server_expires))
  )
}

/** Spec 3's zip lookup: where the shopper is, with its tax rate; null until known. */
export const zipLookUpAtom = persistedAtom<ZipLocation | null>('zipLookUp', null, isZipLocation)

/** Spec 3's shipping rates. */
export const shippingRatesAtom = persistedAtom<ShippingRates>('shippingRates', NO_RATES, isShippingRates)

/** The options for the zip held now; null when there are none for it (yet). */
export const shippingOptionsAtom = atom((get) => {
  const location = get(zipLookUpAtom)
  const rates = get(shippingRatesAtom)
  if (!location || rates.zip !== location.zip || rates.country !== location.country) return null
  return rates.options
})

/**
 * Where the options for the zip held stand: no zip yet, asked for, answered with some,
 * or answered with none (nothing ships there).
 */
export const shippingStatusAtom = atom((get): 'noZip' | 'loading' | 'ready' | 'none' => {
  const location = get(zipLookUpAtom)
  if (!location) return 'noZip'
  const rates = get(shippingRatesAtom)
  if (rates.zip !== location.zip || rates.country !== location.country) return 'loading'
  return rates.options ? 'ready' : 'none'
})

/**
 * The free-shipping offer the banner, footer and terms show: the shipping options'
 * `over_price` once they are loaded, the store information's threshold before. `over`
 * undefined means every order ships free; null while neither has answered.
 */
export const freeShippingOfferAtom = atom((get): { over: number | undefined } | null => {
  const { options } = get(shippingRatesAtom)
  if (options) return { over: options.over_price }
  const info = get(storeInfoAtom)
  return info ? { over: info.free_shipping_over } : null
})

/** Spec 4.7's cut-off: the earlier of the two expiry times (NaN when either is invalid). */
export function cutoffOf(options: ShippingOptions): number {
  return Math.min(Date.parse(options.fulfillment_expires), Date.parse(options.store_expires))
}

/** Whether `options` must be asked for again at `now`: the cut-off has passed or is invalid. */
export function isStale(options: ShippingOptions, now: number): boolean {
  const cutoff = cutoffOf(options)
  return Number.isNaN(cutoff) || cutoff <= now
}
