import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { bagAtom, EMPTY_BAG, type BagLine } from '@/lib/bag'
import { EMPTY_CHECKOUT } from '@/lib/checkout'
import { STORAGE_KEY } from '@/lib/persist'
import { zipLookUpAtom, shippingRatesAtom, NO_RATES } from '@/lib/location'
import { languageAtom, type Language } from '@/lib/preferences'
import { customerAtom, sessionCheckedAtom, type Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { checkoutQuoteAnswer, pricedLine, quoteAnswer, shippingOptions, zipAnswer } from '@/testing/fixtures'

// Helpers for the checkout screens' tests: a small fake of the checkout API that prices
// the way the server does, enough to read the screens' figures from.

export const mug = pricedLine({ id: 1001, price: 1800, quantity: 1 })

const GIFT_CARDS: Record<string, number> = { 'HAPY-BDAY-2525-GRTS': 2500, 'THNX-SUCH-ABUN-CH99': 10000 }
const plain = (code: string) => code.replace(/[\s-]/g, '').toUpperCase()
const printed = (code: string) => Object.keys(GIFT_CARDS).find((known) => plain(known) === plain(code))

type QuoteBody = Schema<'CheckoutQuoteRequest'>

/** The fake server's checkout quote: 10% tax with a zip, $5.99 Standard, WELCOME10 takes 10%. */
export function fakeQuote(body: QuoteBody, lines: BagLine[] = [mug]): Schema<'CheckoutQuoteAnswer'> | Response {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
  if (body.discount_code && body.discount_code !== 'WELCOME10') {
    return answer(400, { message: 'discount_code: there is no such discount code' })
  }
  const discount = body.discount_code ? Math.round(subtotal / 10) : 0
  const tax = body.zip_code ? Math.round((subtotal - discount) / 10) : 0
  const shipping = body.shipping
    ? {
        type: body.shipping.type,
        ...(body.shipping.id ? { id: body.shipping.id } : {}),
        price: body.shipping.type === 'pickup' ? 0 : 599,
      }
    : undefined
  const total = subtotal - discount + tax + (shipping?.price ?? 0)
  let owed = total
  const cards = []
  for (const [index, code] of (body.gift_cards ?? []).entries()) {
    const known = printed(code)
    if (!known) return answer(400, { message: `gift_cards[${index}]: this gift card has been used up` })
    const balance = GIFT_CARDS[known] ?? 0
    const applied = Math.min(balance, owed)
    owed -= applied
    cards.push({
      code: known,
      last_four: known.slice(-4),
      balance,
      amount_applied: applied,
      value_remaining: balance - applied,
    })
  }
  const bag = quoteAnswer({
    products: lines,
    totals: {
      count: 1,
      subtotal,
      tax,
      shipping: shipping?.price ?? 0,
      gift_options: 0,
      personalization_fees: 0,
      discount,
      total,
    },
    digital_only: lines.every((line) => line.item_type === 'digital'),
  })
  return checkoutQuoteAnswer({
    bag,
    ...(body.zip_code ? { location: zipAnswer({ zip: body.zip_code }) } : {}),
    ...(shipping ? { shipping } : {}),
    ...(body.discount_code ? { discount: { code: body.discount_code, amount: discount } } : {}),
    gift_cards: cards,
    gift_card_total: total - owed,
    amount_due: owed,
    remaining_balance: owed > 0,
  })
}

/** The fake store's checkout API; `routes` override or add paths. Returns the requests sent. */
/** A guest who has given all but the card: pickup, with its name, e-mail and phone. */
export function rememberPickup() {
  const checkout = {
    ...EMPTY_CHECKOUT,
    email: 'noa@example.com',
    shippingType: { type: 'pickup', delivery: false },
    pickupInfo: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
  }
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ checkout }))
}

export function stubCheckoutApi(routes: Parameters<typeof stubApiWithBodies>[0] = {}, lines: BagLine[] = [mug]) {
  return stubApiWithBodies({
    '/api/zip_code': (_url, body) => {
      if (body === undefined) return zipAnswer()
      const { zipCode: zip, country } = body as { zipCode: string; country: string }
      return zip === '00000'
        ? answer(400, { message: 'zipCode: there is no such ZIP code' })
        : zipAnswer({ zip: zip.toUpperCase(), country })
    },
    '/api/shipping/index': shippingOptions(),
    '/api/countries': [
      { value: 'US', label: 'United States', heb_label: 'ארצות הברית' },
      { value: 'CA', label: 'Canada', heb_label: 'קנדה' },
    ],
    '/api/checkout/quote': (_url, body) => fakeQuote(body as QuoteBody, lines),
    '/api/gift_card': (_url, body) => {
      const known = printed((body as { code: string }).code)
      if (!known) return answer(400, { message: 'code: there is no gift card with this code' })
      return { code: known, last_four: known.slice(-4), balance: GIFT_CARDS[known] }
    },
    '/api/card/createToken': (_url, body) => {
      const { card } = body as { card: string }
      if (card.length < 12) return answer(400, { message: 'card: the card number is not right' })
      return { token: 'tok_test_1', brand: 'visa', last4: card.slice(-4), exp_month: 4, exp_year: 2030 }
    },
    '/api/card/holder': { holder: 'browser-holder' },
    ...routes,
  })
}

interface Setup {
  customer?: Customer | null
  language?: Language
  lines?: BagLine[]
  /** Whether the zip and options are already held (as the layout's refresh leaves them). */
  located?: boolean
}

/**
 * Renders `Screen` at `path` with a bag, for a guest unless told; every other path is a
 * stand-in naming itself, so the test reads where it led.
 */
export function renderCheckoutScreen(Screen: ComponentType, path: string, setup: Setup = {}) {
  const store = createStore()
  store.set(bagAtom, { ...EMPTY_BAG, products: setup.lines ?? [mug] })
  store.set(customerAtom, setup.customer ?? null)
  store.set(sessionCheckedAtom, true)
  store.set(languageAtom, setup.language ?? 'eng')
  if (setup.located !== false) {
    store.set(zipLookUpAtom, zipAnswer())
    store.set(shippingRatesAtom, { ...NO_RATES, zip: '10001', country: 'US', options: shippingOptions() })
  }
  const router = createMemoryRouter(
    [
      { path, Component: Screen },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, user: userEvent.setup() }
}
