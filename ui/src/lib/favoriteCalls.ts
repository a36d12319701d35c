import type { createStore } from 'jotai'
import { api, type Schema } from './api/client'
import { ApiError, isRefusal, unwrap } from './api/errors'
import { favoritesAtom, isFavoriteList, sameFavorite as same, type Favorite } from './favorites'
import { defineMessages } from './i18n'
import { persistedAtom } from './persist'
import { languageAtom } from './preferences'
import { summaryOf } from './recentlyViewed'
import { serial } from './serial'
import { showToast } from './toast'

// The calls that keep a signed-in customer's favorites (favorites.ts) on the server, and
// fetch the cards of a list of them.

type Store = ReturnType<typeof createStore>

const messages = defineMessages({
  eng: { failed: 'We couldn’t update your favorites. Please try again.' },
  heb: { failed: 'לא הצלחנו לעדכן את המועדפים. נסו שוב.' },
})

/**
 * A guest's favorites that signing in could not send yet. Persisted, so they are sent
 * before the next favorites call or when the app next starts signed in.
 */
export const pendingFavoritesAtom = persistedAtom<Favorite[]>('pendingFavorites', [], isFavoriteList)

/** The customer's favorites calls, one at a time, so their answers are stored in order. */
export const favoriteCalls = serial()

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
 * A signed-in customer's toggle of `item` (`saved` before it), sent after any pending
 * favorites; the server's answer becomes the list. A failed call undoes the toggle and
 * says so.
 */
export function sendToggle(store: Store, item: Favorite, saved: boolean): Promise<void> {
  return favoriteCalls.enqueue(async () => {
    try {
      await sendPending(store)
      const answer = await (saved ? removeOnServer : addOnServer)([item])
      // A later toggle already shows in the list; its own answer will bring it.
      if (favoriteCalls.size() === 1) store.set(favoritesAtom, answer)
    } catch {
      store.set(favoritesAtom, (current) =>
        saved ? [item, ...current.filter((f) => !same(f, item))] : current.filter((f) => !same(f, item)),
      )
      showToast(store, 'error', messages[store.get(languageAtom)].failed)
    }
  })
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
