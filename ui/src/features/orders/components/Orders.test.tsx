import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberOrderToken } from '@/lib/orders'
import { STORAGE_KEY } from '@/lib/persist'
import { languageAtom, type Language } from '@/lib/preferences'
import { customerAtom, type Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments } from '@/testing/fixtures'
import { order, orderLine } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { aReturn, returnOptions } from '@/testing/returns'
import { GuestStatusPage } from './GuestStatusPage'
import { ThankYouPage } from './ThankYouPage'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

function renderScreen(
  Screen: ComponentType,
  routePath: string,
  path: string,
  language: Language = 'eng',
  customer: Customer | null = null,
) {
  const store = createStore()
  store.set(languageAtom, language)
  store.set(customerAtom, customer)
  const router = createMemoryRouter(
    [
      { path: routePath, Component: Screen },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { router, user: userEvent.setup() }
}

const NUMBER = '7KQ4-M2XD-9PRT'

// Order lines carry the variation's choices and the catalogue's personalization labels.
const anOrder = (overrides: Parameters<typeof order>[0] = {}) => order({ lines: [orderLine()], ...overrides })

const countries = [{ value: 'US', label: 'United States', heb_label: 'ארצות הברית' }]

/** The candle with its scent, gift wrapped and with initials; and an e-gift card for Avi. */
const candle = orderLine({
  id: 1002,
  title: 'Hand-Poured Soy Candle',
  heb_title: undefined,
  sku: 'HG-CDL-LAV',
  options: [{ name: 'Scent', value: 'Lavender Field', heb_name: 'ניחוח', heb_value: 'שדה לבנדר' }],
  gift_options: true,
  personalization: { initials: 'NOA' },
  labels: [{ key: 'initials', label: 'Initials', heb_label: 'ראשי תיבות' }],
})
const eGift = orderLine({
  id: 105901,
  type: 'variation',
  item_type: 'digital',
  title: 'Birthday Balloons E-Gift Card',
  heb_title: undefined,
  gift_card: true,
  quantity: 1,
  personalization: {
    recipient_name: 'Avi',
    recipient_email: 'avi@example.com',
    message: 'Happy birthday, Avi!',
    send_on: '2026-11-27',
  },
})
const giftOrder = anOrder({ lines: [eGift], delivery: { type: 'digital' } })

/** The texts of a line's details, in order. */
const detailsOf = (item: HTMLElement) =>
  within(within(item).getByRole('list'))
    .getAllByRole('listitem')
    .map((part) => part.textContent)

describe('the thank-you page', () => {
  beforeEach(() => {
    rememberOrderToken(NUMBER, 'signed-token')
  })

  it('shows the order just placed, with the token this tab kept', async () => {
    const sent = stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder() })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(await screen.findByText(NUMBER)).toBeInTheDocument()
    expect(screen.getByText('We sent the confirmation to noa@example.com.')).toBeInTheDocument()
    const items = screen.getByRole('list', { name: 'Items' })
    expect(items).toHaveTextContent('Stoneware Mug')
    expect(items).toHaveTextContent('Qty 2')
    expect(items).toHaveTextContent('$18.00 each')
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(totals).toHaveTextContent('Shipping$5.99')
    expect(totals).toHaveTextContent('Total$45.19')
    expect(totals).toHaveTextContent('Paid by card ending in 4242$45.19')
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('1 Olive Lane')
    expect(screen.getByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      `/view-invoice/${NUMBER}?token=signed-token`,
    )
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      `/orders/guest/${NUMBER}/status?token=signed-token`,
    )
    expect(sent[0]?.url.searchParams.get('token')).toBe('signed-token')
    await waitFor(() => {
      expect(document.title).toBe('Thank You | Olive Lane')
    })
  })

  it('says when the order cannot be found, with a way to look it up', async () => {
    stubApiWithBodies({})
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find this order.')
    expect(screen.getByRole('link', { name: 'Look up an order' })).toHaveAttribute(
      'href',
      `/orders/guest/${NUMBER}/status`,
    )
  })

  it('offers to try again when loading failed', async () => {
    let calls = 0
    stubApiWithBodies({
      [`/api/orders/${NUMBER}`]: () => {
        calls += 1
        return calls === 1 ? answer(500, { message: 'reference 42' }) : anOrder()
      },
    })
    const { user } = renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(NUMBER)).toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder() })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`, 'heb')
    expect(screen.getByRole('heading', { level: 1, name: 'תודה על ההזמנה!' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'לצפייה בחשבונית' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'פריטים' })).toHaveTextContent('ספל אבן')
  })
})

describe('the thank-you page says what was ordered and how it comes', () => {
  beforeEach(() => {
    rememberOrderToken(NUMBER, 'signed-token')
  })

  it('shows each line’s variation, gift wrap and personalization, labelled', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder({ lines: [candle] }) })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    const items = await screen.findByRole('list', { name: 'Items' })
    const [item] = within(items)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === items)
    expect(detailsOf(item as HTMLElement)).toEqual([
      'Qty 2',
      '$18.00 each',
      'Scent: Lavender Field',
      'Gift wrapped',
      'Initials: NOA',
    ])
  })

  it('tells who gets each e-gift card and when, and where the receipt goes', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: giftOrder })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    const delivery = await screen.findByRole('region', { name: 'Delivery' })
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((part) => part.textContent),
    ).toEqual(['To: Avi <avi@example.com>', 'Sends on Fri, Nov 27'])
    expect(delivery).toHaveTextContent('Receipt to noa@example.com')
    expect(delivery).not.toHaveTextContent('Delivered by e-mail')
    // The line itself says it too, with labels and the day as a date.
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent(
      'To: Avi <avi@example.com>Message: Happy birthday, Avi!Sends on Fri, Nov 27',
    )
    expect(screen.queryByText(/2026-11-27/)).not.toBeInTheDocument()
  })

  it('offers a guest an account under the order’s e-mail', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder({ email: 'noa+gifts@example.com' }) })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    const link = await screen.findByRole('link', { name: 'Create an account to track this order and check out faster' })
    expect(link).toHaveAttribute('href', '/register?email=noa%2Bgifts%40example.com')
    expect(screen.getByText('Your orders with this e-mail will be in your account.')).toBeInTheDocument()
  })

  it('offers no account to a signed-in customer', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder() })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`, 'eng', signedInCustomer())
    expect(await screen.findByRole('link', { name: 'View the invoice' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Create an account/ })).not.toBeInTheDocument()
  })

  it('in Hebrew, names the method and the country in Hebrew, and keeps Latin lines and the phone the right way round', async () => {
    const hebrew = anOrder({ delivery: { ...order().delivery, heb_method_name: 'משלוח רגיל' } })
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: hebrew, '/api/countries': countries })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`, 'heb')
    const delivery = await screen.findByRole('region', { name: 'משלוח' })
    expect(delivery).toHaveTextContent('משלוח רגיל')
    expect(delivery).not.toHaveTextContent('Standard')
    expect(await within(delivery).findByText('ארצות הברית')).toBeInTheDocument()
    // Each Latin line is isolated inside a line that keeps the block's alignment.
    const street = within(delivery).getByText('1 Olive Lane')
    expect(street.tagName).toBe('BDI')
    expect(street.parentElement).not.toHaveAttribute('dir')
    const phone = within(delivery).getByText('212 555 0100')
    expect(phone.tagName).toBe('BDI')
    expect(phone).toHaveAttribute('dir', 'ltr')
    expect(phone.parentElement).not.toHaveAttribute('dir')
  })
})

describe('the thank-you page offers a customer to repeat the order', () => {
  const home = {
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
  const visa = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_1', default: true }
  const dana = signedInCustomer({ addresses: [home], payments: [visa] })
  const REPEAT = `/api/customer/orders/${NUMBER}/repeat`
  const recurring = {
    subscription: {
      id: 12,
      status: 'active',
      interval: '2w',
      next_delivery: '2026-12-09',
      address_id: 31,
      payment_id: 21,
      shipping_method: 1,
      repeats_order: NUMBER,
      card_declines: 0,
      charging: false,
      lines: [],
      created_at: '2026-11-25T10:00:00Z',
    },
    deliveries: [],
    history: [],
  }

  /** The whole app, whose route hands the page "Repeat this order", for `customer` (null: a guest). */
  function visit(customer: Customer | null, routes: Parameters<typeof stubApiWithBodies>[0] = {}, language = 'eng') {
    rememberOrderToken(NUMBER, 'signed-token')
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer, language }))
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/customer': customer ?? answer(403, { message: 'sign in' }),
      [`/api/orders/${NUMBER}`]: anOrder(),
      ...routes,
    })
    return { sent, ...renderApp(`/thank-you/${NUMBER}`) }
  }

  it('repeats a shipped order for a signed-in customer, then confirms it', async () => {
    const { sent, router } = visit(dana, {
      [REPEAT]: answer(201, recurring),
      '/api/customer/subscriptions/12': recurring,
    })
    const user = userEvent.setup()
    const section = await screen.findByRole('region', { name: 'Repeat this order' })
    expect(screen.getByRole('region', { name: 'Delivery' })).toBeInTheDocument()
    const often = within(section).getByRole('combobox', { name: 'How often' })
    expect(often).toHaveValue('4w')
    expect(within(section).getByRole('combobox', { name: 'Ship to' })).toHaveDisplayValue(
      'Dana Levi, 1 Olive Lane, New York',
    )
    expect(within(section).getByRole('combobox', { name: 'Pay with' })).toHaveDisplayValue('Visa ending in 4242')

    await user.selectOptions(often, 'Every 2 weeks')
    await user.click(within(section).getByRole('button', { name: 'Repeat this order' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Recurring Order Confirmation' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/recurring-confirmation/12')
    expect(sent.find((r) => r.url.pathname === REPEAT)).toMatchObject({
      method: 'POST',
      body: { interval: '2w', address_id: 31, payment_id: 21 },
    })
  })

  it('speaks Hebrew', async () => {
    visit(dana, {}, 'heb')
    const section = await screen.findByRole('region', { name: 'הזמנה חוזרת' })
    expect(within(section).getByRole('combobox', { name: 'באיזו תדירות' })).toHaveDisplayValue('כל 4 שבועות')
    expect(within(section).getByRole('button', { name: 'לחזור על ההזמנה' })).toBeInTheDocument()
  })

  it('offers nothing of the kind to a guest', async () => {
    visit(null)
    expect(await screen.findByRole('region', { name: 'Delivery' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Create an account/ })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Repeat this order' })).not.toBeInTheDocument()
  })

  it('offers nothing of the kind for an order picked up at the store', async () => {
    visit(dana, {
      [`/api/orders/${NUMBER}`]: anOrder({
        delivery: { type: 'pickup', contact_name: 'Dana Levi', contact_phone: '212 555 0100' },
      }),
    })
    expect(await screen.findByRole('region', { name: 'Delivery' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Repeat this order' })).not.toBeInTheDocument()
  })
})

describe('the invoice', () => {
  it('shows the invoice without the header and footer, and prints', async () => {
    rememberOrderToken(NUMBER, 'signed-token')
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/store': { name: 'Olive Lane', heb_name: 'שדרת הזית', help_email: 'help@example.com' },
      '/api/countries': countries,
      [`/api/orders/${NUMBER}`]: anOrder({
        gift_cards: [{ last_four: 'CH99', amount: 1000 }],
        lines: [
          candle,
          orderLine({
            id: 2002,
            title: 'Linen Towel',
            sku: 'HG-TWL-002',
            quantity: 1,
            unit_price: 900,
            merchandise: 900,
          }),
        ],
      }),
    })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    renderApp(`/view-invoice/${NUMBER}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(detailsOf(rows[1] as HTMLElement)).toEqual(['Scent: Lavender Field', 'Gift wrapped', 'Initials: NOA'])
    expect(rows[2]).toHaveTextContent('Linen Towel (HG-TWL-002)1$9.00$9.00')
    expect(screen.getByRole('region', { name: 'Bill to' })).toHaveTextContent('noa@example.com')
    expect(screen.getByRole('region', { name: 'Ship to' })).toHaveTextContent('1 Olive Lane')
    expect(
      await within(screen.getByRole('region', { name: 'Ship to' })).findByText('United States'),
    ).toBeInTheDocument()
    expect(screen.getByText('Gift card ending in CH99')).toBeInTheDocument()
    expect(screen.getByText('Paid by card ending in 4242')).toBeInTheDocument()
    expect(screen.getByText('12 HaZayit Boulevard')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    await waitFor(() => {
      expect(document.title).toBe('Invoice | Olive Lane')
    })
  })
})

