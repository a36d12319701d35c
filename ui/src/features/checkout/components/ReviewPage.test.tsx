import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bagAtom } from '@/lib/bag'
import { checkoutAtom, EMPTY_CHECKOUT } from '@/lib/checkout'
import { rememberedOrderToken } from '@/lib/orders'
import { answer } from '@/testing/api'
import { order } from '@/testing/orders'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { signedInCustomer } from '@/testing/customer'
import { pricedLine } from '@/testing/fixtures'
import { renderCheckoutScreen, stubCheckoutApi } from '../testing'
import { ReviewPage } from './ReviewPage'
import { SignInPage } from './SignInPage'

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const summary = () => screen.getByRole('region', { name: 'Order summary' })
const figure = (name: string) =>
  within(summary()).getByText((_, element) => element?.tagName === 'DT' && element.textContent === name)
    .nextElementSibling?.textContent

const home = {
  id: 11,
  name: 'Dana Levi',
  line1: '1 Olive Lane',
  line2: '',
  city: 'New York',
  region: 'NY',
  postal_code: '62704',
  country: 'US',
  phone: '2125550100',
  default: false,
}
const work = { ...home, id: 12, line1: '5 Market St', postal_code: '10001', default: true }
const visa = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_visa', default: false }
const amex = { ...visa, id: 22, brand: 'amex', last4: '0005', token: 'tok_amex', default: true }

describe('Review for a guest', () => {
  it('shows every choice with a Change link back to Checkout, the lines and the figures', async () => {
    stubCheckoutApi()
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        checkout: {
          ...EMPTY_CHECKOUT,
          email: 'noa@example.com',
          shippingType: { type: 'pickup', delivery: false },
          pickupInfo: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
        },
        discount: { code: 'WELCOME10' },
      }),
    )
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ giftCard: ['THNX-SUCH-ABUN-CH99'] }))
    renderCheckoutScreen(ReviewPage, '/review')
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument()

    const contact = screen.getByRole('region', { name: 'Contact' })
    expect(contact).toHaveTextContent('noa@example.com')
    expect(within(contact).getByRole('link', { name: 'Change Contact' })).toHaveAttribute('href', '/checkout#contact')
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(delivery).toHaveTextContent('Pick up at the store')
    expect(delivery).toHaveTextContent('Ready within 2 hours')
    expect(within(delivery).getByRole('link', { name: 'Change Delivery' })).toHaveAttribute(
      'href',
      '/checkout#delivery',
    )
    const pickup = screen.getByRole('region', { name: 'Pickup' })
    expect(pickup).toHaveTextContent('Noa Guest')
    expect(within(pickup).getByRole('link', { name: 'Change Pickup' })).toHaveAttribute('href', '/checkout#pickup')
    const payment = screen.getByRole('region', { name: 'Payment' })
    await waitFor(() => {
      expect(payment).toHaveTextContent('Paid by gift cards')
    })
    expect(payment).toHaveTextContent('Gift card ending in CH99')
    expect(payment).toHaveTextContent('Code WELCOME10 applied')

    expect(within(summary()).getByRole('list', { name: 'Items' })).toHaveTextContent('Stoneware Mug')
    // $18.00 less 10%, 10% tax on the rest, pickup free, all paid by the gift card.
    expect(figure('Subtotal')).toBe('$18.00')
    expect(figure('Discount (WELCOME10)')).toBe('−$1.80')
    expect(figure('Estimated tax')).toBe('$1.62')
    expect(figure('Shipping')).toBe('Free')
    expect(figure('Total')).toBe('$17.82')
    expect(figure('Gift cards')).toBe('−$17.82')
    expect(figure('Amount due')).toBe('$0.00')
  })

  it('cannot place the order while details are missing', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    expect(place).toBeDisabled()
    expect(screen.getByText('A few details are still needed before the order can be placed.')).toBeInTheDocument()
  })
})

const ready = {
  ...EMPTY_CHECKOUT,
  email: 'noa@example.com',
  shippingType: { type: 'pickup' as const, delivery: false as const },
  pickupInfo: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
}
// The card is this tab's (session storage), never local storage's.
const visaToken = { token: 'tok_visa', last4: '4242', brand: 'visa' }

function placed(body: unknown) {
  const { idempotency_key } = body as { idempotency_key: string }
  return answer(201, { ...order(), access_token: 'signed-token', key: idempotency_key })
}

