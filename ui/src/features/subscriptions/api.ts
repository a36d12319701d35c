import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The customer's subscriptions and recurring orders (docs/api.md "Customer",
// "Subscriptions and recurring orders"), with the session. Each resolves to its answer
// or rejects with an ApiError carrying the server's message, worded in the shopper's
// language (the client sends `Accept-Language`).

export type Subscription = Schema<'SubscriptionDto'>
export type SubscriptionDetail = Schema<'SubscriptionDetail'>
export type SubscriptionLine = Schema<'SubscriptionLineDto'>
export type Delivery = Schema<'DeliveryDto'>
export type HistoryEntry = Schema<'HistoryDto'>
export type ChangeRequest = Schema<'ChangeRequest'>

/** The most of one item a delivery brings (the server refuses more). */
export const MAX_QUANTITY = 20

/** `GET /api/customer/subscriptions`: newest first. */
export const getSubscriptions = (signal?: AbortSignal) => unwrap(api.GET('/customer/subscriptions', { signal }))

/** `GET /api/customer/subscriptions/{id}`: with its deliveries and history; 404 when not the customer's. */
export const getSubscription = (id: number, signal?: AbortSignal) =>
  unwrap(api.GET('/customer/subscriptions/{id}', { params: { path: { id } }, signal }))

/**
 * `POST /api/customer/subscriptions/{id}/changes`: one change, answered with the
 * subscription as it now stands. 409 while a delivery is being charged, and for what
 * its state does not allow (skipping while paused, anything once cancelled).
 */
export const changeSubscription = (id: number, body: ChangeRequest) =>
  unwrap(api.POST('/customer/subscriptions/{id}/changes', { params: { path: { id } }, body }))
