import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { languageAtom, type Language } from '@/lib/preferences'
import { answer, stubApiWithBodies } from '@/testing/api'
import { order, orderLine } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { ReturnLabelPage } from './ReturnLabelPage'

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

const NUMBER = '7KQ4-M2XD-9PRT-2'
const ORDER = '7KQ4-M2XD-9PRT'

/** Return 2 of Noa's order: one mug (which has a Hebrew title) and two candles (which have none). */
function aReturn(overrides: Partial<Schema<'ReturnDto'>> = {}): Schema<'ReturnDto'> {
  return {
    number: NUMBER,
    order_number: ORDER,
    gift: false,
    status: 'requested',
    history: [{ status: 'requested', at: '2026-12-10T09:00:00Z' }],
    lines: [
      {
        position: 0,
        title: 'Stoneware Mug',
        heb_title: 'ספל אבן',
        quantity: 1,
        reason: 'defective',
        amount: 1960,
      },
      { position: 1, title: 'Hand-Poured Soy Candle', quantity: 2, reason: 'no_longer_needed', amount: 3000 },
    ],
    refund: { items: 4960, shipping: 0, label_fee: 0, to_card: 4960, to_store_credit: 0, total: 4960 },
    refund_method: 'original',
    return_method: 'label',
    ...overrides,
  }
}

const anOrder = order({
  status: 'delivered',
  lines: [orderLine(), orderLine({ id: 1002, title: 'Hand-Poured Soy Candle', heb_title: undefined })],
})

const countries = [{ value: 'US', label: 'United States', heb_label: 'ארצות הברית' }]
const store = { name: 'Olive Lane', heb_name: 'שדרת הזית', help_email: 'help@example.com' }

/** The API answering this return and its order (each may be overridden, e.g. by an error). */
function stubLabel(routes: Record<string, object> = {}) {
  return stubApiWithBodies({
    '/api/store': store,
    '/api/countries': countries,
    [`/api/returns/${NUMBER}`]: aReturn(),
    [`/api/orders/${ORDER}`]: anOrder,
    ...routes,
  })
}

