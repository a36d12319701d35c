import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

/**
 * `POST /api/newsletter`: 202 with one sentence for the shopper, the same whatever
 * the address's state (new, pending or subscribed), so it tells nobody who is on the
 * list. A malformed address is a 400 (ApiError) whose message says why.
 */
export function subscribe(email: string) {
  return unwrap(api.POST('/newsletter', { body: { email } }))
}

/** `POST /api/newsletter/confirm` with the token from the confirmation mail; 404 (ApiError) for an unknown, used or expired token. */
export function confirmSubscription(token: string) {
  return unwrap(api.POST('/newsletter/confirm', { body: { token } }))
}
