import type { Subscription, SubscriptionDetail, SubscriptionLine } from './api'

// Subscriptions as the API answers them, for this feature's tests. Each factory takes
// overrides so a test states only what it is about.

export function subscriptionLine(overrides: Partial<SubscriptionLine> = {}): SubscriptionLine {
  return {
    line_type: 'product',
    item_id: 1001,
    item_key: '',
    quantity: 2,
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    path: '/products/stoneware-mug/1001',
    image: '/media/mug/e76f51.svg',
    unit_price: 1800,
    sold: true,
    ...overrides,
  }
}

/** Dana's repeat of order 7KQ4-M2XD-9PRT, every 2 weeks, next on January 9, 2026. */
export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 12,
    status: 'active',
    interval: '2w',
    next_delivery: '2026-01-09',
    address_id: 31,
    payment_id: 21,
    shipping_method: 1,
    repeats_order: '7KQ4-M2XD-9PRT',
    card_declines: 0,
    charging: false,
    lines: [subscriptionLine()],
    created_at: '2025-12-26T09:00:00Z',
    ...overrides,
  }
}

export function subscriptionDetail(
  overrides: Partial<Subscription> = {},
  more: Partial<Omit<SubscriptionDetail, 'subscription'>> = {},
): SubscriptionDetail {
  return {
    subscription: subscription(overrides),
    deliveries: [],
    history: [{ at: '2025-12-26T09:00:00Z', event: 'started', detail: '7KQ4-M2XD-9PRT' }],
    ...more,
  }
}

export const home = {
  id: 31,
  name: 'Dana Levi',
  line1: '1 Olive Lane',
  line2: '',
  city: 'New York',
  region: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '212 555 0100',
  default: true,
}
export const work = { ...home, id: 32, line1: '9 Cedar Street', city: 'Brooklyn', default: false }
export const visa = {
  id: 21,
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2030,
  token: 'tok_1',
  default: true,
}
export const amex = { ...visa, id: 22, brand: 'amex', last4: '0005', token: 'tok_2', default: false }
