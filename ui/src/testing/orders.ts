import type { Schema } from '@/lib/api/client'

// Orders as the API answers them, for the order screens' tests. Each factory takes
// overrides so a test states only what it is about.

export function orderLine(overrides: Partial<Schema<'OrderLineDto'>> = {}): Schema<'OrderLineDto'> {
  return {
    id: 1001,
    product_id: 1001,
    type: 'product',
    item_type: 'others',
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    path: '/products/stoneware-mug/1001',
    image: '/media/mug/e76f51.svg',
    sku: 'HG-MUG-001',
    quantity: 2,
    unit_price: 1800,
    merchandise: 3600,
    discount: 0,
    tax: 320,
    gift_options: false,
    gift_options_price: 0,
    options: [],
    personalization: {},
    labels: [],
    personalization_fee: 0,
    gift_card: false,
    ...overrides,
  }
}

/** Noa's shipped order of two mugs: paid by card, shipping Standard to New York. */
export function order(overrides: Partial<Schema<'OrderDto'>> = {}): Schema<'OrderDto'> {
  return {
    number: '7KQ4-M2XD-9PRT',
    status: 'paid',
    placed_at: '2026-11-25T14:03:00Z',
    email: 'noa@example.com',
    country: 'US',
    zip: '10001',
    lines: [orderLine()],
    gift_cards: [],
    card: { brand: 'visa', last4: '4242' },
    delivery: {
      type: 'ship',
      method_name: 'Standard',
      promised_on: '2026-12-04',
      address: {
        name: 'Noa Guest',
        line1: '1 Olive Lane',
        line2: '',
        city: 'New York',
        region: 'NY',
        postal_code: '10001',
        country: 'US',
        phone: '212 555 0100',
      },
    },
    history: [
      { status: 'placed', at: '2026-11-25T14:03:00Z' },
      { status: 'paid', at: '2026-11-25T14:03:01Z' },
    ],
    totals: {
      subtotal: 3600,
      gift_options: 0,
      personalization_fees: 0,
      discount: 0,
      tax: 320,
      shipping: 599,
      total: 4519,
      gift_card_total: 0,
      amount_due: 4519,
    },
    ...overrides,
  }
}
