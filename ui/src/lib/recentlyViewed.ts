import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { api, type Schema } from './api/client'
import { ApiError, unwrap } from './api/errors'
import { persistedAtom } from './persist'
import { customerAtom } from './session'

/** Spec 3: a recently viewed entry; `time_stamp` is milliseconds since the epoch. */
export interface RecentlyViewedEntry {
  id: number
  time_stamp: number
}

/** Spec 9: the list keeps at most 30 entries. */
export const RECENTLY_VIEWED_MAX = 30

function isEntry(value: unknown): value is RecentlyViewedEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'time_stamp' in value &&
    Number.isSafeInteger(value.id) &&
    typeof value.time_stamp === 'number'
  )
}

/** Spec 3, "Persistence": one of the stores kept locally and shared across tabs. */
export const recentlyViewedAtom = persistedAtom<RecentlyViewedEntry[]>(
  'recentlyViewed',
  [],
  (value): value is RecentlyViewedEntry[] => Array.isArray(value) && value.every(isEntry),
)

/**
 * Spec 4.8: any existing entry with the same id is removed, the new entry goes
 * first, and the list never holds more than 30 entries.
 */
export function addRecentlyViewed(
  list: readonly RecentlyViewedEntry[],
  entry: RecentlyViewedEntry,
): RecentlyViewedEntry[] {
  return [entry, ...list.filter((existing) => existing.id !== entry.id)].slice(0, RECENTLY_VIEWED_MAX)
}

/**
 * Records a product view, only while the shopper is a guest (spec 4.8 and 6): a
 * signed-in customer's views are not recorded, and the list a guest kept stays as it is.
 */
export function useRecordRecentlyViewed(id: number) {
  const setList = useSetAtom(recentlyViewedAtom)
  const signedIn = useAtomValue(customerAtom) !== null
  useEffect(() => {
    if (signedIn) return
    setList((list) => addRecentlyViewed(list, { id, time_stamp: Date.now() }))
  }, [id, setList, signedIn])
}

/** How a bag line holds the product: a product with variations is bought by variation. */
export function lineTypeOf(product: Schema<'Product'>): 'product' | 'variation' | 'giftCard' {
  if (product.variation_infos.length > 0) return 'variation'
  return product.type === 'giftCard' ? 'giftCard' : 'product'
}

/** The card a product page's data gives, in the shape lists use. */
export function summaryOf(product: Schema<'Product'>): Schema<'ProductCard'> {
  // Price and stock as the product page shows them first: its first variation's, if any.
  const offer = product.variation_infos[0] ?? product
  return {
    id: product.id,
    kind: 'product',
    type: lineTypeOf(product),
    path: product.path,
    title: product.title,
    heb_title: product.heb_title,
    price: offer.price,
    fake_price: offer.fake_price,
    image: product.image ?? product.media_urls[0]?.url,
    vendor_name: product.vendor.name,
    in_stock: offer.max > 0,
  }
}

/**
 * The cards of `ids`, fetched in parallel. A product that is gone (404) is
 * skipped; any other failure rejects, for the caller to decide.
 */
export async function getRecentlyViewed(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Schema<'ProductCard'>[]> {
  const products = await Promise.all(
    ids.map((id) =>
      unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal })).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined
        throw error
      }),
    ),
  )
  return products.filter((product) => product !== undefined).map(summaryOf)
}
