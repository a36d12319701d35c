import { describe, expect, it } from 'vitest'
import { mobileCrumb } from './listBar'

describe('the mobile list bar (spec 2.4)', () => {
  it('cuts a crumb containing "results" to its first two words', () => {
    expect(mobileCrumb('24 results for "olive wood bowl"')).toBe('24 results')
    expect(mobileCrumb('Search Results for mugs')).toBe('Search Results')
    expect(mobileCrumb('  3   results  ')).toBe('3 results')
  })

  it('cuts the Hebrew interface’s results crumb the same way', () => {
    expect(mobileCrumb('24 תוצאות עבור "קערת עץ זית"')).toBe('24 תוצאות')
  })

  it('leaves any other crumb whole', () => {
    expect(mobileCrumb('Kitchen and Dining Tools')).toBe('Kitchen and Dining Tools')
    expect(mobileCrumb('Mugs')).toBe('Mugs')
    expect(mobileCrumb('1 result for "mug"')).toBe('1 result for "mug"')
  })
})
