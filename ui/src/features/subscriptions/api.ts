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

export type PlanGroup = Schema<'PlanGroupDto'>
export type Plan = Schema<'PlanDto'>
export type PlanProduct = Schema<'PlanProductDto'>
export type PlanQuote = Schema<'PlanQuote'>
export type PlanRequest = Schema<'PlanRequest'>

/** `GET /api/subscription-plans`: every group sold by subscription, type by type (public). */
export const getPlanGroups = (signal?: AbortSignal) => unwrap(api.GET('/subscription-plans', { signal }))

/** `GET /api/subscription-plans/{type_id}/{group_id}`: one group with its plans; 404 when there is none. */
export const getPlanGroup = (typeId: number, groupId: number, signal?: AbortSignal) =>
  unwrap(
    api.GET('/subscription-plans/{type_id}/{group_id}', {
      params: { path: { type_id: typeId, group_id: groupId } },
      signal,
    }),
  )

/**
 * `POST /api/customer/subscriptions/quote`: the first delivery of a plan to a saved
 * address, priced as it would be charged (today). 400 names the field; 409 when the
 * product cannot be delivered now.
 */
export const quotePlan = (body: Schema<'PlanQuoteRequest'>, signal?: AbortSignal) =>
  unwrap(api.POST('/customer/subscriptions/quote', { body, signal }))

/** `POST /api/customer/subscriptions`: buys a plan; 201 with the new subscription. */
export const subscribe = (body: PlanRequest) => unwrap(api.POST('/customer/subscriptions', { body }))