describe('Placing the order', () => {
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ checkout: ready }))
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ creditInfo: visaToken }))
  })

  it('sends the order Review shows, then empties the bag and checkout and thanks the shopper', async () => {
    const sent = stubCheckoutApi({ '/api/orders': (_url, body) => placed(body) })
    const { user, router, store } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    const request = sent.find((r) => r.url.pathname === '/api/orders')
    expect(request?.body).toMatchObject({
      products: [{ id: 1001, type: 'product', quantity: 1 }],
      shipping: { type: 'pickup' },
      pickup_info: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
      payment: { token: 'tok_visa' },
      email: 'noa@example.com',
      expected_total: 1980,
      expected_amount_due: 1980,
    })
    // The server taxes the order where it goes, never at a ZIP sent beside it.
    expect(request?.body).not.toHaveProperty('zip_code')
    expect(request?.body).not.toHaveProperty('country')
    expect((request?.body as { idempotency_key: string }).idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,100}$/)
    expect(store.get(bagAtom).products).toEqual([])
    expect(store.get(checkoutAtom)).toEqual(EMPTY_CHECKOUT)
    // The card's token leaves this tab's storage with the order.
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toContain('tok_visa')
    expect(rememberedOrderToken('7KQ4-M2XD-9PRT')).toBe('signed-token')
  })

  it('is disabled while sending, so a double click sends the order once', async () => {
    const sent = stubCheckoutApi({ '/api/orders': (_url, body) => placed(body) })
    const answered = globalThis.fetch
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname === '/api/orders') await held
      return answered(request)
    })
    const { user, router } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.dblClick(place)
    expect(screen.getByRole('button', { name: 'Placing your order…' })).toBeDisabled()
    release()
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    expect(sent.filter((r) => r.url.pathname === '/api/orders')).toHaveLength(1)
  })

  it('keeps the key for a retry after no answer or a busy server', async () => {
    let calls = 0
    const sent = stubCheckoutApi({
      '/api/orders': (_url, body) => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        if (calls === 2) return answer(503, { message: 'the payment service is not answering' })
        return placed(body)
      },
    })
    const { user, router } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t place your order just now. Please try again: you will not be charged twice.',
    )
    await user.click(place)
    await waitFor(() => {
      expect(sent.filter((r) => r.url.pathname === '/api/orders')).toHaveLength(2)
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again')
    await user.click(place)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    const keys = sent
      .filter((r) => r.url.pathname === '/api/orders')
      .map((r) => (r.body as { idempotency_key: string }).idempotency_key)
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
  })

  it('keeps the key across a reload', async () => {
    sessionStorage.setItem('olive-lane-order-attempt', 'order-kept-from-before-the-reload')
    const sent = stubCheckoutApi({ '/api/orders': (_url, body) => placed(body) })
    const { user } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    await waitFor(() => {
      expect(sent.find((r) => r.url.pathname === '/api/orders')?.body).toMatchObject({
        idempotency_key: 'order-kept-from-before-the-reload',
      })
    })
  })

  it('tells a decline at the card field, keeps the rest, and takes a new key for the next card', async () => {
    let calls = 0
    const sent = stubCheckoutApi({
      '/api/orders': (_url, body) => {
        calls += 1
        return calls === 1 ? answer(402, { message: 'your card was declined' }) : placed(body)
      },
    })
    const { user, router } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    const number = await screen.findByRole('textbox', { name: 'Card number' })
    expect(number).toHaveAccessibleDescription('Your card was declined.')
    expect(number).toHaveFocus()
    // The rest of what the shopper gave stays.
    expect(screen.getByRole('region', { name: 'Pickup' })).toHaveTextContent('Noa Guest')
    expect(place).toBeDisabled()

    await user.type(number, '4242 4242 4242 4242')
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/30')
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(screen.getByRole('button', { name: 'Use this card' }))
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument()
    await user.click(place)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    const orders = sent.filter((r) => r.url.pathname === '/api/orders')
    const [first, second] = orders.map((r) => r.body as { idempotency_key: string; payment: unknown })
    expect(first?.idempotency_key).not.toBe(second?.idempotency_key)
    expect(second?.payment).toEqual({ token: 'tok_test_1' })
  })

  it('says what changed on a 409 and prices the order again', async () => {
    const sent = stubCheckoutApi({
      '/api/orders': answer(409, { message: 'the price of Stoneware Mug changed' }),
    })
    const { user } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    const quotes = () => sent.filter((r) => r.url.pathname === '/api/checkout/quote').length
    const before = quotes()
    await user.click(place)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price of Stoneware Mug changed. Something in your order changed since you reviewed it.',
    )
    await waitFor(() => {
      expect(quotes()).toBeGreaterThan(before)
    })
    expect(sessionStorage.getItem('olive-lane-order-attempt')).toBeNull()
  })

  it('tells a refused field', async () => {
    stubCheckoutApi({
      '/api/orders': answer(400, { message: 'pickup_info.phone: the phone number is not right' }),
    })
    const { user } = renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    expect(await screen.findByRole('alert')).toHaveTextContent('The phone number is not right.')
  })
})

