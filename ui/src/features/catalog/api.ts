import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'
import type { ListIndex, ListQuery } from './listQuery'

export function getProduct(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal }))
}

export function getBundle(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/bundles/{id}', { params: { path: { id } }, signal }))
}

export function getProductList(index: ListIndex, id: number, query: ListQuery, signal?: AbortSignal) {
  // Spec 7: relevance is the default order and is sent as no sort at all.
  const sort = query.sort === 'relavent' ? undefined : query.sort
  return unwrap(
    api.GET('/lists/{index}/{id}', {
      params: { path: { index, id }, query: { page: query.page, sort } },
      signal,
    }),
  )
}
