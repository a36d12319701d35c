import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberOrderToken } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import { answer, stubApiWithBodies } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { order, orderLine } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { GuestStatusPage } from './GuestStatusPage'
import { ThankYouPage } from './ThankYouPage'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

function renderScreen(Screen: ComponentType, routePath: string, path: string, language: Language = 'eng') {
  const store = createStore()
  store.set(languageAtom, language)
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

describe('the thank-you page', () => {
  beforeEach(() => {
    rememberOrderToken(NUMBER, 'signed-token')
  })

  it('shows the order just placed, with the token this tab kept', async () => {
    const sent = stubApiWithBodies({ [`/api/orders/${NUMBER}`]: order() })
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
        return calls === 1 ? answer(500, { message: 'reference 42' }) : order()
      },
    })
    const { user } = renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`)
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(NUMBER)).toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    stubApiWithBodies({ [`/api/orders/${NUMBER}`]: order() })
    renderScreen(ThankYouPage, '/thank-you/:id', `/thank-you/${NUMBER}`, 'heb')
    expect(screen.getByRole('heading', { level: 1, name: 'תודה על ההזמנה!' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'לצפייה בחשבונית' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'פריטים' })).toHaveTextContent('ספל אבן')
  })
})

describe('the invoice', () => {
  it('shows the invoice without the header and footer, and prints', async () => {
    rememberOrderToken(NUMBER, 'signed-token')
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/store': { name: 'Olive Lane', heb_name: 'שדרת הזית', help_email: 'help@example.com' },
      [`/api/orders/${NUMBER}`]: order({
        gift_cards: [{ last_four: 'CH99', amount: 1000 }],
        lines: [
          orderLine(),
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
    expect(rows[2]).toHaveTextContent('Linen Towel (HG-TWL-002)1$9.00$9.00')
    expect(screen.getByRole('region', { name: 'Bill to' })).toHaveTextContent('noa@example.com')
    expect(screen.getByRole('region', { name: 'Ship to' })).toHaveTextContent('1 Olive Lane')
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
        return order({
          status: 'shipped',
          history: [...order().history, { status: 'shipped', at: '2026-11-26T09:00:00Z' }],
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
      /Placed November 25, 2026.*Shipped November 26, 2026/,
    )
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Stoneware Mug')
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('Standard')
    expect(sent.at(-1)?.body).toEqual({ email: 'noa@example.com' })
  })

  it('opens at once with the signed link of the confirmation mail', async () => {
    const sent = stubApiWithBodies({ [`/api/orders/${NUMBER}`]: order() })
    renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status?token=mail-token`)
    expect(await screen.findByRole('region', { name: 'Status' })).toHaveTextContent('Paid')
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(sent[0]?.url.searchParams.get('token')).toBe('mail-token')
  })

  it('speaks Hebrew', () => {
    stubApiWithBodies({})
    renderScreen(GuestStatusPage, '/orders/guest/:order_id/status', `/orders/guest/${NUMBER}/status`, 'heb')
    expect(screen.getByRole('heading', { level: 1, name: 'סטטוס הזמנה' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הצגת ההזמנה' })).toBeInTheDocument()
  })
})