describe('Review: priced where the order goes', () => {
  const ebook = pricedLine({ id: 2001, item_type: 'digital', title: 'E-book' })
  const digital = {
    ...EMPTY_CHECKOUT,
    email: 'noa@example.com',
    digitalInfo: { email: 'noa@example.com', postal_code: '11201', country: 'US' },
  }

  beforeEach(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ creditInfo: visaToken }))
  })

  it('prices a digital-only order at its billing postal code first, then sends that, and no ZIP beside it', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ checkout: digital }))
    const sent = stubCheckoutApi({ '/api/orders': (_url, body) => placed(body) }, [ebook])
    const { user, router } = renderCheckoutScreen(ReviewPage, '/review', { lines: [ebook] })
    const delivery = await screen.findByRole('region', { name: 'Digital delivery' })
    // The zip held (10001) is not where the order is taxed: it waits, saying why.
    const place = screen.getByRole('button', { name: 'Place order' })
    expect(place).toBeDisabled()
    expect(place).toHaveAccessibleDescription('Updating the figures for your address…')
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    expect(delivery).toHaveTextContent('Billing address: 11201, United States')
    const quoted = sent.filter((r) => r.url.pathname === '/api/checkout/quote').at(-1)
    expect(quoted?.body).toMatchObject({ zip_code: '11201', country: 'US' })

    await user.click(place)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    const request = sent.find((r) => r.url.pathname === '/api/orders')
    expect(request?.body).toMatchObject({
      digital_info: { email: 'noa@example.com', postal_code: '11201', country: 'US' },
      payment: { token: 'tok_visa' },
    })
    expect(request?.body).not.toHaveProperty('zip_code')
    expect(request?.body).not.toHaveProperty('country')
    expect(request?.body).not.toHaveProperty('shipping')
  })

  it('cannot place an order whose address cannot be located, and says why', async () => {
    const address = {
      name: 'Noa Guest',
      line1: '2 Fig St',
      line2: '',
      city: 'Nowhere',
      region: '',
      postal_code: '00000',
      country: 'US',
      phone: '2125550101',
    }
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        checkout: {
          ...EMPTY_CHECKOUT,
          email: 'noa@example.com',
          shippingType: { type: 'ship', id: 1, delivery: true },
          shippingInfo: { address },
        },
      }),
    )
    const sent = stubCheckoutApi({ '/api/orders': (_url, body) => placed(body) })
    renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toHaveAccessibleDescription('We couldn’t find your address’s ZIP or postal code. Please check it.')
    })
    expect(place).toBeDisabled()
    expect(screen.queryByText('A few details are still needed before the order can be placed.')).not.toBeInTheDocument()
    expect(sent.filter((r) => r.url.pathname === '/api/orders')).toHaveLength(0)
  })
})

