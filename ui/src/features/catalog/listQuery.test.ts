import { describe, expect, it } from 'vitest'
import {
  centsToDollars,
  clearFacetsSearch,
  dollarsToCents,
  hasFacets,
  listIndex,
  listSearch,
  NO_FACETS,
  parseListQuery,
  toggleFacetSearch,
  type ListQuery,
} from './listQuery'

const DEFAULTS: ListQuery = { q: '', page: 1, sort: 'relavent', ...NO_FACETS }

const parse = (query: string) => parseListQuery(new URLSearchParams(query))

describe('parseListQuery', () => {
  it('reads page and sort from the query string', () => {
    expect(parse('page=3&sort=price-desc')).toEqual({ ...DEFAULTS, page: 3, sort: 'price-desc' })
  })

  it('reads the search text, every facet (repeated) and the price range in cents', () => {
    expect(
      parse(
        'q=+olive+bowl+&categories=12&categories=14&vendors=1&creators=3' +
          '&filters=Material_Wood&filters=Color_Red&variations=Size_Large&price_min=500&price_max=2500',
      ),
    ).toEqual({
      ...DEFAULTS,
      q: 'olive bowl',
      categories: ['12', '14'],
      vendors: ['1'],
      creators: ['3'],
      filters: ['Material_Wood', 'Color_Red'],
      variations: ['Size_Large'],
      price_min: 500,
      price_max: 2500,
    })
  })

  it.each(['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=1001', 'sort=cheapest'])(
    'falls back to the first page, most relevant, for "%s"',
    (query) => {
      expect(parse(query)).toEqual(DEFAULTS)
    },
  )

  it('ignores malformed facet values and keeps the good ones', () => {
    expect(
      parse(
        'categories=abc&categories=0&categories=-3&categories=1.5&categories=7&vendors=&filters=Wood&filters=_Wood&filters=Material_&filters=Material_Wood',
      ),
    ).toEqual({ ...DEFAULTS, categories: ['7'], filters: ['Material_Wood'] })
  })

  it('reads a value given twice once', () => {
    expect(parse('filters=Color_Red&filters=Color_Red').filters).toEqual(['Color_Red'])
  })

  it('drops what the API would refuse: over 50 values of one facet, a value over 200 characters', () => {
    const many = Array.from({ length: 60 }, (_, i) => `vendors=${i + 1}`).join('&')
    expect(parse(many).vendors).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)))
    expect(parse(`filters=Material_${'w'.repeat(200)}&filters=Material_Wood`).filters).toEqual(['Material_Wood'])
  })

  it.each(['price_min=-1', 'price_min=abc', 'price_min=1.5', 'price_min=', 'price_max=1e3'])(
    'ignores the malformed price bound in "%s"',
    (query) => {
      expect(parse(query)).toEqual(DEFAULTS)
    },
  )

  it('keeps a zero bound and reads a backwards range the right way round', () => {
    expect(parse('price_min=0')).toMatchObject({ price_min: 0, price_max: null })
    expect(parse('price_min=3000&price_max=1000')).toMatchObject({ price_min: 1000, price_max: 3000 })
  })

  it('treats blank search text as none and cuts it at the API’s 200 characters', () => {
    expect(parse('q=+++').q).toBe('')
    expect(parse(`q=${'a'.repeat(250)}`).q).toHaveLength(200)
    // Code points, as the API counts, not UTF-16 halves: an emoji is not cut in two.
    expect(parse(`q=${'😀'.repeat(250)}`).q).toBe('😀'.repeat(200))
  })
})

