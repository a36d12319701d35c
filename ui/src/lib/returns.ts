import { api, type Schema } from './api/client'
import { unwrap } from './api/errors'
import { defineMessages, useT } from './i18n'

// Returns (docs/api.md "Returns"; issue 28): what an order may send back, shared because
// the return pages, a gift's return page, the return label and both order pages (the
// account's and a guest's status page) show it. Every call opens to the order's
// customer's session, or with the order's signed `token` (a guest's). Each resolves to
// its answer or rejects with an ApiError carrying the server's message.

export type ReturnOptions = Schema<'ReturnOptionsDto'>
export type ReturnableLine = Schema<'ReturnableLineDto'>
export type Return = Schema<'ReturnDto'>
export type ReturnLine = Schema<'ReturnLineDto'>
export type Refund = Schema<'RefundDto'>
export type ReturnReason = Schema<'ReturnReason'>
export type RefundMethod = Schema<'RefundMethod'>
export type ReturnMethod = Schema<'ReturnMethod'>
export type ReturnStatus = Schema<'ReturnStatus'>
export type NotReturnable = Schema<'NotReturnable'>
export type GiftReturn = Schema<'GiftReturnDto'>

const tokenQuery = (token: string | undefined) => (token ? { token } : {})

/** `GET /api/orders/{number}/returns`: each line with what may still come back, the window, and the returns so far. */
export const getReturnOptions = (number: string, token?: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/orders/{number}/returns', {
      params: { path: { number }, query: tokenQuery(token) },
      signal,
    }),
  )

/** `GET /api/returns/{number}`: one return, to whoever may open its order. */
export const getReturn = (number: string, token: string | undefined, signal?: AbortSignal) =>
  unwrap(api.GET('/returns/{number}', { params: { path: { number }, query: tokenQuery(token) }, signal }))

/** Every reason, in the order a shopper is offered them. */
export const RETURN_REASONS: readonly ReturnReason[] = [
  'defective',
  'wrong_item',
  'not_as_described',
  'no_longer_needed',
  'better_price',
  'arrived_late',
  'other',
]

/** The store's own faults: the only reasons a personalized (`faults_only`) item comes back for. */
export const FAULT_REASONS: readonly ReturnReason[] = ['defective', 'wrong_item']

/** The reasons a line may come back for: a personalized (`faults_only`) one, only the store's faults. */
export const reasonsOf = (line: Pick<ReturnableLine, 'faults_only'>) =>
  line.faults_only ? FAULT_REASONS : RETURN_REASONS

/** Whether a line may be chosen now: it is of a kind that comes back, and some of it is left. */
export const returnableNow = (line: Pick<ReturnableLine, 'not_returnable' | 'left'>) =>
  line.not_returnable === undefined && line.left > 0

/** Whether anything of the order may be sent back now. */
export const canReturnSomething = (options: ReturnOptions) =>
  options.closed === undefined && options.lines.some(returnableNow)

/** The longest note the server keeps with a line: notes are the shopper's own words, at most this long. */
export const NOTE_MAX = 500

/**
 * A new idempotency key for one request of a return: `prefix`, a dash and a random UUID
 * (`return-…`, 43 characters, or `gift-return-…`, 48; all of `[A-Za-z0-9-]`). The same
 * key sent again answers the same return.
 */
export function newReturnKey(prefix: 'return' | 'gift-return' = 'return'): string {
  return `${prefix}-${crypto.randomUUID()}`
}

/** The words of a return's reasons and of why a line cannot come back, for every page that shows them. */
const messages = defineMessages({
  eng: {
    reason_defective: 'Damaged or defective',
    reason_wrong_item: 'Wrong item sent',
    reason_not_as_described: 'Not as described',
    reason_no_longer_needed: 'No longer needed',
    reason_better_price: 'Found a better price',
    reason_arrived_late: 'Arrived too late',
    reason_other: 'Other',
    notReturnable_digital: 'Digital items cannot be returned.',
    notReturnable_gift_card: 'Gift cards cannot be returned.',
    notReturnable_service: 'Services cannot be returned.',
    notReturnable_final_sale: 'This item is final sale and cannot be returned.',
  },
  heb: {
    reason_defective: 'פגום או לא תקין',
    reason_wrong_item: 'נשלח פריט שגוי',
    reason_not_as_described: 'לא תואם את התיאור',
    reason_no_longer_needed: 'כבר אין בו צורך',
    reason_better_price: 'מצאתי מחיר טוב יותר',
    reason_arrived_late: 'הגיע מאוחר מדי',
    reason_other: 'אחר',
    notReturnable_digital: 'אי אפשר להחזיר פריטים דיגיטליים.',
    notReturnable_gift_card: 'אי אפשר להחזיר כרטיסי מתנה.',
    notReturnable_service: 'אי אפשר להחזיר שירותים.',
    notReturnable_final_sale: 'הפריט הזה נמכר במבצע סופי ואי אפשר להחזיר אותו.',
  },
})

/** A reason in the shopper's words. */
export function useReasonName() {
  const t = useT(messages)
  return (reason: ReturnReason) => t(`reason_${reason}`)
}

/** Why a line can never come back, in the shopper's words. */
export function useNotReturnableText() {
  const t = useT(messages)
  return (why: NotReturnable) => t(`notReturnable_${why}`)
}

const withTokenQuery = (path: string, token: string | undefined) =>
  token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path

/** Where a return of order `number` starts: `/return?order=...` (with the guest's token, if any). */
export const startReturnPath = (number: string, token?: string) =>
  withTokenQuery(`/return?order=${encodeURIComponent(number)}`, token)

/** A return's confirmation page (with the guest's token, if any). */
export const returnConfirmationPath = (number: string, token?: string) =>
  withTokenQuery(`/return-confirmation/${encodeURIComponent(number)}`, token)

/** The page that prints a return's prepaid label (with the guest's token, if any). */
export const returnLabelPath = (number: string, token?: string) =>
  withTokenQuery(`/return-label/${encodeURIComponent(number)}`, token)

/** The page that prints a gift return's prepaid label, opened with the gift receipt's code (a gift's recipient has no token). */
export const giftLabelPath = (number: string, code: string) =>
  `/return-label/${encodeURIComponent(number)}?code=${encodeURIComponent(code)}`

/** The order a return belongs to: its number without the return's place (`7KQ4-M2XD-9PRT-2` -> `7KQ4-M2XD-9PRT`). */
export const orderOfReturn = (number: string) => number.replace(/-\d+$/, '')
