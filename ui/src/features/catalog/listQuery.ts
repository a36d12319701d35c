import type { Schema } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import type { CatalogKey } from './messages'

export type ListIndex = Schema<'ProductList'>['index']
export type Sort = Schema<'ProductList'>['sort']

/** Spec 9's sort options; the values are the wire's, spelling included. */
export const SORT_OPTIONS: readonly { value: Sort; label: CatalogKey }[] = [
  { value: 'relavent', label: 'sortRelevant' },
  { value: 'price-asc', label: 'sortPriceAsc' },
  { value: 'price-desc', label: 'sortPriceDesc' },
  { value: 'release_date-desc', label: 'sortNewest' },
]

const LIST_INDEXES: readonly ListIndex[] = ['category', 'vendor', 'creator']

/** The `:index` of a listing path; any other word names no list, so it is a not-found. */
export function listIndex(value: string | undefined): ListIndex {
  const index = LIST_INDEXES.find((candidate) => candidate === value)
  if (index === undefined) throw new ApiError(404, 'Not found')
  return index
}

/** The repeatable facet parameters (spec 3's search facets), in the order the URL gives them. */
export const FACET_KEYS = ['categories', 'vendors', 'creators', 'filters', 'variations'] as const
export type FacetKey = (typeof FACET_KEYS)[number]

/** Ids of categories, vendors and creators; filters and variations are "group_value" keys. */
const ID_KEYS: readonly FacetKey[] = ['categories', 'vendors', 'creators']

// The API's limits; beyond them it answers 400, so such values are dropped here.
const MAX_PAGE = 1000
/** Code points of the search text and of any one facet value. */
const MAX_TEXT = 200
/** Values of any one facet parameter. */
const MAX_SELECTED = 50

export interface ListQuery extends Record<FacetKey, string[]> {
  /** The search text, trimmed; empty outside search. */
  q: string
  page: number
  sort: Sort
  /** Price bounds in integer cents; null leaves that side open. */
  price_min: number | null
  price_max: number | null
}

/** No facet and no price bound: what Reset and "Clear all" go back to. */
export const NO_FACETS: Pick<ListQuery, FacetKey | 'price_min' | 'price_max'> = {
  categories: [],
  vendors: [],
  creators: [],
  filters: [],
  variations: [],
  price_min: null,
  price_max: null,
}

const KNOWN_PARAMS: readonly string[] = ['q', ...FACET_KEYS, 'price_min', 'price_max', 'sort', 'page']

/**
 * Everything that makes a list lives in the URL query, so a list can be shared,
 * reloaded and walked back, and the loader asks the API for exactly that list.
 * Missing or malformed values mean the defaults (first page, most relevant, no
 * facets) rather than an error.
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'))
  const sort = SORT_OPTIONS.find((option) => option.value === params.get('sort'))?.value
  const facets = Object.fromEntries(
    FACET_KEYS.map((key) => {
      const valid = ID_KEYS.includes(key) ? isId : isGroupValue
      return [key, [...new Set(params.getAll(key).filter(valid))].slice(0, MAX_SELECTED)]
    }),
  ) as Record<FacetKey, string[]>
  return {
    q: codePoints((params.get('q') ?? '').trim())
      .slice(0, MAX_TEXT)
      .join(''),
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    sort: sort ?? 'relavent',
    ...facets,
    ...priceRange(cents(params.get('price_min')), cents(params.get('price_max'))),
  }
}

/**
 * The query string of the list after `change`, keeping parameters the list does not
 * use (a campaign's utm_*). Any change but the page makes a new list, which starts
 * again from its first page (spec 7). Defaults are left out and values come in a fixed
 * order, so that equal lists have equal URLs.
 */
export function listSearch(params: URLSearchParams, change: Partial<ListQuery>): string {
  const current = parseListQuery(params)
  const newList = Object.keys(change).some((key) => key !== 'page')
  const query: ListQuery = { ...current, page: newList ? 1 : current.page, ...change }

  const next = new URLSearchParams()
  if (query.q !== '') next.set('q', query.q)
  for (const key of FACET_KEYS) {
    for (const value of [...new Set(query[key])].sort()) next.append(key, value)
  }
  const { price_min, price_max } = priceRange(query.price_min, query.price_max)
  if (price_min !== null) next.set('price_min', String(price_min))
  if (price_max !== null) next.set('price_max', String(price_max))
  if (query.sort !== 'relavent') next.set('sort', query.sort)
  if (query.page !== 1) next.set('page', String(query.page))
  for (const [key, value] of params) {
    if (!KNOWN_PARAMS.includes(key)) next.append(key, value)
  }
  const search = next.toString()
  return search === '' ? '' : `?${search}`
}

/** The query string with `value` of facet `key` selected (`on`) or not. */
export function toggleFacetSearch(params: URLSearchParams, key: FacetKey, value: string, on: boolean): string {
  const others = parseListQuery(params)[key].filter((selected) => selected !== value)
  const change: Partial<ListQuery> = {}
  change[key] = on ? [...others, value] : others
  return listSearch(params, change)
}

/** Spec 4.10: Reset clears the facets; the search text and the sort stay. */
export function clearFacetsSearch(params: URLSearchParams): string {
  return listSearch(params, NO_FACETS)
}

/** Whether any facet or price bound narrows the list. */
export function hasFacets(query: ListQuery): boolean {
  return FACET_KEYS.some((key) => query[key].length > 0) || query.price_min !== null || query.price_max !== null
}

/**
 * A dollar amount as typed in the price range (spec 5: a number, at least 0) in
 * integer cents; blank or anything else leaves that side of the range open.
 */
export function dollarsToCents(text: string): number | null {
  if (text.trim() === '') return null
  const dollars = Number(text)
  return Number.isFinite(dollars) && dollars >= 0 ? Math.round(dollars * 100) : null
}

/** Cents as the price inputs show them ("12.5" for 1250, "" for an open side). */
export function centsToDollars(cents: number | null): string {
  return cents === null ? '' : String(cents / 100)
}

function isId(value: string): boolean {
  return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value))
}

function isGroupValue(value: string): boolean {
  return /^[^_].*_./su.test(value) && codePoints(value).length <= MAX_TEXT
}

/** The server counts a text's length in code points, so an emoji is one, not two. */
function codePoints(text: string): string[] {
  return Array.from(text)
}

function cents(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null
  const amount = Number(value)
  return Number.isSafeInteger(amount) ? amount : null
}

/** A range given backwards (the API wants min <= max) is read the right way round. */
function priceRange(min: number | null, max: number | null): Pick<ListQuery, 'price_min' | 'price_max'> {
  return min !== null && max !== null && min > max
    ? { price_min: max, price_max: min }
    : { price_min: min, price_max: max }
}
