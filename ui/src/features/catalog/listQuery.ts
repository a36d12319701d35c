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

export interface ListQuery {
  page: number
  sort: Sort
}

/**
 * A listing's page and sort live in the URL query, so a list can be shared,
 * reloaded and walked back. Missing or malformed values mean the defaults
 * (first page, most relevant) rather than an error.
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'))
  const sort = SORT_OPTIONS.find((option) => option.value === params.get('sort'))?.value
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    sort: sort ?? 'relavent',
  }
}

/** The query string for another page or sort, keeping any other parameters. */
export function listSearch(params: URLSearchParams, change: Partial<ListQuery>): string {
  const next = new URLSearchParams(params)
  const { page, sort } = { ...parseListQuery(params), ...change }
  // Defaults are left out so that equal lists have equal URLs.
  if (page === 1) next.delete('page')
  else next.set('page', String(page))
  if (sort === 'relavent') next.delete('sort')
  else next.set('sort', sort)
  const search = next.toString()
  return search === '' ? '' : `?${search}`
}
