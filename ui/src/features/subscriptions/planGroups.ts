import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// Apart from the other calls (api.ts): the product page's offer needs only this one.

/** `GET /api/subscription-plans`: every group sold by subscription, type by type (public). */
export const getPlanGroups = (signal?: AbortSignal) => unwrap(api.GET('/subscription-plans', { signal }))