describe('the guest order status page', () => {
  it('finds the order by its number and e-mail, and says why not first', async () => {
    let calls = 0
    const sent = stubApiWithBodies({
      [`/api/orders/${NUMBER}/status`]: () => {
        calls += 1
        if (calls === 1) return answer(404, { message: 'Not found' })
        if (calls === 2)
          return new Response(JSON.stringify({ message: 'Too many order look-ups.' }), {
            status: 429,
            headers: { 'Retry-After': '30' },
          })
        return anOrder({
          status: 'shipped',
          history: [...anOrder().history, { status: 'shipped', at: '2026-11-26T09:00:00Z' }],
        })
      },
    })
    const { user } = renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status`)
    expect(screen.getByRole('heading', { level: 1, name: 'Order Status' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue(NUMBER)
    const show = screen.getByRole('button', { name: 'Show my order' })
    await user.click(show)
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Please fill in this field.')

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'noa@example.com')
    await user.click(show)
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find an order with this number and e-mail.')
    await user.click(show)
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.')
    await user.click(show)
    expect(await screen.findByRole('region', { name: 'Status' })).toHaveTextContent('Shipped')
    expect(screen.getByRole('list', { name: 'Order history' })).toHaveTextContent(
      /Placed Nov 25, 2026.*Shipped Nov 26, 2026/,
    )
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Stoneware Mug')
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('Standard')
    expect(sent.filter((r) => r.url.pathname.endsWith('/status')).at(-1)?.body).toEqual({ email: 'noa@example.com' })
  })

  it('opens at once with the signed link of the confirmation mail', async () => {
    const sent = stubApiWithBodies({ [`/api/orders/${NUMBER}`]: anOrder() })
    renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status?token=mail-token`)
    expect(await screen.findByRole('region', { name: 'Status' })).toHaveTextContent('Paid')
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(sent[0]?.url.searchParams.get('token')).toBe('mail-token')
  })

  it('offers a guest to return items from a delivered order with its token, and lists the returns in Hebrew', async () => {
    const sent = stubApiWithBodies({
      [`/api/orders/${NUMBER}`]: anOrder({ status: 'delivered' }),
      [`/api/orders/${NUMBER}/returns`]: returnOptions({ returns: [aReturn()] }),
    })
    renderScreen(
      GuestStatusPage,
      '/orders/guest/:order_id/status',
      `/orders/guest/${NUMBER}/status?token=mail-token`,
      'heb',
    )
    const returns = await screen.findByRole('region', { name: 'החזרות' })
    expect(within(returns).getByRole('link', { name: `החזרת פריטים מהזמנה ${NUMBER}` })).toHaveAttribute(
      'href',
      `/return?order=${NUMBER}&token=mail-token`,
    )
    const list = await within(returns).findByRole('list', { name: 'ההחזרות של ההזמנה הזאת' })
    expect(list).toHaveTextContent('הבקשה נשלחה')
    expect(list).toHaveTextContent('ספל אבן × 1')
    expect(within(list).getByRole('link', { name: `לצפייה בהחזרה ${NUMBER}-1` })).toHaveAttribute(
      'href',
      `/return-confirmation/${NUMBER}-1?token=mail-token`,
    )
    expect(sent.find((r) => r.url.pathname.endsWith('/returns'))?.url.searchParams.get('token')).toBe('mail-token')
  })

  it('opens the returns of an order found by its e-mail with the token the look-up answered', async () => {
    const sent = stubApiWithBodies({
      [`/api/orders/${NUMBER}/status`]: anOrder({ status: 'delivered', access_token: 'looked-up' }),
      [`/api/orders/${NUMBER}/returns`]: returnOptions(),
    })
    const { user } = renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status`)
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'noa@example.com')
    await user.click(screen.getByRole('button', { name: 'Show my order' }))
    const returns = await screen.findByRole('region', { name: 'Returns' })
    expect(within(returns).getByRole('link', { name: `Return items from order ${NUMBER}` })).toHaveAttribute(
      'href',
      `/return?order=${NUMBER}&token=looked-up`,
    )
    await waitFor(() => {
      expect(sent.find((r) => r.url.pathname.endsWith('/returns'))?.url.searchParams.get('token')).toBe('looked-up')
    })
  })

  it('speaks Hebrew', () => {
    stubApiWithBodies({})
    renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status`, 'heb')
    expect(screen.getByRole('heading', { level: 1, name: 'סטטוס הזמנה' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הצגת ההזמנה' })).toBeInTheDocument()
  })
})

describe('the invoice in Hebrew', () => {
  it('names the country in Hebrew, and keeps the e-mail on a line of its column that may break', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    rememberOrderToken(NUMBER, 'signed-token')
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/store': { name: 'Olive Lane', heb_name: 'שדרת הזית', help_email: 'help@example.com' },
      '/api/countries': countries,
      [`/api/orders/${NUMBER}`]: anOrder({ email: 'noa.guest.with.a.long.address@example.com' }),
    })
    renderApp(`/view-invoice/${NUMBER}`)
    const shipTo = await screen.findByRole('region', { name: 'למשלוח' })
    expect(await within(shipTo).findByText('ארצות הברית')).toBeInTheDocument()
    const email = within(screen.getByRole('region', { name: 'לחיוב' })).getByText(
      'noa.guest.with.a.long.address@example.com',
    )
    // Isolated, inside a line that keeps the column's direction and wraps anywhere
    // (a bare <bdi> in the column was a left-to-right box running out of it).
    expect(email.tagName).toBe('BDI')
    expect(email.parentElement?.className).toMatch(/addressLine/)
  })
})
