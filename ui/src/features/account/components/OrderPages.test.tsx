import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments, quoteAnswer } from '@/testing/fixtures'
import { order, orderLine } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { aReturn, returnOptions } from '@/testing/returns'
import { boughtBefore } from './OrderPages'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer()

// Order lines carry the variation's choices and the catalogue's personalization labels.
const anOrder = (overrides: Parameters<typeof order>[0] = {}) => order({ lines: [orderLine()], ...overrides })

function signedIn(routes: Parameters<typeof stubApiWithBodies>[0] = {}) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: dana }))
  return stubApiWithBodies({ '/api/categories': departments, '/api/customer': dana, ...routes })
}

const older = anOrder({
  number: 'AAAA-BBBB-CCCC',
  placed_at: '2026-10-01T10:00:00Z',
  status: 'delivered',
  lines: [
    orderLine({ id: 3003, product_id: 3003, title: 'Olive Wood Board', path: '/products/olive-wood-board/3003' }),
    orderLine(),
  ],
  totals: { ...anOrder().totals, total: 2500 },
})
const newer = anOrder({
  lines: [
    orderLine(),
    orderLine({
      id: 105901,
      product_id: 1059,
      type: 'variation',
      item_type: 'digital',
      title: 'Birthday Balloons E-Gift Card',
      path: '/products/birthday-balloons-e-gift-card/1059',
      gift_card: true,
      personalization: {
        recipient_name: 'Avi',
        recipient_email: 'avi@example.com',
        message: '',
        send_on: '2026-11-25',
      },
    }),
  ],
})
const unpaid = anOrder({
  number: 'DDDD-EEEE-FFFF',
  status: 'placed',
  lines: [orderLine({ id: 4004, item_type: 'digital', title: 'Audio Book' })],
})

