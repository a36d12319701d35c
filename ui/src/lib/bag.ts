import { atom } from 'jotai'
import type { Schema } from './api/client'
import { persistedAtom } from './persist'

/**
 * Spec 3's bag state: the bag (`products`), the lines whose item ran out
 * (`unavailableCart`, `unavailableLater`) and the "saved for later" list, as the
 * server's last quote priced them. It lives here, not in a feature, because the
 * header's badge, the product cards and the product pages all need it.
 */
export type BagLine = Schema<'PricedLineDto'>
export type LineInput = Schema<'LineInput'>
export type LineKey = Schema<'LineKeyDto'>
export type LineType = Schema<'LineType'>
export type BagChange = Schema<'ChangeInput'>
export type QuoteAnswer = Schema<'QuoteAnswer'>
/** A school list's ticked items, put in the bag as one change (issue 30). */
export type AddListChange = Schema<'AddListChange'>
/** What one line of a school list's add brought: `added` below `asked` when stock ran short. */
export type AddedLine = Schema<'AddedLine'>

export interface BagLists {
  products: BagLine[]
  later: BagLine[]
  unavailableCart: BagLine[]
  unavailableLater: BagLine[]
}

/** The figures of the last quote: only the server computes money. */
export interface BagSummary {
  totals: Schema<'TotalsDto'>
  digital_only: boolean
  free_shipping_over?: number
  free_shipping_remaining?: number
}

export const EMPTY_BAG: BagLists = { products: [], later: [], unavailableCart: [], unavailableLater: [] }

const LINE_TYPES: readonly string[] = ['product', 'variation', 'giftCard', 'bundle'] satisfies LineType[]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isOptional = (value: unknown, guard: (v: unknown) => boolean) => value === undefined || guard(value)
const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every(isString)

function isMeta(value: unknown): boolean {
  if (!isRecord(value) || !Array.isArray(value.personalization)) return false
  const gift = value.gift_options
  if (gift !== undefined && !(isRecord(gift) && isInteger(gift.price))) return false
  return value.personalization.every(
    (field: unknown) =>
      isRecord(field) &&
      isString(field.key) &&
      isString(field.label) &&
      isOptional(field.heb_label, isString) &&
      isInteger(field.price) &&
      isInteger(field.max_length),
  )
}

/** Whether a stored value is a priced line of the shape this version of the app reads. */
export function isBagLine(value: unknown): value is BagLine {
  return (
    isRecord(value) &&
    isInteger(value.id) &&
    isString(value.type) &&
    LINE_TYPES.includes(value.type) &&
    isString(value.item_key) &&
    isInteger(value.quantity) &&
    isInteger(value.max) &&
    isInteger(value.price) &&
    isOptional(value.fake_price, isInteger) &&
    typeof value.gift_options === 'boolean' &&
    isStringMap(value.personalization) &&
    isMeta(value.meta) &&
    isInteger(value.product_id) &&
    isString(value.title) &&
    isOptional(value.heb_title, isString) &&
    isOptional(value.vendor, isString) &&
    isString(value.path) &&
    isOptional(value.image, isString) &&
    isString(value.sku) &&
    Array.isArray(value.options) &&
    value.options.every((option: unknown) => isRecord(option) && isString(option.name) && isString(option.value)) &&
    isInteger(value.line_subtotal) &&
    isInteger(value.line_gift_options) &&
    isInteger(value.line_personalization_fee) &&
    isInteger(value.line_tax)
  )
}

const isLineList = (value: unknown): value is BagLine[] => Array.isArray(value) && value.every(isBagLine)

export function isBagLists(value: unknown): value is BagLists {
  return (
    isRecord(value) &&
    isLineList(value.products) &&
    isLineList(value.later) &&
    isLineList(value.unavailableCart) &&
    isLineList(value.unavailableLater)
  )
}

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

/** The four lists, persisted under the one storage key and shared with other tabs. */
export const bagAtom = persistedAtom<BagLists>('bag', EMPTY_BAG, isBagLists)

/** The last quote's totals; null before the first quote. */
export const bagSummaryAtom = persistedAtom<BagSummary | null>('bagSummary', null, isBagSummary)

/** Set when the last quote failed: the figures shown may be out of date. */
export const bagStaleAtom = atom(false)

/** Spec 2.4: the badge counts the items in the bag, the sum of its quantities. */
export function bagCount(lists: BagLists): number {
  return lists.products.reduce((sum, line) => sum + line.quantity, 0)
}

export const bagCountAtom = atom((get) => bagCount(get(bagAtom)))

/** Whether nothing at all is stored: no bag, no later list, no unavailable lines. */
export function isEmptyBag(lists: BagLists): boolean {
  return (
    lists.products.length === 0 &&
    lists.later.length === 0 &&
    lists.unavailableCart.length === 0 &&
    lists.unavailableLater.length === 0
  )
}

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

/** Spec 4.1's identity of a line. */
export function keyOf(line: LineKey): LineKey {
  return { id: line.id, type: line.type, item_key: line.item_key }
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

/**
 * A personalised line gets the client's random item key, so two personalisations of
 * one item stay two lines; a line whose personalization is all blank gets none.
 */
export function itemKeyFor(personalization: Record<string, string>, current = ''): string {
  const personalised = Object.values(personalization).some((value) => value.trim() !== '')
  if (!personalised) return ''
  return current || crypto.randomUUID()
}
