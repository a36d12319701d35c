import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

/** Everything the home page shows: departments, new arrivals and bundles. */
export function getHome(signal?: AbortSignal) {
  return unwrap(api.GET('/home', { signal }))
}
