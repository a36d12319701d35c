import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The product and bundle pages' calls, apart from the lists' (api.ts): a product's page
// loads only these.

export function getProduct(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/products/{id}', { params: { path: { id } }, signal }))
}

export function getBundle(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/bundles/{id}', { params: { path: { id } }, signal }))
}
