import { useStore, type createStore } from 'jotai'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { api, onShippingUpdatedAt } from './api/client'
import { ApiError, unwrap } from './api/errors'
import {
  DEFAULT_COUNTRY,
  isStale,
  shippingOptionsAtom,
  shippingRatesAtom,
  zipLookUpAtom,
  type ShippingOptions,
  type ZipLocation,
} from './location'

// The calls that fill the location state (location.ts): the zip, asked of the server or
// set by the shopper, and the shipping options for it (spec 2.2, 4.6, 4.7). Kept apart
// from the state, which the banners read on every first screen: these run after it.

type Store = ReturnType<typeof createStore>

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
