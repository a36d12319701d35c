import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

/**
 * `POST /api/newsletter`: 201 for a new address (a confirmation mail goes out), 200
 * for a known one; either way a `Subscription` with a sentence for the shopper.
 * A malformed address is a 400 (ApiError) whose message says why.
 */
export function subscribe(email: string) {
  return unwrap(api.POST('/newsletter', { body: { email } }))
}

/** `POST /api/newsletter/confirm` with the token from the confirmation mail; 404 (ApiError) for an unknown token. */
export function confirmSubscription(token: string) {
  return unwrap(api.POST('/newsletter/confirm', { body: { token } }))
}
