import type { Schema } from '@/lib/api/client'

// Returns as the API answers them, for the return pages' and order pages' tests. Each
// factory takes overrides so a test states only what it is about.

/** Noa's two stoneware mugs, free to return. */
export function returnableLine(overrides: Partial<Schema<'ReturnableLineDto'>> = {}): Schema<'ReturnableLineDto'> {
  return {
    position: 0,
    title: 'Stoneware Mug',
    heb_title: 'ספל אבן',
    image: '/media/mug/e76f51.svg',
    options: [],
    quantity: 2,
    taken: 0,
    left: 2,
    faults_only: false,
    label_fee: false,
    ...overrides,
  }
}

/** The delivered order 7KQ4-M2XD-9PRT, open for returns until Christmas, paid by the card ending 4242. */
export function returnOptions(overrides: Partial<Schema<'ReturnOptionsDto'>> = {}): Schema<'ReturnOptionsDto'> {
  return {
    order_number: '7KQ4-M2XD-9PRT',
    window_closes_at: '2026-12-25T10:00:00Z',
    lines: [returnableLine()],
    label_fee: 500,
    card_last4: '4242',
    returns: [],
    ...overrides,
  }
}

export function refund(overrides: Partial<Schema<'RefundDto'>> = {}): Schema<'RefundDto'> {
  return {
    items: 1960,
    shipping: 0,
    label_fee: 0,
    total: 1960,
    to_card: 1960,
    to_store_credit: 0,
    ...overrides,
  }
}

/** The first return of 7KQ4-M2XD-9PRT: one mug, damaged, by prepaid label, back to the card. */
export function aReturn(overrides: Partial<Schema<'ReturnDto'>> = {}): Schema<'ReturnDto'> {
  return {
    number: '7KQ4-M2XD-9PRT-1',
    order_number: '7KQ4-M2XD-9PRT',
    status: 'requested',
    lines: [
      {
        position: 0,
        title: 'Stoneware Mug',
        heb_title: 'ספל אבן',
        image: '/media/mug/e76f51.svg',
        quantity: 1,
        reason: 'defective',
        amount: 1960,
      },
    ],
    refund_method: 'original',
    return_method: 'label',
    refund: refund(),
    gift: false,
    history: [{ status: 'requested', at: '2026-12-01T09:00:00Z' }],
    ...overrides,
  }
}
