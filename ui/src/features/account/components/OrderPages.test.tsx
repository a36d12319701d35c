import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
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
    expect(items[0]).toHaveTextContent('Placed November 25, 2026')
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