describe('Review for a signed-in customer', () => {
  it('starts from the default address and card, and changes them in place', async () => {
    const sent = stubCheckoutApi()
    const dana = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })
    const { user } = renderCheckoutScreen(ReviewPage, '/review', { customer: dana })

    // The cheapest method is chosen for her.
    const delivery = await screen.findByRole('region', { name: 'Delivery' })
    await waitFor(() => {
      expect(figure('Shipping')).toBe('$5.99')
    })
    expect(delivery).toHaveTextContent('Estimated arrival: Friday, December 4, 2026')

    const address = screen.getByRole('region', { name: 'Shipping address' })
    expect(address).toHaveTextContent('5 Market St')
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect(payment).toHaveTextContent('American Express ending in 0005')

    const change = within(address).getByRole('button', { name: 'Change Shipping address' })
    expect(change).toHaveAttribute('aria-expanded', 'false')
    await user.click(change)
    await user.click(within(address).getByRole('radio', { name: /1 Olive Lane/ }))
    // The order is priced where it now goes.
    await waitFor(() => {
      expect(sent.filter((r) => r.url.pathname === '/api/checkout/quote').at(-1)?.body).toMatchObject({
        zip_code: '62704',
      })
    })
    await user.click(within(address).getByRole('button', { name: 'Done Shipping address' }))
    expect(within(address).queryByRole('radio')).not.toBeInTheDocument()
    expect(address).toHaveTextContent('1 Olive Lane')

    await user.click(within(payment).getByRole('button', { name: 'Change Payment' }))
    await user.click(within(payment).getByRole('radio', { name: 'Visa ending in 4242' }))
    await user.click(within(payment).getByRole('button', { name: 'Done Payment' }))
    expect(payment).toHaveTextContent('Visa ending in 4242')
    expect(screen.queryByText('A few details are still needed before the order can be placed.')).not.toBeInTheDocument()
  })
})

describe('Review comes ready to place for a customer', () => {
  const dana = (overrides: Partial<Customer> = {}) =>
    signedInCustomer({ addresses: [home, work], payments: [visa], ...overrides })

  it('chooses the cheapest method and shows the saved address, so the order can be placed at once', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { customer: dana() })
    expect(await chosenMethod()).toBe('Standard')
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('5 Market St')
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled()
    })
    expect(screen.queryByText('A few details are still needed before the order can be placed.')).not.toBeInTheDocument()
  })

  /** The method Review shows as chosen: its choice closed, its name said. */
  async function chosenMethod() {
    const delivery = await screen.findByRole('region', { name: 'Delivery' })
    await waitFor(() => {
      expect(within(delivery).queryByRole('radio')).not.toBeInTheDocument()
    })
    return within(delivery).getByText(/Standard|Expedited|Overnight/).textContent
  }

  it('chooses the delivery of the last order', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { customer: dana({ last_delivery: { type: 'ship', id: 2 } }) })
    expect(await chosenMethod()).toBe('Expedited')
  })

  it('chooses the cheapest when the last order’s method is not offered here', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { customer: dana({ last_delivery: { type: 'ship', id: 99 } }) })
    expect(await chosenMethod()).toBe('Standard')
  })

  it('chooses pickup when the last order was picked up', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { customer: dana({ last_delivery: { type: 'pickup' } }) })
    const pickup = await screen.findByRole('region', { name: 'Pickup' })
    expect(pickup).toHaveTextContent('Dana Levi')
    expect(pickup).toHaveTextContent('2125550100')
  })

  it('shows the saved address before the delivery options are in', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { customer: dana(), located: false })
    expect(await screen.findByRole('region', { name: 'Shipping address' })).toHaveTextContent('5 Market St')
  })

  it('greys a Place order it cannot press, and names what is missing with a way to it', async () => {
    stubCheckoutApi()
    const { user } = renderCheckoutScreen(ReviewPage, '/review', { customer: dana({ payments: [] }) })
    const place = await screen.findByRole('button', { name: 'Place order' })
    expect(place).toBeDisabled()
    // Not the brand's green of a button that works (Checkout.module.css greys it).
    expect(place.className).toMatch(/placeButton/)
    const add = await screen.findByRole('button', { name: 'Add a card' })
    expect(screen.queryByRole('button', { name: 'Choose a delivery method' })).not.toBeInTheDocument()
    await user.click(add)
    expect(
      within(screen.getByRole('region', { name: 'Payment' })).getByRole('textbox', { name: 'Card number' }),
    ).toHaveFocus()
  })
})

describe('Review says what a guest still needs', () => {
  it('links each missing detail to where it is given on Checkout', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review')
    expect(await screen.findByRole('link', { name: 'Choose a delivery method' })).toHaveAttribute(
      'href',
      '/checkout#delivery',
    )
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/checkout#payment')
  })

  it('asks for the address once a method is chosen', async () => {
    stubCheckoutApi()
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ checkout: { ...EMPTY_CHECKOUT, shippingType: { type: 'ship', id: 1, delivery: true } } }),
    )
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ creditInfo: visaToken }))
    renderCheckoutScreen(ReviewPage, '/review')
    expect(await screen.findByRole('link', { name: 'Add a shipping address' })).toHaveAttribute(
      'href',
      '/checkout#address',
    )
    expect(screen.queryByRole('link', { name: 'Add a card' })).not.toBeInTheDocument()
  })
})

