import { api, type Schema } from '@/lib/api/client'
import { ApiError, unwrap } from '@/lib/api/errors'
import { problemText, refusalOf, sentence } from '@/lib/api/problem'
import type { Language } from '@/lib/preferences'

// Checkout's calls (spec 7). Each resolves to its answer or rejects with an ApiError
// carrying the server's message.

export type QuoteRequest = Schema<'CheckoutQuoteRequest'>

/** `POST /api/gift_card`: the card's printed code and balance, or a 400 saying why not (spec 4.5). */
export const checkGiftCard = (code: string) => unwrap(api.POST('/gift_card', { body: { code } }))

/** `POST /api/checkout/quote`: every figure of the order. */
export const quoteCheckout = (body: QuoteRequest, signal?: AbortSignal) =>
  unwrap(api.POST('/checkout/quote', { body, signal }))

/**
 * What to tell the shopper at a field about `error`: the server's reason, as a
 * sentence (in Hebrew, introduced in Hebrew), or what the status means.
 */
export function fieldProblemText(error: unknown, language: Language): string {
  const refusal = refusalOf(error)
  if (!refusal) return problemText(error, language)
  return problemText(new ApiError(400, sentence(refusal.reason)), language)
}
