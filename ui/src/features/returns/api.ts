import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The return pages' calls (docs/api.md "Returns"), beside the shared `getReturnOptions`
// and `getReturn` of `@/lib/returns`. Each opens with the order's `token` (a guest's)
// or the customer's session, and resolves to its answer or rejects with an ApiError
// carrying the server's message.

export { getReturnOptions } from '@/lib/returns'

export type ReturnRequest = Schema<'ReturnRequest'>

const tokenQuery = (token: string | undefined) => (token ? { token } : {})

/**
 * `POST /api/orders/{number}/returns/preview`: what the return would give back now,
 * checked as asking for it will be. 400 names the order line (`lines[2]: ...`, the
 * line's `position`); 409 when the order is not delivered or its 30 days are over.
 */
export const previewReturn = (number: string, token: string | undefined, body: ReturnRequest, signal?: AbortSignal) =>
  unwrap(
    api.POST('/orders/{number}/returns/preview', {
      params: { path: { number }, query: tokenQuery(token) },
      body,
      signal,
    }),
  )

/** `POST /api/orders/{number}/returns`: 201 with the return; the same `idempotency_key` answers the same return. */
export const requestReturn = (number: string, token: string | undefined, body: ReturnRequest) =>
  unwrap(api.POST('/orders/{number}/returns', { params: { path: { number }, query: tokenQuery(token) }, body }))
