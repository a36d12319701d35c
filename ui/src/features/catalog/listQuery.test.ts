import { describe, expect, it } from 'vitest'
import { listIndex, listSearch, parseListQuery } from './listQuery'

describe('parseListQuery', () => {
  it('reads page and sort from the query string', () => {
    expect(parseListQuery(new URLSearchParams('page=3&sort=price-desc'))).toEqual({ page: 3, sort: 'price-desc' })
  })

  it.each(['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'sort=cheapest'])(
    'falls back to the first page, most relevant, for "%s"',
    (query) => {
      expect(parseListQuery(new URLSearchParams(query))).toEqual({ page: 1, sort: 'relavent' })
    },
  )
})

describe('listSearch', () => {
  it('sets the page and keeps the sort and other parameters', () => {
    expect(listSearch(new URLSearchParams('sort=price-asc&utm_source=x'), { page: 2 })).toBe(
      '?sort=price-asc&utm_source=x&page=2',
    )
  })

  it('leaves out the defaults', () => {
    expect(listSearch(new URLSearchParams('page=4&sort=price-asc'), { page: 1, sort: 'relavent' })).toBe('')
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
