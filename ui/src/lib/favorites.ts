import { useAtom } from 'jotai'
import { useCallback } from 'react'
import { api, type Schema } from './api/client'
import { ApiError, unwrap } from './api/errors'
import { persistedAtom } from './persist'
import { summaryOf } from './recentlyViewed'

/** Spec 3: a guest's favorite, a product or a bundle by id. */
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

export const favoritesAtom = persistedAtom<Favorite[]>(
  'favorites',
  [],
  (value): value is Favorite[] => Array.isArray(value) && value.every(isFavorite),
)

const same = (a: Favorite, b: Favorite) => a.id === b.id && a.kind === b.kind

/** Adds `favorite` (newest first) or, when it is already there, removes it. */
export function toggleFavorite(list: readonly Favorite[], favorite: Favorite): Favorite[] {
  return list.some((f) => same(f, favorite))
    ? list.filter((f) => !same(f, favorite))
    : [{ id: favorite.id, kind: favorite.kind }, ...list]
}

/** Whether `favorite` is saved, and the toggle that saves or removes it. */
export function useFavorite(favorite: Favorite): [boolean, () => void] {
  const [list, setList] = useAtom(favoritesAtom)
  const { id, kind } = favorite
  const toggle = useCallback(() => {
    setList((current) => toggleFavorite(current, { id, kind }))
  }, [id, kind, setList])
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