function renderLabel(path = `/return-label/${NUMBER}?token=signed-token`, language: Language = 'eng') {
  const store = createStore()
  store.set(languageAtom, language)
  const router = createMemoryRouter(
    [
      { path: '/return-label/:return_id', Component: ReturnLabelPage },
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

/** The barcode: an inline svg named for assistive technology. */
const barcode = (name: string) => screen.getByRole('img', { name })

describe('the return label', () => {
  it('shows the number, its barcode, where the parcel goes from and to, and what is in it', async () => {
    const sent = stubLabel()
    renderLabel()
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')

    expect(await screen.findByRole('heading', { level: 1, name: 'Prepaid return label' })).toBeInTheDocument()
    expect(screen.getByText(NUMBER)).toBeInTheDocument()

    const bars = barcode(`Barcode of return ${NUMBER}`)
    expect(bars.tagName.toLowerCase()).toBe('svg')
    // JsBarcode's Code 128 of sixteen characters: a white background and dozens of bars.
    expect(bars.querySelectorAll('rect').length).toBeGreaterThan(20)
    expect(bars.parentElement).toHaveAttribute('dir', 'ltr')

    const from = screen.getByRole('region', { name: 'From' })
    expect(from).toHaveTextContent('Noa Guest')
    expect(from).toHaveTextContent('1 Olive Lane')
    expect(from).toHaveTextContent('New York, NY, 10001')
    expect(await within(from).findByText('United States')).toBeInTheDocument()
    const to = screen.getByRole('region', { name: 'To' })
    expect(to).toHaveTextContent('Olive Lane12 HaZayit BoulevardTel Aviv-Yafo 6810412Israel')

    const items = within(screen.getByRole('region', { name: 'Items coming back' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Stoneware Mug × 1', 'Hand-Poured Soy Candle × 2'])
    expect(
      screen.getByText(
        'Pack the items securely, stick this label on the parcel and hand it to any post office. Postage is prepaid.',
      ),
    ).toBeInTheDocument()

    expect(screen.getByRole('link', { name: 'Back to the return' })).toHaveAttribute(
      'href',
      `/return-confirmation/${NUMBER}?token=signed-token`,
    )
    // Both calls open with the link's token.
    for (const path of [`/api/returns/${NUMBER}`, `/api/orders/${ORDER}`]) {
      expect(sent.find((request) => request.url.pathname === path)?.url.searchParams.get('token')).toBe('signed-token')
    }
    await waitFor(() => {
      expect(document.title).toBe('Prepaid return label | Olive Lane')
    })
  })

  it('prints', async () => {
    stubLabel()
    const print = vi.fn()
    vi.stubGlobal('print', print)
    const { user } = renderLabel()
    await user.click(await screen.findByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('is a drop-off slip for a return brought to the store, from the e-mail of an order not shipped', async () => {
    stubLabel({
      [`/api/returns/${NUMBER}`]: aReturn({ return_method: 'drop_off' }),
      [`/api/orders/${ORDER}`]: order({ delivery: { type: 'pickup', contact_name: 'Noa Guest' } }),
    })
    renderLabel(`/return-label/${NUMBER}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Drop-off slip' })).toBeInTheDocument()
    expect(screen.queryByText(/Prepaid return label/)).not.toBeInTheDocument()
    expect(screen.getByText('Bring the items and this slip (or the return number) to our store.')).toBeInTheDocument()
    expect(screen.queryByText(/post office/)).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'From' })).toHaveTextContent('Noa Guestnoa@example.com')
    // Opened by the customer's session: no token to pass on.
    expect(screen.getByRole('link', { name: 'Back to the return' })).toHaveAttribute(
      'href',
      `/return-confirmation/${NUMBER}`,
    )
    await waitFor(() => {
      expect(document.title).toBe('Drop-off slip | Olive Lane')
    })
  })

  it('says when there is nothing to send any more', async () => {
    stubLabel({ [`/api/returns/${NUMBER}`]: aReturn({ status: 'rejected', rejection: 'Worn.' }) })
    renderLabel()
    expect(await screen.findByText('This return was turned down, so there is nothing to send.')).toBeInTheDocument()
  })

  it('says when the return cannot be found, with a way to the returns', async () => {
    const sent = stubApiWithBodies({})
    renderLabel()
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find this return.')
    expect(screen.getByRole('heading', { level: 1, name: 'Return Label' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to returns' })).toHaveAttribute('href', '/return')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument()
    expect(sent.some((request) => request.url.pathname.startsWith('/api/orders/'))).toBe(false)
  })

  it('offers to try again when loading failed', async () => {
    let calls = 0
    stubApiWithBodies({
      '/api/store': store,
      '/api/countries': countries,
      [`/api/returns/${NUMBER}`]: () => {
        calls += 1
        return calls === 1 ? answer(500, { message: 'reference 42' }) : aReturn()
      },
      [`/api/orders/${ORDER}`]: anOrder,
    })
    const { user } = renderLabel()
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load this return. Please try again.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Prepaid return label' })).toBeInTheDocument()
  })

  it('speaks Hebrew, right to left, with the barcode and the number left to right', async () => {
    stubLabel()
    renderLabel(`/return-label/${NUMBER}?token=signed-token`, 'heb')

    expect(await screen.findByRole('heading', { level: 1, name: 'תווית החזרה ששולמה מראש' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement).toHaveAttribute('lang', 'he')
    expect(screen.getByText(NUMBER)).toHaveAttribute('dir', 'ltr')
    expect(barcode(`ברקוד של החזרה ${NUMBER}`).parentElement).toHaveAttribute('dir', 'ltr')

    const to = screen.getByRole('region', { name: 'אל' })
    expect(to).toHaveTextContent('שדרות הזית 12')
    expect(to).toHaveTextContent('תל אביב-יפו 6810412')
    const from = screen.getByRole('region', { name: 'מאת' })
    expect(await within(from).findByText('ארצות הברית')).toBeInTheDocument()

    const items = within(screen.getByRole('region', { name: 'הפריטים שחוזרים' })).getAllByRole('listitem')
    const mug = within(items[0] as HTMLElement).getByText('ספל אבן')
    expect(mug).toHaveAttribute('lang', 'he')
    // The candle has no Hebrew title: its English one, marked as English.
    expect(within(items[1] as HTMLElement).getByText('Hand-Poured Soy Candle')).toHaveAttribute('lang', 'en')
    expect(items[1]).toHaveTextContent('× 2')
    expect(
      screen.getByText(
        'ארזו את הפריטים היטב, הדביקו את התווית הזאת על החבילה ומסרו אותה בכל סניף דואר. דמי המשלוח כבר שולמו.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הדפסה' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'חזרה לפרטי ההחזרה' })).toBeInTheDocument()
  })
})

const CODE = 'ABCD-EFGH'

/** A gift's return of two of its mugs, as the gift endpoint answers it: no amounts, nothing of the buyer. */
function aGiftReturn(overrides: Partial<Schema<'GiftReturnDto'>> = {}): Schema<'GiftReturnDto'> {
  return {
    number: NUMBER,
    order_number: ORDER,
    status: 'requested',
    history: [{ status: 'requested', at: '2026-12-10T09:00:00Z' }],
    lines: [
      { position: 0, title: 'Stoneware Mug', heb_title: 'ספל אבן', quantity: 2, reason: 'no_longer_needed' },
      { position: 2, title: 'Linen Tea Towel', quantity: 1, reason: 'defective' },
    ],
    return_method: 'label',
    email: 'dana@example.com',
    ...overrides,
  }
}

/** The API answering the gift return only (the buyer's return and order are there too, and must not be asked). */
function stubGiftLabel(gift: object = aGiftReturn()) {
  return stubLabel({ [`/api/gift-returns/${NUMBER}`]: gift })
}

describe('a gift’s return label', () => {
  const giftPath = `/return-label/${NUMBER}?code=${CODE}`

  it('opens with the gift receipt’s code, asking only for the gift return', async () => {
    const sent = stubGiftLabel()
    renderLabel(giftPath)

    expect(await screen.findByRole('heading', { level: 1, name: 'Prepaid return label' })).toBeInTheDocument()
    expect(screen.getByText(NUMBER)).toBeInTheDocument()
    expect(barcode(`Barcode of return ${NUMBER}`).querySelectorAll('rect').length).toBeGreaterThan(20)

    const gift = sent.filter((request) => request.url.pathname === `/api/gift-returns/${NUMBER}`)
    expect(gift).toHaveLength(1)
    expect(gift[0]?.url.searchParams.get('code')).toBe(CODE)
    expect(gift[0]?.url.searchParams.has('token')).toBe(false)
    const others = sent.map((request) => request.url.pathname)
    expect(others.filter((path) => path.startsWith('/api/returns') || path.startsWith('/api/orders'))).toEqual([])
    await waitFor(() => {
      expect(document.title).toBe('Prepaid return label | Olive Lane')
    })
  })

  it('leaves "From" blank for the sender to write on, and lists the gift return’s items', async () => {
    stubGiftLabel()
    renderLabel(giftPath)

    const from = await screen.findByRole('region', { name: 'From' })
    expect(within(from).getByText('Your name and address')).toBeVisible()
    // Nothing of the buyer's order: no name, no address, no e-mail.
    expect(from).toHaveTextContent(/^FromYour name and address$/)
    expect(screen.queryByText(/Noa/)).not.toBeInTheDocument()
    expect(screen.queryByText(/@example\.com/)).not.toBeInTheDocument()

    const to = screen.getByRole('region', { name: 'To' })
    expect(to).toHaveTextContent('Olive Lane12 HaZayit BoulevardTel Aviv-Yafo 6810412Israel')
    const items = within(screen.getByRole('region', { name: 'Items coming back' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Stoneware Mug × 2', 'Linen Tea Towel × 1'])
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the return' })).toHaveAttribute('href', '/gift-return')
  })

  it('is a drop-off slip for a gift brought to the store', async () => {
    stubGiftLabel(aGiftReturn({ return_method: 'drop_off' }))
    renderLabel(giftPath)
    expect(await screen.findByRole('heading', { level: 1, name: 'Drop-off slip' })).toBeInTheDocument()
    expect(screen.getByText('Bring the items and this slip (or the return number) to our store.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'From' })).toHaveTextContent('Your name and address')
  })

  it('says the same when the gift return cannot be found, asking nothing else', async () => {
    const sent = stubLabel()
    renderLabel(`/return-label/${NUMBER}?code=WRON-GCOD`)
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find this return.')
    expect(screen.getByRole('heading', { level: 1, name: 'Return Label' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to returns' })).toHaveAttribute('href', '/return')
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument()
    expect(sent.map((request) => request.url.pathname)).toContain(`/api/gift-returns/${NUMBER}`)
    expect(sent.some((request) => /^\/api\/(returns|orders)\//.test(request.url.pathname))).toBe(false)
  })

  it('opens the return and its order when the link has a token as well as a code', async () => {
    const sent = stubGiftLabel()
    renderLabel(`/return-label/${NUMBER}?token=signed-token&code=${CODE}`)
    const from = await screen.findByRole('region', { name: 'From' })
    expect(from).toHaveTextContent('Noa Guest')
    expect(from).not.toHaveTextContent('Your name and address')
    expect(sent.some((request) => request.url.pathname.startsWith('/api/gift-returns/'))).toBe(false)
  })

  it('speaks Hebrew', async () => {
    stubGiftLabel()
    renderLabel(giftPath, 'heb')
    const from = await screen.findByRole('region', { name: 'מאת' })
    expect(within(from).getByText('השם והכתובת שלך')).toBeVisible()
    const items = within(screen.getByRole('region', { name: 'הפריטים שחוזרים' })).getAllByRole('listitem')
    expect(within(items[0] as HTMLElement).getByText('ספל אבן')).toHaveAttribute('lang', 'he')
    expect(items[0]).toHaveTextContent('× 2')
  })
})

describe('the return label in the app', () => {
  it('opens at /return-label/:return_id without the header and footer', async () => {
    stubLabel()
    renderApp(`/return-label/${NUMBER}?token=signed-token`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Prepaid return label' })).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
    expect(barcode(`Barcode of return ${NUMBER}`).querySelectorAll('rect').length).toBeGreaterThan(20)
  })
})