describe('listSearch', () => {
  it('sets the page and keeps the sort and other parameters', () => {
    expect(listSearch(new URLSearchParams('sort=price-asc&utm_source=x'), { page: 2 })).toBe(
      '?sort=price-asc&page=2&utm_source=x',
    )
  })

  it('leaves out the defaults', () => {
    expect(listSearch(new URLSearchParams('page=4&sort=price-asc'), { page: 1, sort: 'relavent' })).toBe('')
    expect(listSearch(new URLSearchParams('q=&page=2&price_min=abc'), { page: 1 })).toBe('')
  })

  it('starts a new sort or facet choice from page 1 (spec 7)', () => {
    expect(listSearch(new URLSearchParams('q=mug&page=3'), { sort: 'price-asc' })).toBe('?q=mug&sort=price-asc')
    expect(listSearch(new URLSearchParams('page=3'), { vendors: ['1'] })).toBe('?vendors=1')
    expect(listSearch(new URLSearchParams('page=3'), { price_min: 500 })).toBe('?price_min=500')
  })

  it('writes equal lists as equal URLs, whatever order the choices came in', () => {
    const one = listSearch(new URLSearchParams('sort=price-desc&filters=Color_Red&q=mug'), {
      filters: ['Color_Red', 'Color_Blue'],
    })
    const other = listSearch(new URLSearchParams('filters=Color_Blue&q=mug&sort=price-desc'), {
      filters: ['Color_Blue', 'Color_Red'],
    })
    expect(one).toBe('?q=mug&filters=Color_Blue&filters=Color_Red&sort=price-desc')
    expect(other).toBe(one)
  })

  it('round-trips every parameter', () => {
    const query: ListQuery = {
      q: 'olive bowl',
      page: 2,
      sort: 'release_date-desc',
      categories: ['12', '14'],
      vendors: ['1'],
      creators: ['3'],
      filters: ['Color_Red', 'Material_Wood'],
      variations: ['Size_Large'],
      price_min: 0,
      price_max: 2599,
    }
    const search = listSearch(new URLSearchParams(), query)
    expect(search).toBe(
      '?q=olive+bowl&categories=12&categories=14&vendors=1&creators=3&filters=Color_Red&filters=Material_Wood' +
        '&variations=Size_Large&price_min=0&price_max=2599&sort=release_date-desc&page=2',
    )
    expect(parseListQuery(new URLSearchParams(search))).toEqual(query)
  })

  it('writes a backwards price range the right way round', () => {
    expect(listSearch(new URLSearchParams(), { price_min: 3000, price_max: 1000 })).toBe(
      '?price_min=1000&price_max=3000',
    )
  })
})

describe('toggleFacetSearch', () => {
  it('adds a value to the ones chosen, on page 1', () => {
    expect(toggleFacetSearch(new URLSearchParams('filters=Color_Red&page=2'), 'filters', 'Material_Wood', true)).toBe(
      '?filters=Color_Red&filters=Material_Wood',
    )
  })

  it('removes a value and keeps the rest', () => {
    expect(
      toggleFacetSearch(new URLSearchParams('q=mug&vendors=1&vendors=2&sort=price-asc'), 'vendors', '1', false),
    ).toBe('?q=mug&vendors=2&sort=price-asc')
  })
})

describe('clearFacetsSearch (spec 4.10 Reset)', () => {
  it('clears the facets and the page, keeping the search text, the sort and other parameters', () => {
    expect(
      clearFacetsSearch(
        new URLSearchParams(
          'q=olive bowl&categories=3&filters=Color_Red&price_min=100&sort=price-desc&page=2&utm_source=x',
        ),
      ),
    ).toBe('?q=olive+bowl&sort=price-desc&utm_source=x')
    expect(clearFacetsSearch(new URLSearchParams('vendors=1&page=3'))).toBe('')
  })
})

describe('hasFacets', () => {
  it.each(['categories=1', 'vendors=1', 'creators=1', 'filters=A_B', 'variations=A_B', 'price_min=0', 'price_max=100'])(
    'sees "%s"',
    (query) => {
      expect(hasFacets(parse(query))).toBe(true)
    },
  )

  it('sees nothing in search text, sort and page', () => {
    expect(hasFacets(parse('q=mug&sort=price-asc&page=2&categories=abc'))).toBe(false)
  })
})

describe('the price inputs', () => {
  it('turn dollars into cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250)
    expect(dollarsToCents('0.29')).toBe(29)
    expect(dollarsToCents('0')).toBe(0)
  })

  it('leave a side open for blank or invalid text', () => {
    expect(dollarsToCents('')).toBeNull()
    expect(dollarsToCents('  ')).toBeNull()
    expect(dollarsToCents('-1')).toBeNull()
    expect(dollarsToCents('abc')).toBeNull()
  })

  it('show cents as dollars', () => {
    expect(centsToDollars(1250)).toBe('12.5')
    expect(centsToDollars(0)).toBe('0')
    expect(centsToDollars(null)).toBe('')
  })
})

describe('listIndex', () => {
  it('accepts the three kinds of list', () => {
    expect(['category', 'vendor', 'creator'].map(listIndex)).toEqual(['category', 'vendor', 'creator'])
  })

  it('treats any other word as not found', () => {
    expect(() => listIndex('about')).toThrow(expect.objectContaining({ status: 404 }))
  })
})
