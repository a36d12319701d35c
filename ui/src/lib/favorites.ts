import { useAtomValue, useStore, type createStore } from 'jotai'
import { useCallback } from 'react'
import { api, type Schema } from './api/client'
import { ApiError, isRefusal, unwrap } from './api/errors'
import { defineMessages, useT } from './i18n'
import { persistedAtom } from './persist'
import { summaryOf } from './recentlyViewed'
import { serial } from './serial'
import { customerAtom } from './session'
import { useToast } from './toast'

type Store = ReturnType<typeof createStore>

const messages = defineMessages({
  eng: { failed: 'We couldn’t update your favorites. Please try again.' },
  heb: { failed: 'לא הצלחנו לעדכן את המועדפים. נסו שוב.' },
})

/** Spec 3: a favorite, a product or a bundle by id. */
export interface Favorite {
  id: number
  kind: 'product' | 'bundle'
}

function isFavorite(value: unknown): value is Favorite {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'kind' in value &&
    Number.isSafeInteger(value.id) &&
    (value.kind === 'product' || value.kind === 'bundle')
  )
}

const isFavoriteList = (value: unknown): value is Favorite[] => Array.isArray(value) && value.every(isFavorite)

/**
 * Spec 4.3: a guest's favorites, kept on this device; a signed-in customer's, as the
 * server last answered them (spec 6: stored on the server).
 */
export const favoritesAtom = persistedAtom<Favorite[]>('favorites', [], isFavoriteList)

/**
 * A guest's favorites that signing in could not send yet. Persisted, so they are sent
 * before the next favorites call or when the app next starts signed in.
 */
export const pendingFavoritesAtom = persistedAtom<Favorite[]>('pendingFavorites', [], isFavoriteList)

/** The customer's favorites calls, one at a time, so their answers are stored in order. */
export const favoriteCalls = serial()

const same = (a: Favorite, b: Favorite) => a.id === b.id && a.kind === b.kind

/** Adds `favorite` (newest first) or, when it is already there, removes it. */
export function toggleFavorite(list: readonly Favorite[], favorite: Favorite): Favorite[] {
  return list.some((f) => same(f, favorite))
    ? list.filter((f) => !same(f, favorite))
    : [{ id: favorite.id, kind: favorite.kind }, ...list]
}

const addOnServer = async (ids: Favorite[]) =>
  (await unwrap(api.POST('/customer/favorites', { body: { ids } }))).favorites
const removeOnServer = async (ids: Favorite[]) =>
  (await unwrap(api.PATCH('/customer/favorites', { body: { ids } }))).favorites

/**
 * Sends the pending favorites, if any, and stores the server's list. Lines the server
 * refuses are dropped; when no answer comes they are kept and this throws.
 * Call it inside `favoriteCalls`.
 */
/** The most favorites one call may carry (the server's `MAX_PICKS_PER_REQUEST`). */
export const FAVORITES_PER_CALL = 200

/**
 * Sends the pending favorites, as many calls as it takes, the oldest first so the
 * newest keep the newest time on the server. Each call's favorites leave the pending
 * list once answered (a refusal drops them too: sending them again cannot help).
 */
async function sendPending(store: Store): Promise<void> {
  for (;;) {
    const pending = store.get(pendingFavoritesAtom)
    if (pending.length === 0) return
    const oldest = pending.slice(-FAVORITES_PER_CALL)
    try {
      store.set(favoritesAtom, await addOnServer(oldest))
    } catch (error) {
      if (!isRefusal(error)) throw error
    }
    store.set(pendingFavoritesAtom, pending.slice(0, -FAVORITES_PER_CALL))
  }
}

/** Sends the favorites a failed sign-in merge left (at start-up). */
export function sendPendingFavorites(store: Store): Promise<void> {
  return favoriteCalls.enqueue(() => sendPending(store))
}

/**
 * Spec 4.3, at sign-in: the guest's favorites join the customer's on the server
 * (`POST /api/customer/favorites`), and the answer is the list. A guest with none takes
 * the customer's (`customerFavorites`, from the sign-in's answer). Until the server has
 * them the guest's stay shown and pending.
 */
export function mergeGuestFavorites(store: Store, customerFavorites: Favorite[]): Promise<void> {
  const guest = store.get(favoritesAtom)
  if (guest.length === 0) {
    store.set(favoritesAtom, customerFavorites)
    return Promise.resolve()
  }
  store.set(pendingFavoritesAtom, guest)
  store.set(favoritesAtom, [...guest, ...customerFavorites.filter((f) => !guest.some((g) => same(f, g)))])
  return sendPendingFavorites(store)
}

/**
 * Whether `favorite` is saved, and the toggle that saves or removes it. The button
 * follows at once; a signed-in customer's toggle then goes to the server (after any
 * pending favorites), whose answer becomes the list. A failed call undoes the toggle
 * and says so.
 */
export function useFavorite(favorite: Favorite): [boolean, () => void] {
  const store = useStore()
  const list = useAtomValue(favoritesAtom)
  const toast = useToast()
  const t = useT(messages)
  const { id, kind } = favorite
  const toggle = useCallback(() => {
    const item = { id, kind }
    const saved = store.get(favoritesAtom).some((f) => same(f, item))
    store.set(favoritesAtom, (current) => toggleFavorite(current, item))
    if (!store.get(customerAtom)) return
    void favoriteCalls.enqueue(async () => {
      try {
        await sendPending(store)
        const answer = await (saved ? removeOnServer : addOnServer)([item])
        // A later toggle already shows in the list; its own answer will bring it.
        if (favoriteCalls.size() === 1) store.set(favoritesAtom, answer)
      } catch {
        store.set(favoritesAtom, (current) =>
          saved ? [item, ...current.filter((f) => !same(f, item))] : current.filter((f) => !same(f, item)),
        )
        toast.show('error', t('failed'))
      }
    })
  }, [id, kind, store, toast, t])
  return [list.some((f) => same(f, favorite)), toggle]
}

/** A bundle page's data as a card. */
export function bundleSummary(bundle: Schema<'Bundle'>): Schema<'ProductCard'> {
  return {
    id: bundle.id,
    kind: 'bundle',
    type: 'bundle',
    path: bundle.path,
    title: bundle.title,
    heb_title: bundle.heb_title,
    price: bundle.price,
    fake_price: bundle.fake_price,
    image: bundle.image ?? bundle.media_urls[0]?.url,
    in_stock: bundle.max > 0,
  }
}

const skipGone = (error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return undefined
  throw error
}

/** The cards of `favorites`, fetched in parallel; one that is gone (404) is skipped. */
export async function getFavoriteCards(
  favorites: readonly Favorite[],
  signal?: AbortSignal,
): Promise<Schema<'ProductCard'>[]> {
  const cards = await Promise.all(
    favorites.map((favorite) =>
      favorite.kind === 'bundle'
        ? unwrap(api.GET('/bundles/{id}', { params: { path: { id: favorite.id } }, signal }))
            .then(bundleSummary)
            .catch(skipGone)
        : unwrap(api.GET('/products/{id}', { params: { path: { id: favorite.id } }, signal }))
            .then(summaryOf)
            .catch(skipGone),
    ),
  )
  return cards.filter((card) => card !== undefined)
}
