import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

export function getContentPage(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/pages/{id}', { params: { path: { id } }, signal }))
}
