import { persistedAtom } from './persist'

// Spec 3's favorites, as product cards and pages show them. The toggle is useFavorite.ts;
// the calls that keep a customer's on the server (favoriteCalls.ts) load with the first
// toggle, or with the customer sync.

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

export const isFavoriteList = (value: unknown): value is Favorite[] => Array.isArray(value) && value.every(isFavorite)

/**
 * Spec 4.3: a guest's favorites, kept on this device; a signed-in customer's, as the
 * server last answered them (spec 6: stored on the server).
 */
export const favoritesAtom = persistedAtom<Favorite[]>('favorites', [], isFavoriteList)

export const sameFavorite = (a: Favorite, b: Favorite) => a.id === b.id && a.kind === b.kind

/** Adds `favorite` (newest first) or, when it is already there, removes it. */
export function toggleFavorite(list: readonly Favorite[], favorite: Favorite): Favorite[] {
  return list.some((f) => sameFavorite(f, favorite))
    ? list.filter((f) => !sameFavorite(f, favorite))
    : [{ id: favorite.id, kind: favorite.kind }, ...list]
}
