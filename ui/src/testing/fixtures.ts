import type { Schema } from '@/lib/api/client'

// Small, valid API answers for tests. Each factory takes overrides so a test
// states only what it is about.

export function summary(overrides: Partial<Schema<'ProductCard'>> = {}): Schema<'ProductCard'> {
  return {
    id: 1001,
    kind: 'product',
    type: 'product',
    path: '/products/stoneware-mug/1001',
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    price: 1800,
    image: '/media/mug/e76f51.svg',
    vendor_name: 'Olive & Oak',
    in_stock: true,
    ...overrides,
  }
}

export function product(overrides: Partial<Schema<'Product'>> = {}): Schema<'Product'> {
  return {
    id: 1001,
    slug: 'stoneware-mug',
    path: '/products/stoneware-mug/1001',
    type: 'product',
    item_type: 'others',
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    short_desc: 'A sturdy mug for slow mornings.',
    heb_short_desc: 'ספל יציב לבקרים איטיים.',
    description: 'Thrown by hand and glazed twice.',
    heb_description: 'נזרק ביד ומזוגג פעמיים.',
    price: 1800,
    sku: 'HG-MUG-001',
    max: 25,
    max_quantity: 10,
    tax_code: 'P0000000',
    exclude_free_shipping: false,
    returnable: true,
    release_date: '2026-03-14',
    vendor: { id: 1, name: 'Olive & Oak', heb_name: 'זית ואלון', path: '/vendor/olive-and-oak/1' },
    creators: [],
    breadcrumbs: [
      { name: 'Home Goods', value: '/category/home-goods/1' },
      { name: 'Mugs', value: '/category/mugs/12' },
    ],
    image: '/media/mug/e76f51.svg',
    media_urls: [{ url: '/media/mug/e76f51.svg', thumbnail: '/media/mug/e76f51.svg' }],
    variation_infos: [],
    filters: [],
    meta: { personalization: [] },
    related: [],
    ...overrides,
  }
}

export function productList(overrides: Partial<Schema<'ProductList'>> = {}): Schema<'ProductList'> {
  return {
    index: 'category',
    id: 12,
    title: 'Mugs',
    heb_title: 'ספלים',
    breadcrumbs: [
      { name: 'Home Goods', value: '/category/home-goods/1' },
      { name: 'Mugs', value: '/category/mugs/12' },
    ],
    items: [summary()],
    total: 1,
    page: 1,
    per_page: 24,
    page_count: 1,
    sort: 'relavent',
    facets: { categories: [], vendors: [], creators: [], filters: [], variations: [] },
    ...overrides,
  }
}

export const departments: Schema<'Category'>[] = [
  { id: 1, name: 'Home Goods', heb_name: 'לבית', value: '/category/home-goods/1', children: [] },
  { id: 2, name: 'Books', heb_name: 'ספרים', value: '/category/books/2', children: [] },
]

export function pricedLine(overrides: Partial<Schema<'PricedLineDto'>> = {}): Schema<'PricedLineDto'> {
  const line = {
    id: 1001,
    type: 'product' as const,
    item_key: '',
    quantity: 1,
    max: 10,
    price: 1800,
    tax_code: 'P0000000',
    item_type: 'others',
    gift_options: false,
    personalization: {},
    meta: { personalization: [] },
    product_id: 1001,
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    vendor: 'Olive & Oak',
    path: '/products/stoneware-mug/1001',
    image: '/media/mug/e76f51.svg',
    sku: 'HG-MUG-001',
    exclude_free_shipping: false,
    options: [],
    line_gift_options: 0,
    line_personalization_fee: 0,
    line_discount: 0,
    line_tax: 0,
    ...overrides,
  }
  return { line_subtotal: line.price * line.quantity, ...line }
}

/** A quote answer for `products`, with totals summed the simple way (no fees, no tax). */
export function quoteAnswer(overrides: Partial<Schema<'QuoteAnswer'>> = {}): Schema<'QuoteAnswer'> {
  const products = overrides.products ?? []
  const subtotal = products.reduce((sum, line) => sum + line.line_subtotal, 0)
  return {
    withdrawn: [],
    products,
    later: [],
    unavailable_cart: [],
    unavailable_later: [],
    totals: {
      count: products.reduce((sum, line) => sum + line.quantity, 0),
      subtotal,
      tax: 0,
      shipping: 0,
      gift_options: 0,
      personalization_fees: 0,
      discount: 0,
      total: subtotal,
    },
    digital_only: false,
    free_shipping_over: 5000,
    free_shipping_remaining: Math.max(0, 5000 - subtotal),
    ...overrides,
  }
}

/** Where New York's 10001 is, as `/api/zip_code` answers it. */
export function zipAnswer(overrides: Partial<Schema<'ZipAnswer'>> = {}): Schema<'ZipAnswer'> {
  return { zip: '10001', country: 'US', tax_rate: 8.875, city: 'New York', state: 'NY', ...overrides }
}

const standard: Schema<'MethodOptionDto'> = {
  id: 1,
  name: 'Standard',
  heb_name: 'משלוח רגיל',
  days: 7,
  estimated_arrival: '2026-12-04',
  price: 599,
  message: { kind: 'on', date: '2026-12-04' },
}
const expedited: Schema<'MethodOptionDto'> = {
  id: 2,
  name: 'Expedited',
  heb_name: 'משלוח מהיר',
  days: 2,
  estimated_arrival: '2026-11-27',
  price: 1299,
  message: { kind: 'days', days: 2 },
}
const overnight: Schema<'MethodOptionDto'> = {
  id: 3,
  name: 'Overnight',
  heb_name: 'משלוח אקספרס',
  days: 1,
  estimated_arrival: '2026-11-26',
  price: 2499,
  message: { kind: 'tomorrow' },
}

/** Spec 3's shipping options for a US zip, good for an hour (`expires` overrides that). */
export function shippingOptions(
  overrides: Partial<Schema<'ShippingOptionsDto'>> = {},
  expires = new Date(Date.now() + 3_600_000).toISOString(),
): Schema<'ShippingOptionsDto'> {
  return {
    over_price: 5000,
    pickup: { days: 0, hours: 2, date: '2026-11-25', message: { kind: 'within', hours: 2 } },
    fastest: overnight,
    cheapest: standard,
    free_over: { ...standard, free_shipping_above: 5000 },
    shipping_ids_not_excluded_from_free_shipping: '1',
    methods: [overnight, expedited, standard],
    fulfillment_expires: expires,
    store_expires: expires,
    ...overrides,
  }
}

/** A checkout quote answer around a bag `quoteAnswer`, with nothing chosen yet. */
export function checkoutQuoteAnswer(
  overrides: Partial<Schema<'CheckoutQuoteAnswer'>> = {},
): Schema<'CheckoutQuoteAnswer'> {
  const bag = overrides.bag ?? quoteAnswer()
  return {
    bag,
    gift_cards: [],
    gift_card_total: 0,
    remaining_balance: bag.totals.total > 0,
    amount_due: bag.totals.total,
    ...overrides,
  }
}
