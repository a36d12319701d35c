import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'
import type { ListIndex, ListQuery } from './listQuery'

export function getProduct(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal }))
}

export function getBundle(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/bundles/{id}', { params: { path: { id } }, signal }))
}

/**
 * Spec 7: a list request carries the URL's own parameters. Relevance is the default
 * order and is sent as no sort at all; empty facets and open price bounds are left out.
 */
function listParams(query: ListQuery) {
  const { page, sort, categories, vendors, creators, filters, variations, price_min, price_max } = query
  return {
    page,
    sort: sort === 'relavent' ? undefined : sort,
    categories,
    vendors,
    creators,
    filters,
    variations,
    price_min: price_min ?? undefined,
    price_max: price_max ?? undefined,
  }
}

export function getProductList(index: ListIndex, id: number, query: ListQuery, signal?: AbortSignal) {
  return unwrap(
    api.GET('/lists/{index}/{id}', {
      params: { path: { index, id }, query: listParams(query) },
      signal,
    }),
  )
}

/** One page of search results; the caller makes sure `query.q` is not blank (the API answers 400). */
export function searchProducts(query: ListQuery, signal?: AbortSignal) {
  return unwrap(api.GET('/search', { params: { query: { q: query.q, ...listParams(query) } }, signal }))
}

/**
 * The departments, for the empty search page's links. The department menu has its
 * own copy of this call; features do not import each other.
 */
export function getDepartments(signal?: AbortSignal) {
  return unwrap(api.GET('/categories', { signal }))
}
