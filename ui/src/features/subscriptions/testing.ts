import type { Plan, PlanGroup, PlanQuote, Subscription, SubscriptionDetail, SubscriptionLine } from './api'

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

/** The house coffee's plans: every 2 weeks, every month, and every month for 6 deliveries. */
export const everyTwoWeeks: Plan = { id: 11, interval: '2w', price: 1710, price_once: 1800, saving_percent: 5 }
export const monthly: Plan = { id: 12, interval: '1m', price: 1620, price_once: 1800, saving_percent: 10 }
export const sixMonths: Plan = {
  id: 13,
  interval: '1m',
  price: 1530,
  price_once: 1800,
  saving_percent: 15,
  deliveries: 6,
}

/** "House Coffee, Delivered" (type 1, group 1), of product 1075, on three plans. */
export function planGroup(overrides: Partial<PlanGroup> = {}): PlanGroup {
  return {
    id: 1,
    type_id: 1,
    type_name: 'Coffee & Tea',
    heb_type_name: 'קפה ותה',
    slug: 'house-coffee',
    name: 'House Coffee, Delivered',
    heb_name: 'קפה הבית עד הדלת',
    description: 'A fresh 340 g bag of our house blend, roasted the week it ships.',
    heb_description: 'שקית טרייה של 340 גרם מתערובת הבית, שנקלתה בשבוע המשלוח.',
    product: {
      id: 1075,
      title: 'House Blend Coffee',
      heb_title: 'קפה תערובת הבית',
      path: '/products/house-blend-coffee/1075',
      image: '/media/coffee/6f4e37.svg',
      in_stock: true,
    },
    plans: [everyTwoWeeks, monthly, sixMonths],
    ...overrides,
  }
}

/** The first delivery of `quantity` on `plan`, to a New York address, charged on January 9, 2026. */
export function planQuote(plan: Plan = everyTwoWeeks, quantity = 1): PlanQuote {
  const subtotal = plan.price * quantity
  const tax = Math.round(subtotal * 0.08875)
  return {
    first_charge_on: '2026-01-09',
    subtotal,
    shipping: 599,
    tax,
    total: subtotal + 599 + tax,
    saved_per_delivery: (plan.price_once - plan.price) * quantity,
  }
}