describe('Review shows what exactly is ordered', () => {
  const candle = pricedLine({
    id: 1002,
    title: 'Hand-Poured Soy Candle',
    heb_title: undefined,
    options: [{ name: 'Scent', value: 'Lavender Field', heb_name: 'ניחוח', heb_value: 'שדה לבנדר' }],
    gift_options: true,
    personalization: { initials: 'NOA' },
    meta: {
      gift_options: { price: 500 },
      personalization: [{ key: 'initials', label: 'Initials', heb_label: 'ראשי תיבות', max_length: 3, price: 600 }],
    },
  })

  it('shows each line’s choices under its title, with no dangling separator', async () => {
    stubCheckoutApi({}, [candle])
    renderCheckoutScreen(ReviewPage, '/review', { lines: [candle] })
    const items = await within(summary()).findByRole('list', { name: 'Items' })
    const title = within(items).getByText('Hand-Poured Soy Candle')
    expect(title.textContent).toBe('Hand-Poured Soy Candle')
    const details = within(title.parentElement as HTMLElement).getByRole('list')
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((part) => part.textContent),
    ).toEqual(['Quantity: 1', 'Scent: Lavender Field', 'Gift wrapped', 'Initials: NOA'])
    expect(items).not.toHaveTextContent('·')
  })

  it('in Hebrew, with the catalogue’s Hebrew words', async () => {
    stubCheckoutApi({}, [candle])
    renderCheckoutScreen(ReviewPage, '/review', { lines: [candle], language: 'heb' })
    const items = await screen.findByRole('list', { name: 'פריטים' })
    expect(items).toHaveTextContent('ניחוח: שדה לבנדר')
    expect(items).toHaveTextContent('ארוז כמתנה')
    expect(items).toHaveTextContent('ראשי תיבות: NOA')
  })

  it('tells who gets an e-gift card and when, and that the receipt goes to the buyer', async () => {
    const eGift = pricedLine({
      id: 105901,
      type: 'variation',
      item_type: 'digital',
      title: 'Birthday Balloons E-Gift Card',
      heb_title: undefined,
      personalization: {
        recipient_name: 'Avi',
        recipient_email: 'avi@example.com',
        message: 'Happy birthday, Avi!',
        send_on: '2026-11-27',
      },
    })
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        checkout: {
          ...EMPTY_CHECKOUT,
          digitalInfo: { email: 'buyer@example.com', postal_code: '10001', country: 'US' },
        },
      }),
    )
    stubCheckoutApi({}, [eGift])
    renderCheckoutScreen(ReviewPage, '/review', { lines: [eGift] })
    const delivery = await screen.findByRole('region', { name: 'Digital delivery' })
    await waitFor(() => {
      expect(delivery).toHaveTextContent('Birthday Balloons E-Gift Card')
    })
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((part) => part.textContent),
    ).toEqual(['To: Avi <avi@example.com>', 'Sends on Fri, Nov 27'])
    expect(delivery).toHaveTextContent('Receipt to buyer@example.com')
  })
})

describe('Review in Hebrew', () => {
  it('speaks Hebrew', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { language: 'heb' })
    expect(await screen.findByRole('heading', { level: 1, name: 'סקירת ההזמנה' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'שליחת ההזמנה' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'שינוי משלוח' })).toHaveAttribute('href', '/checkout#delivery')
  })
})

describe('SignIn', () => {
  it('offers Login, or checkout as a guest', async () => {
    const { user, router } = renderCheckoutScreen(SignInPage, '/sign-in')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    await user.click(screen.getByRole('link', { name: 'Continue as guest' }))
    expect(router.state.location.pathname).toBe('/checkout')
  })

  it('speaks Hebrew', async () => {
    renderCheckoutScreen(SignInPage, '/sign-in', { language: 'heb' })
    expect(await screen.findByRole('heading', { level: 1, name: 'כניסה' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'המשך כאורח' })).toHaveAttribute('href', '/checkout')
  })
})
