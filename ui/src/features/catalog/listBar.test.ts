import { describe, expect, it } from 'vitest'
import { mobileCrumb, resetSearch } from './listBar'

describe('the mobile list bar (spec 2.4, 4.10)', () => {
  it('cuts a crumb containing "results" to its first two words', () => {
    expect(mobileCrumb('24 results for "olive wood bowl"')).toBe('24 results')
    expect(mobileCrumb('Search Results for mugs')).toBe('Search Results')
    expect(mobileCrumb('  3   results  ')).toBe('3 results')
  })

  it('leaves any other crumb whole', () => {
    expect(mobileCrumb('Kitchen and Dining Tools')).toBe('Kitchen and Dining Tools')
    expect(mobileCrumb('Mugs')).toBe('Mugs')
  })

  it('resets to no sort, no facets and the first page, keeping the search text', () => {
    expect(resetSearch(new URLSearchParams('sort=price-asc&page=3&filter=color_blue'))).toBe('')
    expect(resetSearch(new URLSearchParams('q=olive bowl&sort=price-desc&page=2'))).toBe('?q=olive+bowl')
  })
})
