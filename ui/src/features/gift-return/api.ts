import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// A gift's return (docs/api.md "Returns"; issue 28): its recipient opens the order with
// the order number and the gift receipt's code, and sends items back for store credit.
// No prices and nothing of the buyer ever reach this page. Each call resolves to its
// answer or rejects with an ApiError carrying the server's message. What every return
// page shares (the reasons, the note's limit, the keys, the label's link) is in
// `@/lib/returns`.

export type GiftReceipt = Schema<'GiftReceipt'>
export type GiftReturnOptions = Schema<'GiftReturnOptionsDto'>
export type GiftReturnRequest = Schema<'GiftReturnRequest'>

/** `POST /api/gift-returns/lookup`: the order's lines and what may come back. 404 wrong number or code, 429 too many tries. */
export const lookUpGift = (body: GiftReceipt) => unwrap(api.POST('/gift-returns/lookup', { body }))

/** `POST /api/gift-returns`: 201 with the return; the same `idempotency_key` answers the same return. */
export const requestGiftReturn = (body: GiftReturnRequest) => unwrap(api.POST('/gift-returns', { body }))
