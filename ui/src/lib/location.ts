import { atom, useStore, type createStore } from 'jotai'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { api, onShippingUpdatedAt, type Schema } from './api/client'
import { ApiError, unwrap } from './api/errors'
import { persistedAtom } from './persist'
import { storeInfoAtom } from './storeInfo'

// Spec 3's Location and shipping options, 4.6 (zip location) and 4.7 (shipping options):
// where the shopper is, with its tax rate, and how an order can reach them. Both stores
// are persisted with the others (spec 3, "Persistence"). The zip is cleared at sign-in
// and sign-out (spec 4.3); the options follow whatever zip is held.

type Store = ReturnType<typeof createStore>

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

// Per store (an app, or a test): which zip answer may still be stored, and the calls under way.
const zipGeneration = new WeakMap<Store, number>()
const zipRequests = new WeakMap<Store, Promise<void>>()
const shippingRequests = new WeakMap<Store, { key: string; promise: Promise<void> }>()

const generationOf = (store: Store) => zipGeneration.get(store) ?? 0
function nextGeneration(store: Store): number {
  const next = generationOf(store) + 1
  zipGeneration.set(store, next)
  zipRequests.delete(store)
  return next
}

/**
 * Spec 2.2 and 4.6: the zip, asked for when none is set (`GET /api/zip_code` answers a
 * signed-in customer's default address, or the store's default). Failures are silent
 * (spec 8); the next new page asks again.
 */
export function requestZip(store: Store): Promise<void> {
  if (store.get(zipLookUpAtom)) return Promise.resolve()
  const pending = zipRequests.get(store)
  if (pending) return pending
  const generation = generationOf(store)
  const request = unwrap(api.GET('/zip_code'))
    .then(
      (location) => {
        // A zip set or cleared meanwhile (the shopper's, a sign-in) is newer than this answer.
        if (generationOf(store) === generation && !store.get(zipLookUpAtom)) store.set(zipLookUpAtom, location)
      },
      () => undefined,
    )
    .finally(() => {
      if (zipRequests.get(store) === request) zipRequests.delete(store)
    })
  zipRequests.set(store, request)
  return request
}

/** Spec 4.3: the zip leaves at sign-in and sign-out; the next page asks the server again. */
export function clearZip(store: Store): void {
  nextGeneration(store)
  store.set(zipLookUpAtom, null)
}

export type ZipResult = { ok: true; location: ZipLocation } | { ok: false; error: unknown }

/**
 * The shopper's ZIP (and country): `POST /api/zip_code`, then the shipping options for
 * it. A blank zip resets (spec 4.6): the zip is cleared and asked of the server afresh.
 * Nothing is thrown (spec 8: zip lookups fail silently); the answer says what happened,
 * for a field that wants to show it. A failure keeps the zip held before.
 */
export async function setZip(store: Store, zipCode: string, country = DEFAULT_COUNTRY): Promise<ZipResult> {
  const zip = zipCode.trim()
  if (zip === '') {
    clearZip(store)
    await requestZip(store)
    void loadShipping(store)
    const location = store.get(zipLookUpAtom)
    return location ? { ok: true, location } : { ok: false, error: new Error('No location') }
  }
  const generation = nextGeneration(store)
  try {
    const location = await unwrap(
      api.POST('/zip_code', { body: { zipCode: zip, country: country || DEFAULT_COUNTRY } }),
    )
    if (generationOf(store) === generation) {
      store.set(zipLookUpAtom, location)
      void loadShipping(store)
    }
    return { ok: true, location }
  } catch (error) {
    return { ok: false, error }
  }
}

/**
 * Spec 2.2 and 4.7: the shipping options for the zip held, asked for when there are
 * none for it, or when their cut-off has passed or is invalid (`force`: in any case).
 * A 400 or 404 (a malformed code, nowhere to ship) empties them silently; other
 * failures go to the console and keep what was there (spec 8).
 */
export function loadShipping(store: Store, { force = false } = {}): Promise<void> {
  const location = store.get(zipLookUpAtom)
  if (!location) return Promise.resolve()
  const key = `${location.country}:${location.zip}`
  const held = store.get(shippingOptionsAtom)
  if (!force && held && !isStale(held, Date.now())) return Promise.resolve()
  const inFlight = shippingRequests.get(store)
  if (!force && inFlight?.key === key) return inFlight.promise

  const forThisZip = () => {
    const now = store.get(zipLookUpAtom)
    return now?.zip === location.zip && now.country === location.country
  }
  const keep = (options: ShippingOptions | null) => {
    if (!forThisZip()) return
    store.set(shippingRatesAtom, (rates) => ({ ...rates, options, zip: location.zip, country: location.country }))
  }
  const promise = unwrap(
    api.POST('/shipping/index', { body: { zip_code: location.zip, country: location.country || DEFAULT_COUNTRY } }),
  )
    .then(keep, (error: unknown) => {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) keep(null)
      else console.error('Could not load the shipping options', error)
    })
    .finally(() => {
      if (shippingRequests.get(store)?.promise === promise) shippingRequests.delete(store)
    })
  shippingRequests.set(store, { key, promise })
  return promise
}

/**
 * Spec 4.7: an answer's `shipping_updated_at` newer than the one held (or the one held
 * invalid) replaces it, and the options are asked for again for the zip held.
 */
export function noticeShippingUpdatedAt(store: Store, value: string): void {
  const seen = Date.parse(value)
  if (Number.isNaN(seen)) return
  const rates = store.get(shippingRatesAtom)
  const held = rates.server_expires === null ? NaN : Date.parse(rates.server_expires)
  if (!Number.isNaN(held) && seen <= held) return
  store.set(shippingRatesAtom, { ...rates, server_expires: value })
  if (store.get(zipLookUpAtom)) void loadShipping(store, { force: true })
}

/**
 * Spec 2.2: on every new path the zip is requested, then the shipping options are
 * loaded; and (4.7) every answer's shipping header is watched. The layout calls it.
 */
export function useShippingRefresh(): void {
  const store = useStore()
  const { pathname } = useLocation()
  useEffect(
    () =>
      onShippingUpdatedAt((value) => {
        noticeShippingUpdatedAt(store, value)
      }),
    [store],
  )
  useEffect(() => {
    void requestZip(store).then(() => loadShipping(store))
  }, [pathname, store])
}
