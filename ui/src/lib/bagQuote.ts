import type { Schema } from './api/client'
import type { BagChange, BagLists, BagSummary, LineInput, QuoteAnswer } from './bag'
import { persistedAtom } from './persist'

// The bag as the quotes price it: the last quote's totals, and the shapes of a quote's
// request and answer. Apart from the lists (bag.ts), which every page's header counts:
// these load with the screens and calls that price the bag.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value)
const isOptional = (value: unknown, guard: (v: unknown) => boolean) => value === undefined || guard(value)

const TOTAL_FIELDS = [
  'count',
  'subtotal',
  'tax',
  'shipping',
  'gift_options',
  'personalization_fees',
  'discount',
  'total',
] as const

export function isBagSummary(value: unknown): value is BagSummary | null {
  if (value === null) return true
  if (!isRecord(value) || typeof value.digital_only !== 'boolean') return false
  const totals = value.totals
  return (
    isRecord(totals) &&
    TOTAL_FIELDS.every((field) => isInteger(totals[field])) &&
    isOptional(value.free_shipping_over, isInteger) &&
    isOptional(value.free_shipping_remaining, isInteger)
  )
}

/** The last quote's totals; null before the first quote. */
export const bagSummaryAtom = persistedAtom<BagSummary | null>('bagSummary', null, isBagSummary)

/** A stored line as the quote request reads it (only the LineInput fields). */
export function toLineInput(line: LineInput): LineInput {
  return {
    id: line.id,
    type: line.type,
    item_key: line.item_key,
    quantity: line.quantity,
    gift_options: line.gift_options,
    personalization: line.personalization,
  }
}

/** The quote request for `lists` and an optional change. */
export function quoteRequest(lists: BagLists, change?: BagChange): Schema<'QuoteRequest'> {
  return {
    products: [...lists.products, ...lists.unavailableCart].map(toLineInput),
    later: [...lists.later, ...lists.unavailableLater].map(toLineInput),
    ...(change ? { change } : {}),
  }
}

/** The lists an answer gives, in the stored shape. */
export function listsOf(answer: QuoteAnswer): BagLists {
  return {
    products: answer.products,
    later: answer.later,
    unavailableCart: answer.unavailable_cart,
    unavailableLater: answer.unavailable_later,
  }
}

export function summaryOfQuote(answer: QuoteAnswer): BagSummary {
  return {
    totals: answer.totals,
    digital_only: answer.digital_only,
    free_shipping_over: answer.free_shipping_over,
    free_shipping_remaining: answer.free_shipping_remaining,
  }
}
