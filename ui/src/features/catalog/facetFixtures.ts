import type { Schema } from '@/lib/api/client'

// Facets for the catalog's tests, shaped like the API's (docs/api.md, "Facets and search").

type FacetValue = Schema<'FacetValue'>

export function facetValue(overrides: Partial<FacetValue> & Pick<FacetValue, 'value' | 'label'>): FacetValue {
  return { count: 1, selected: false, ...overrides }
}

/** Ten colours, so the group is longer than the eight shown before "Show more". */
export const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Yellow', 'Orange', 'Purple', 'Pink', 'Grey']

/** A full set of facets: every group, a long one among them, Hebrew labels on some values. */
export function facets(overrides: Partial<Schema<'Facets'>> = {}): Schema<'Facets'> {
  return {
    categories: [
      facetValue({ value: '12', label: 'Mugs', heb_label: 'ספלים', count: 5 }),
      facetValue({ value: '14', label: 'Bowls', count: 3 }),
    ],
    vendors: [facetValue({ value: '1', label: 'Olive & Oak', heb_label: 'זית ואלון', count: 4 })],
    creators: [],
    filters: [
      {
        name: 'Material',
        values: [
          facetValue({ value: 'Material_Wood', label: 'Wood', heb_label: 'עץ', count: 3 }),
          facetValue({ value: 'Material_Stoneware', label: 'Stoneware', count: 2 }),
        ],
      },
      {
        name: 'Color',
        values: COLORS.map((color, i) => facetValue({ value: `Color_${color}`, label: color, count: 20 - i })),
      },
    ],
    variations: [{ name: 'Size', values: [facetValue({ value: 'Size_Large', label: 'Large', count: 2 })] }],
    price: { min: 0, max: 4500 },
    ...overrides,
  }
}

/** What the API answers when nothing matches: no values, no price range. */
export const NO_FACETS: Schema<'Facets'> = { categories: [], vendors: [], creators: [], filters: [], variations: [] }

/** `facets()` with `selected` set from a request's query, as the API echoes it. */
export function facetsFor(url: URL, overrides: Partial<Schema<'Facets'>> = {}): Schema<'Facets'> {
  const all = facets(overrides)
  const mark = (key: string, values: FacetValue[]) =>
    values.map((value) => ({ ...value, selected: url.searchParams.getAll(key).includes(value.value) }))
  const bound = (key: string) => {
    const value = url.searchParams.get(key)
    return value === null ? undefined : Number(value)
  }
  return {
    ...all,
    categories: mark('categories', all.categories),
    vendors: mark('vendors', all.vendors),
    creators: mark('creators', all.creators),
    filters: all.filters.map((group) => ({ ...group, values: mark('filters', group.values) })),
    variations: all.variations.map((group) => ({ ...group, values: mark('variations', group.values) })),
    price: all.price && { ...all.price, selected_min: bound('price_min'), selected_max: bound('price_max') },
  }
}
