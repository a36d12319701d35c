import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

/** The top-level categories, each with its children nested. */
export function getDepartments(signal?: AbortSignal) {
  return unwrap(api.GET('/categories', { signal }))
}