describe('My Orders', () => {
  it('lists the orders newest first, with status, date, total and a link', async () => {
    signedIn({ '/api/customer/orders': { orders: [newer, older] } })
    renderApp('/account/orders')
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Your orders, newest first' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Order 7KQ4-M2XD-9PRT')
    expect(items[0]).toHaveTextContent('Placed Nov 25, 2026')
    expect(items[0]).toHaveTextContent('Total $45.19')
    expect(items[0]).toHaveTextContent('Paid')
    expect(items[1]).toHaveTextContent('Delivered')
    expect(within(list).getByRole('link', { name: 'View order AAAA-BBBB-CCCC' })).toHaveAttribute(
      'href',
      '/account/orders/AAAA-BBBB-CCCC',
    )
  })

  it('says when there are none', async () => {
    signedIn({ '/api/customer/orders': { orders: [] } })
    renderApp('/account/orders')
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/')
  })

  it('says when they could not be loaded, and tries again', async () => {
    let failing = true
    signedIn({
      '/api/customer/orders': () => (failing ? answer(500, { message: 'reference 42' }) : { orders: [older] }),
    })
    renderApp('/account/orders')
    expect(await screen.findByText('We couldn’t load your orders. Please try again.')).toBeInTheDocument()
    failing = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Order AAAA-BBBB-CCCC')).toBeInTheDocument()
  })

  it('shows one order with its history and the invoice link', async () => {
    signedIn({ '/api/orders/7KQ4-M2XD-9PRT': newer })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument()
    const status = await screen.findByRole('region', { name: 'Status' })
    expect(within(status).getByRole('list', { name: 'Order history' })).toHaveTextContent(/Placed.*Paid/)
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('Birthday Balloons E-Gift Card')
    expect(screen.getByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      '/view-invoice/7KQ4-M2XD-9PRT',
    )
  })

  it('shows what each line was ordered with, labelled', async () => {
    const board = orderLine({
      id: 3003,
      title: 'Olive Wood Board',
      heb_title: undefined,
      gift_options: true,
      personalization: { initials: 'NOA' },
      labels: [{ key: 'initials', label: 'Initials' }],
    })
    signedIn({ '/api/orders/7KQ4-M2XD-9PRT': anOrder({ lines: [board] }) })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    const items = await screen.findByRole('region', { name: 'Items' })
    expect(within(items).getByText('Gift wrapped')).toBeInTheDocument()
    expect(within(items).getByText('NOA').parentElement).toHaveTextContent(/^Initials: NOA$/)
  })

  it('offers to return items from a delivered order, and lists its returns', async () => {
    const sent = signedIn({
      '/api/orders/AAAA-BBBB-CCCC': older,
      '/api/orders/AAAA-BBBB-CCCC/returns': returnOptions({
        order_number: 'AAAA-BBBB-CCCC',
        returns: [
          aReturn({
            number: 'AAAA-BBBB-CCCC-1',
            order_number: 'AAAA-BBBB-CCCC',
            status: 'refunded',
            lines: [{ position: 0, title: 'Olive Wood Board', quantity: 1, reason: 'defective', amount: 2450 }],
            refund: { items: 2450, shipping: 0, label_fee: 0, total: 2450, to_card: 2450, to_store_credit: 0 },
          }),
        ],
      }),
    })
    renderApp('/account/orders/AAAA-BBBB-CCCC')
    const returns = await screen.findByRole('region', { name: 'Returns' })
    expect(within(returns).getByRole('link', { name: 'Return items from order AAAA-BBBB-CCCC' })).toHaveAttribute(
      'href',
      '/return?order=AAAA-BBBB-CCCC',
    )
    const list = await within(returns).findByRole('list', { name: 'Returns of this order' })
    expect(list).toHaveTextContent('Return AAAA-BBBB-CCCC-1')
    expect(list).toHaveTextContent('Refunded')
    expect(list).toHaveTextContent('Olive Wood Board × 1')
    expect(list).toHaveTextContent('Refund $24.50')
    expect(within(list).getByRole('link', { name: 'View return AAAA-BBBB-CCCC-1' })).toHaveAttribute(
      'href',
      '/return-confirmation/AAAA-BBBB-CCCC-1',
    )
    expect(sent.find((r) => r.url.pathname === '/api/orders/AAAA-BBBB-CCCC/returns')?.url.search).toBe('')
  })

  it('says when nothing more can be returned', async () => {
    signedIn({
      '/api/orders/AAAA-BBBB-CCCC': older,
      '/api/orders/AAAA-BBBB-CCCC/returns': returnOptions({ closed: 'the 30 days to return this order are over' }),
    })
    renderApp('/account/orders/AAAA-BBBB-CCCC')
    const returns = await screen.findByRole('region', { name: 'Returns' })
    expect(await within(returns).findByText('The 30 days to return this order are over.')).toBeInTheDocument()
    expect(within(returns).queryByRole('link')).not.toBeInTheDocument()
  })

  it('still shows a delivered order when its returns cannot be loaded', async () => {
    signedIn({
      '/api/orders/AAAA-BBBB-CCCC': older,
      '/api/orders/AAAA-BBBB-CCCC/returns': answer(500, { message: 'reference 42' }),
    })
    renderApp('/account/orders/AAAA-BBBB-CCCC')
    expect(await screen.findByRole('region', { name: 'Items' })).toHaveTextContent('Olive Wood Board')
    const returns = screen.getByRole('region', { name: 'Returns' })
    await waitFor(() => {
      expect(within(returns).queryByRole('list')).not.toBeInTheDocument()
    })
    expect(within(returns).getByRole('link', { name: 'Return items from order AAAA-BBBB-CCCC' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks about returns only for a delivered order', async () => {
    const sent = signedIn({ '/api/orders/7KQ4-M2XD-9PRT': newer })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    expect(await screen.findByRole('region', { name: 'Items' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Return items/ })).not.toBeInTheDocument()
    expect(sent.some((r) => r.url.pathname.endsWith('/returns'))).toBe(false)
  })

  it('says when the order is not the customer’s', async () => {
    signedIn()
    renderApp('/account/orders/ZZZZ-ZZZZ-ZZZZ')
    expect(await screen.findByText('We couldn’t find this order in your account.')).toBeInTheDocument()
  })
})

describe('Repeat this order', () => {
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
    default: false,
  }
  const work = { ...home, id: 32, line1: '9 Cedar Street', city: 'Brooklyn', default: true }
  const visa = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_1', default: true }
  const amex = { ...visa, id: 22, brand: 'amex', last4: '0005', token: 'tok_2', default: false }
  const saver = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })
  const REPEAT = '/api/customer/orders/7KQ4-M2XD-9PRT/repeat'
  // The recurring order the server answers with (only what the confirmation reads).
  const recurring = {
    subscription: {
      id: 12,
      status: 'active',
      interval: '1m',
      next_delivery: '2026-12-25',
      address_id: 31,
      payment_id: 22,
      shipping_method: 1,
      repeats_order: '7KQ4-M2XD-9PRT',
      card_declines: 0,
      charging: false,
      lines: [],
      created_at: '2026-11-25T10:00:00Z',
    },
    deliveries: [],
    history: [],
  }

  function signedInAs(customer: Customer, routes: Parameters<typeof stubApiWithBodies>[0] = {}) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer }))
    return stubApiWithBodies({ '/api/categories': departments, '/api/customer': customer, ...routes })
  }

  it('repeats a shipped order with the interval, address and card chosen, then confirms it', async () => {
    const sent = signedInAs(saver, {
      '/api/orders/7KQ4-M2XD-9PRT': newer,
      [REPEAT]: answer(201, recurring),
      '/api/customer/subscriptions/12': recurring,
    })
    const { router } = renderApp('/account/orders/7KQ4-M2XD-9PRT')
    const user = userEvent.setup()
    const section = await screen.findByRole('region', { name: 'Repeat this order' })
    const often = within(section).getByRole('combobox', { name: 'How often' })
    // Every 4 weeks, to the default address, paid by the default card, unless chosen.
    expect(often).toHaveValue('4w')
    expect(within(section).getByRole('combobox', { name: 'Ship to' })).toHaveValue('32')
    expect(within(section).getByRole('combobox', { name: 'Pay with' })).toHaveValue('21')

    await user.selectOptions(often, 'Every month')
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Ship to' }),
      'Dana Levi, 1 Olive Lane, New York',
    )
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Pay with' }),
      'American Express ending in 0005',
    )
    await user.click(within(section).getByRole('button', { name: 'Repeat this order' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Recurring Order Confirmation' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/recurring-confirmation/12')
    expect(sent.find((r) => r.url.pathname === REPEAT)).toMatchObject({
      method: 'POST',
      body: { interval: '1m', address_id: 31, payment_id: 22 },
    })
  })

  it('shows the server’s refusal in an alert', async () => {
    signedInAs(saver, {
      '/api/orders/7KQ4-M2XD-9PRT': newer,
      [REPEAT]: answer(409, { message: 'this order has nothing that can be delivered again' }),
    })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    const section = await screen.findByRole('region', { name: 'Repeat this order' })
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Repeat this order' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This order has nothing that can be delivered again.',
    )
  })

  it('says where to save an address and a card when there are none', async () => {
    signedInAs(signedInCustomer({ payments: [visa] }), { '/api/orders/7KQ4-M2XD-9PRT': newer })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    const section = await screen.findByRole('region', { name: 'Repeat this order' })
    expect(section).toHaveTextContent('To repeat this order, save an address and a card in your account first.')
    expect(within(section).getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/account/addresses')
    expect(within(section).queryByRole('link', { name: 'Add a card' })).not.toBeInTheDocument()
    expect(within(section).queryByRole('button')).not.toBeInTheDocument()
  })

  it.each([
    ['picked up', anOrder({ delivery: { type: 'pickup', contact_name: 'Dana Levi', contact_phone: '212 555 0100' } })],
    ['cancelled', anOrder({ status: 'cancelled' })],
  ])('is not offered for an order %s', async (_kind, theOrder) => {
    signedInAs(saver, { '/api/orders/7KQ4-M2XD-9PRT': theOrder })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    expect(await screen.findByRole('region', { name: 'Items' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Repeat this order' })).not.toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: saver, language: 'heb' }))
    stubApiWithBodies({ '/api/categories': departments, '/api/customer': saver, '/api/orders/7KQ4-M2XD-9PRT': newer })
    renderApp('/account/orders/7KQ4-M2XD-9PRT')
    const section = await screen.findByRole('region', { name: 'הזמנה חוזרת' })
    expect(within(section).getByRole('combobox', { name: 'באיזו תדירות' })).toHaveDisplayValue('כל 4 שבועות')
    expect(within(section).getByRole('button', { name: 'לחזור על ההזמנה' })).toBeInTheDocument()
  })
})

describe('Buy it Again', () => {
  it('keeps each item once, the most recently ordered first, without gift cards for someone', () => {
    expect(boughtBefore([older, newer]).map((item) => item.line.title)).toEqual(['Stoneware Mug', 'Olive Wood Board'])
  })

  it('adds an item to the bag with the bag code', async () => {
    const sent = signedIn({
      '/api/customer/orders': { orders: [newer, older] },
      '/api/customer/bag': quoteAnswer(),
      '/api/customer/bag/change': quoteAnswer(),
    })
    renderApp('/account/buy-it-again')
    const add = await screen.findByRole('button', { name: 'Add Olive Wood Board to the bag' })
    await userEvent.setup().click(add)
    await waitFor(() => {
      expect(sent.find((r) => r.url.pathname === '/api/customer/bag/change')?.body).toEqual({
        change: {
          action: 'add',
          line: { id: 3003, type: 'product', quantity: 1, item_key: '', gift_options: false, personalization: {} },
        },
      })
    })
  })

  it('says when there is nothing yet', async () => {
    signedIn({ '/api/customer/orders': { orders: [] } })
    renderApp('/account/buy-it-again')
    expect(await screen.findByText(/^You have nothing to buy again yet/)).toBeInTheDocument()
  })
})

describe('Digital Library', () => {
  it('lists the digital lines of paid orders', async () => {
    signedIn({ '/api/customer/orders': { orders: [unpaid, newer] } })
    renderApp('/account/digital-libary')
    const list = await screen.findByRole('list', { name: 'Your digital items' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(list).toHaveTextContent('Birthday Balloons E-Gift Card')
    expect(list).toHaveTextContent('E-gift card for Avi')
    expect(within(list).getByRole('link', { name: 'From order 7KQ4-M2XD-9PRT' })).toHaveAttribute(
      'href',
      '/account/orders/7KQ4-M2XD-9PRT',
    )
  })

  it('says when it is empty', async () => {
    signedIn({ '/api/customer/orders': { orders: [unpaid] } })
    renderApp('/account/digital-libary')
    expect(await screen.findByText(/^Your digital library is empty/)).toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: dana, language: 'heb' }))
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/customer': dana,
      '/api/customer/orders': { orders: [newer] },
    })
    renderApp('/account/orders')
    expect(await screen.findByText('הזמנה 7KQ4-M2XD-9PRT')).toBeInTheDocument()
    expect(screen.getByText('שולמה')).toBeInTheDocument()
  })
})
