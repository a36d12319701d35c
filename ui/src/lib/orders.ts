import { api, type Schema } from './api/client'
import { unwrap } from './api/errors'

// Orders (docs/api.md "Orders"): placing one, reading one back for the thank-you page,
// the invoice and the status page, a guest's look-up, and a customer's list. Shared,
// because checkout, the order screens and the account all need them. Each call resolves
// to its answer or rejects with an ApiError carrying the server's message.

export type Order = Schema<'OrderDto'>
export type OrderLine = Schema<'OrderLineDto'>
export type OrderStatus = Schema<'OrderStatus'>
export type PlaceOrderRequest = Schema<'PlaceOrderRequest'>

/** `POST /api/orders`: 201 with the order, paid; 402 declined; 409 changed since Review; 503 try again. */
export const placeOrder = (body: PlaceOrderRequest) => unwrap(api.POST('/orders', { body }))

/** `GET /api/orders/{number}`: to its customer's session, or with its signed `token`. */
export const getOrder = (number: string, token?: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/orders/{number}', {
      params: { path: { number }, query: token ? { token } : {} },
      signal,
    }),
  )

/** `POST /api/orders/{number}/status`: a guest's look-up by the order's e-mail (limited per client). */
export const lookUpOrder = (number: string, email: string) =>
  unwrap(api.POST('/orders/{number}/status', { params: { path: { number } }, body: { email } }))

/** `GET /api/customer/orders`: the signed-in customer's orders, newest first. */
export const getCustomerOrders = (signal?: AbortSignal) => unwrap(api.GET('/customer/orders', { signal }))

/**
 * An order number as a shopper reads it: upper case, in groups of four
 * (`7kq4m2xd9prt` -> `7KQ4-M2XD-9PRT`).
 */
export function readableOrderNumber(number: string): string {
  const plain = number.replace(/[^0-9a-z]/gi, '').toUpperCase()
  return plain.match(/.{1,4}/g)?.join('-') ?? ''
}

/** The statuses of an order's life, in order (`cancelled` ends it early). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['placed', 'paid', 'packed', 'shipped', 'delivered', 'cancelled']

/** Lines of other than physical goods: what the digital library lists. */
export const isDigitalLine = (line: OrderLine) =>
  line.item_type === 'digital' || line.item_type === 'service' || line.gift_card

// What this tab keeps of orders: each order's access token (it opens the order without
// an account, for the thank-you page and the invoice), and the idempotency key of the
// attempt to place an order that has not had its answer yet. Session storage: they
// survive a reload, and go with the tab.

const TOKENS_KEY = 'olive-lane-order-tokens'
const ATTEMPT_KEY = 'olive-lane-order-attempt'

function readTokens(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(TOKENS_KEY) ?? '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  } catch {
    return {}
  }
}

/** Keeps the token that opens order `number` in this tab. */
export function rememberOrderToken(number: string, token: string): void {
  try {
    sessionStorage.setItem(TOKENS_KEY, JSON.stringify({ ...readTokens(), [readableOrderNumber(number)]: token }))
  } catch {
    // Storage full or refused: the thank-you page then needs the session or the mail's link.
  }
}

/** The token this tab keeps for order `number`, if any. */
export function rememberedOrderToken(number: string): string | undefined {
  return readTokens()[readableOrderNumber(number)]
}

/** A new idempotency key: `order-` and a random UUID (42 characters of `[A-Za-z0-9-]`). */
export function newIdempotencyKey(): string {
  return `order-${crypto.randomUUID()}`
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/

/**
 * The key of the attempt under way: the one kept from an attempt that had no answer
 * (a lost connection, a busy server), else a new one, kept until `endAttempt`. So a
 * retry, a double click or a retry after a reload sends the same key, and the order is
 * charged once.
 */
export function attemptKey(): string {
  let kept: string | null = null
  try {
    kept = sessionStorage.getItem(ATTEMPT_KEY)
  } catch {
    // No storage: a key for this attempt only.
  }
  if (kept && KEY_SHAPE.test(kept)) return kept
  const key = newIdempotencyKey()
  try {
    sessionStorage.setItem(ATTEMPT_KEY, key)
  } catch {
    // As above.
  }
  return key
}

/** The server answered the attempt (placed, declined, refused): the next attempt takes a new key. */
export function endAttempt(): void {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY)
  } catch {
    // Nothing kept.
  }
}
