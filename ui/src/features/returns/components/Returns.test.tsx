import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { languageAtom, type Language } from '@/lib/preferences'
import { customerAtom, type Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments } from '@/testing/fixtures'
import { order } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { aReturn, refund, returnableLine, returnOptions } from '@/testing/returns'
import type { ReturnFlow } from '../flow'
import { ConfirmationPage } from './ConfirmationPage'
import { RefundMethodPage } from './RefundMethodPage'
import { ReturnMethodPage } from './ReturnMethodPage'
import { SelectItemsPage } from './SelectItemsPage'
import { StartReturnPage } from './StartReturnPage'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

const NUMBER = '7KQ4-M2XD-9PRT'
const OPTIONS_PATH = `/api/orders/${NUMBER}/returns`
const PREVIEW_PATH = `/api/orders/${NUMBER}/returns/preview`
const KEY = 'return-0b7c6a52-55f4-4d3e-9f3a-2f1d7a9c1e01'

function renderFlow(
  path: string,
  { language = 'eng', customer = null }: { language?: Language; customer?: Customer | null } = {},
) {
  const store = createStore()
  store.set(languageAtom, language)
  store.set(customerAtom, customer)
  const router = createMemoryRouter(
    [
      { path: '/return', Component: StartReturnPage },
      { path: '/select-items-to-return', Component: SelectItemsPage },
      { path: '/choose-a-refund-method', Component: RefundMethodPage },
      { path: '/choose-a-return-method', Component: ReturnMethodPage },
      { path: '/return-confirmation/:return_id', Component: ConfirmationPage },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  )
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { router, user: userEvent.setup(), ...view }
}

/** A return under way in this tab, as a reload finds it in session storage. */
function storeFlow(flow: Partial<ReturnFlow> = {}) {
  const value: ReturnFlow = {
    order: NUMBER,
    token: 'guest-token',
    lines: [],
    refundMethod: null,
    returnMethod: null,
    key: KEY,
    ...flow,
  }
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ returnFlow: value }))
}

/** The return under way as stored now. */
function storedFlow(): ReturnFlow | null | undefined {
  const entries = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as { returnFlow?: ReturnFlow | null }
  return entries.returnFlow
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)

const digital = returnableLine({
  position: 1,
  title: 'Audio Book',
  heb_title: undefined,
  quantity: 1,
  left: 0,
  not_returnable: 'digital',
})
const engraved = returnableLine({
  position: 2,
  title: 'Engraved Olive Board',
  heb_title: undefined,
  quantity: 1,
  left: 1,
  faults_only: true,
})
const returnedAlready = returnableLine({
  position: 3,
  title: 'Linen Towel',
  heb_title: undefined,
  quantity: 1,
  taken: 1,
  left: 0,
})
const rug = returnableLine({
  position: 4,
  title: 'Wool Rug',
  heb_title: undefined,
  quantity: 1,
  left: 1,
  label_fee: true,
})

describe('choosing the items to return', () => {
  it('greys a line that cannot come back, with why, and caps the quantity at what is left', async () => {
    storeFlow()
    const sent = stubApiWithBodies({
      [OPTIONS_PATH]: returnOptions({
        lines: [returnableLine({ quantity: 3, taken: 1, left: 2 }), digital, returnedAlready],
      }),
    })
    const { user } = renderFlow('/select-items-to-return')
    const heading = screen.getByRole('heading', { level: 1, name: 'Select Items to Return' })
    await waitFor(() => {
      expect(heading).toHaveFocus()
    })
    const steps = screen.getByRole('list', { name: 'Return steps' })
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('aria-current')),
    ).toEqual(['step', null, null])

    const items = await screen.findByRole('list', { name: 'Items in this order' })
    const [mug, book, towel] = within(items)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === items)
    expect(book).toHaveTextContent('Audio Book')
    expect(book).toHaveTextContent('Digital items cannot be returned.')
    expect(within(book as HTMLElement).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(book?.firstElementChild?.className).toMatch(/unavailable/)
    expect(towel).toHaveTextContent('Already returned')
    expect(within(towel as HTMLElement).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(mug).toHaveTextContent('1 already returned or on the way back')

    const group = within(mug as HTMLElement).getByRole('group', { name: /Stoneware Mug/ })
    expect(within(group).queryByRole('combobox', { name: 'Quantity to return' })).not.toBeInTheDocument()
    await user.click(within(group).getByRole('checkbox', { name: 'Return this item' }))
    expect(optionTexts(within(group).getByRole('combobox', { name: 'Quantity to return' }))).toEqual(['1', '2'])
    expect(optionTexts(within(group).getByRole('combobox', { name: 'Reason' }))).toEqual([
      'Choose a reason',
      'Damaged or defective',
      'Wrong item sent',
      'Not as described',
      'No longer needed',
      'Found a better price',
      'Arrived too late',
      'Other',
    ])
    expect(sent[0]?.url.searchParams.get('token')).toBe('guest-token')
  })

  it('offers a personalized line only the fault reasons, and tells of the label fee', async () => {
    storeFlow()
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions({ lines: [engraved, rug] }) })
    const { user } = renderFlow('/select-items-to-return')
    const board = await screen.findByRole('group', { name: /Engraved Olive Board/ })
    expect(board).toHaveTextContent('Personalized: returnable only if damaged, defective or wrong.')
    await user.click(within(board).getByRole('checkbox', { name: 'Return this item' }))
    expect(optionTexts(within(board).getByRole('combobox', { name: 'Reason' }))).toEqual([
      'Choose a reason',
      'Damaged or defective',
      'Wrong item sent',
    ])
    const wool = screen.getByRole('group', { name: /Wool Rug/ })
    expect(wool).toHaveTextContent(/the label’s cost \(\$5\.00\) is deducted from your refund/)
    await user.click(within(wool).getByRole('checkbox', { name: 'Return this item' }))
    expect(within(within(wool).getByRole('combobox', { name: 'Reason' })).getAllByRole('option')).toHaveLength(8)
  })

  it('asks for an item and a reason, then goes on with the choices kept', async () => {
    storeFlow()
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions() })
    const { user, router } = renderFlow('/select-items-to-return')
    const continueButton = await screen.findByRole('button', { name: 'Continue' })
    await user.click(continueButton)
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one item to return.')
    expect(screen.getByRole('checkbox', { name: 'Return this item' })).toHaveFocus()

    await user.click(screen.getByRole('checkbox', { name: 'Return this item' }))
    await user.click(continueButton)
    const reason = screen.getByRole('combobox', { name: 'Reason' })
    expect(reason).toHaveFocus()
    expect(reason).toHaveAccessibleDescription('Please choose a reason.')
    expect(router.state.location.pathname).toBe('/select-items-to-return')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity to return' }), '2')
    await user.selectOptions(reason, 'not_as_described')
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Glaze is darker')
    await user.click(continueButton)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/choose-a-refund-method')
    })
    expect(storedFlow()?.lines).toEqual([
      { position: 0, quantity: 2, reason: 'not_as_described', note: 'Glaze is darker' },
    ])
  })

  it('keeps every choice through a reload', async () => {
    storeFlow()
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions({ lines: [returnableLine(), engraved] }) })
    const first = renderFlow('/select-items-to-return')
    const board = await screen.findByRole('group', { name: /Engraved Olive Board/ })
    await first.user.click(within(board).getByRole('checkbox', { name: 'Return this item' }))
    await first.user.selectOptions(within(board).getByRole('combobox', { name: 'Reason' }), 'wrong_item')
    await first.user.type(within(board).getByRole('textbox', { name: 'Note (optional)' }), 'Wrong initials')
    const key = storedFlow()?.key
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/)
    first.unmount()

    // A new page load: a fresh store reads what this tab kept.
    renderFlow('/select-items-to-return')
    const again = await screen.findByRole('group', { name: /Engraved Olive Board/ })
    expect(within(again).getByRole('checkbox', { name: 'Return this item' })).toBeChecked()
    expect(within(again).getByRole('combobox', { name: 'Reason' })).toHaveValue('wrong_item')
    expect(within(again).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('Wrong initials')
    expect(within(screen.getByRole('group', { name: /Stoneware Mug/ })).getByRole('checkbox')).not.toBeChecked()
    expect(storedFlow()?.key).toBe(key)
  })

  it('says why nothing can come back when returns are closed, with nothing to choose', async () => {
    storeFlow()
    stubApiWithBodies({
      [OPTIONS_PATH]: returnOptions({
        closed: 'the 30 days to return this order are over',
        lines: [returnableLine({ left: 0 })],
      }),
    })
    renderFlow('/select-items-to-return')
    expect(await screen.findByText('The 30 days to return this order are over.')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Start a Return' })).toHaveAttribute('href', '/return')
  })

  it('speaks Hebrew, right to left, with the line’s Hebrew title', async () => {
    storeFlow()
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions({ lines: [returnableLine(), digital] }) })
    const { user } = renderFlow('/select-items-to-return', { language: 'heb' })
    expect(screen.getByRole('heading', { level: 1, name: 'בחירת פריטים להחזרה' })).toBeInTheDocument()
    const mug = await screen.findByRole('group', { name: /ספל אבן/ })
    expect(within(mug).getByText('ספל אבן')).toHaveAttribute('dir', 'rtl')
    await user.click(within(mug).getByRole('checkbox', { name: 'להחזיר את הפריט הזה' }))
    expect(optionTexts(within(mug).getByRole('combobox', { name: 'סיבת ההחזרה' }))).toContain('פגום או לא תקין')
    expect(screen.getByText('אי אפשר להחזיר פריטים דיגיטליים.')).toBeInTheDocument()
    // An English title inside the Hebrew page is marked as such.
    expect(screen.getByText('Audio Book')).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('button', { name: 'המשך' })).toBeInTheDocument()
  })
})

describe('entering a step without a return under way', () => {
  it('goes to the start, saying so', async () => {
    stubApiWithBodies({})
    const { router } = renderFlow('/choose-a-return-method')
    expect(await screen.findByText('There’s no return under way in this tab. Please start here.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/return')
  })

  it('goes back to the step still open', async () => {
    storeFlow({ lines: [{ position: 0, quantity: 1, reason: 'defective', note: '' }] })
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions() })
    const { router } = renderFlow('/choose-a-return-method')
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a Refund Method' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/choose-a-refund-method')
  })
})

describe('choosing the refund method', () => {
  it('offers the card only when the order was paid by one', async () => {
    storeFlow({ lines: [{ position: 0, quantity: 1, reason: 'defective', note: '' }] })
    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions() })
    const { user, router, unmount } = renderFlow('/choose-a-refund-method')
    const card = await screen.findByRole('radio', { name: /Back to the card ending 4242/ })
    expect(card).toHaveAccessibleName(/Anything paid by gift card comes back as store credit/)
    expect(screen.getByRole('radio', { name: /Store credit \(a gift card by e-mail\)/ })).toHaveAccessibleName(
      /Usually faster/,
    )
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Please choose how you’d like your refund.')).toBeInTheDocument()
    expect(card).toHaveFocus()
    await user.click(card)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/choose-a-return-method')
    })
    expect(storedFlow()?.refundMethod).toBe('original')
    unmount()

    stubApiWithBodies({ [OPTIONS_PATH]: returnOptions({ card_last4: undefined }) })
    storeFlow({ lines: [{ position: 0, quantity: 1, reason: 'defective', note: '' }] })
    renderFlow('/choose-a-refund-method')
    expect(await screen.findAllByRole('radio')).toHaveLength(1)
    expect(screen.queryByRole('radio', { name: /card ending/ })).not.toBeInTheDocument()
  })
})

const chosen: Partial<ReturnFlow> = {
  lines: [
    { position: 0, quantity: 1, reason: 'no_longer_needed', note: '  ' },
    { position: 4, quantity: 1, reason: 'other', note: 'Too big for the hall' },
  ],
  refundMethod: 'original',
}

describe('choosing the return method, and the summary', () => {
  it('shows what comes back and the refund the preview works out, label fee taken off, asked again on each change', async () => {
    storeFlow({ ...chosen, returnMethod: 'label' })
    const sent = stubApiWithBodies({
      [OPTIONS_PATH]: returnOptions({ lines: [returnableLine(), engraved, returnedAlready, digital, rug] }),
      [PREVIEW_PATH]: (_url, body) =>
        (body as { return_method: string }).return_method === 'label'
          ? refund({ items: 9800, shipping: 599, label_fee: 500, total: 9899, to_card: 8899, to_store_credit: 1000 })
          : refund({ items: 9800, shipping: 599, total: 10399, to_card: 10399 }),
    })
    const { user } = renderFlow('/choose-a-return-method')
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Choose a Return Method' })).toHaveFocus()
    })
    expect(screen.getByRole('list', { name: 'Return steps' }).querySelector('[aria-current="step"]')).toHaveTextContent(
      'Return method and summary',
    )
    const back = await screen.findByRole('list', { name: 'What comes back' })
    expect(back).toHaveTextContent(/Stoneware Mug.*Qty 1.*Reason: No longer needed/)
    expect(back).toHaveTextContent(/Wool Rug.*Qty 1.*Reason: Other.*Note: Too big for the hall/)
    expect(screen.getByRole('radio', { name: /Drop off at our store/ })).toHaveAccessibleName(/12 HaZayit Boulevard/)

    const figures = await screen.findByLabelText('Your refund')
    const rows = [...figures.querySelectorAll('div')].map((row) => row.textContent)
    expect(rows).toEqual([
      'Items$98.00',
      'Shipping refunded$5.99',
      'Return label−$5.00',
      'Total refund$98.99',
      'Back to the card ending 4242$88.99',
      'As store credit (a gift card by e-mail)$10.00',
    ])
    expect(screen.getByText(/The prepaid label’s cost is deducted because/)).toBeInTheDocument()
    const previews = () => sent.filter((request) => request.url.pathname === PREVIEW_PATH)
    expect(previews()[0]?.body).toEqual({
      lines: [
        { position: 0, quantity: 1, reason: 'no_longer_needed' },
        { position: 4, quantity: 1, reason: 'other', note: 'Too big for the hall' },
      ],
      refund_method: 'original',
      return_method: 'label',
    })
    expect(previews()[0]?.url.searchParams.get('token')).toBe('guest-token')

    await user.click(screen.getByRole('radio', { name: /Drop off at our store/ }))
    await waitFor(() => {
      expect(screen.getByLabelText('Your refund')).toHaveTextContent('Total refund$103.99')
    })
    expect(screen.getByLabelText('Your refund')).not.toHaveTextContent('Return label')
    expect(screen.queryByText(/The prepaid label’s cost is deducted/)).not.toBeInTheDocument()
    expect((previews().at(-1)?.body as { return_method: string }).return_method).toBe('drop_off')
  })

  it('asks for the method before the refund can be worked out', async () => {
    storeFlow(chosen)
    const sent = stubApiWithBodies({ [OPTIONS_PATH]: returnOptions({ lines: [returnableLine(), rug] }) })
    const { user } = renderFlow('/choose-a-return-method')
    expect(await screen.findByText('Choose how you’ll send the items back to see your refund.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirm return' }))
    expect(screen.getByText('Please choose how you’ll send the items back.')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Drop off at our store/ })).toHaveFocus()
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0)
  })

  it('confirms exactly the choices, once, with the summary’s key, and shows the confirmation', async () => {
    storeFlow({ ...chosen, returnMethod: 'label' })
    let made = 0
    const sent = stubApiWithBodies({
      [OPTIONS_PATH]: (_url, body) => {
        if (body === undefined)
          return returnOptions({ lines: [returnableLine(), engraved, returnedAlready, digital, rug] })
        made += 1
        return answer(201, aReturn({ number: `${NUMBER}-2` }))
      },
      [PREVIEW_PATH]: refund(),
      [`/api/returns/${NUMBER}-2`]: aReturn({ number: `${NUMBER}-2` }),
    })
    const { user, router } = renderFlow('/choose-a-return-method')
    const confirm = await screen.findByRole('button', { name: 'Confirm return' })
    await user.dblClick(confirm)
    expect(await screen.findByRole('heading', { level: 1, name: 'Return Confirmation' })).toBeInTheDocument()
    expect(made).toBe(1)
    const request = sent.find((entry) => entry.method === 'POST' && entry.url.pathname === OPTIONS_PATH)
    expect(request?.body).toEqual({
      lines: [
        { position: 0, quantity: 1, reason: 'no_longer_needed' },
        { position: 4, quantity: 1, reason: 'other', note: 'Too big for the hall' },
      ],
      refund_method: 'original',
      return_method: 'label',
      idempotency_key: KEY,
    })
    expect(request?.url.searchParams.get('token')).toBe('guest-token')
    expect(router.state.location.pathname).toBe(`/return-confirmation/${NUMBER}-2`)
    expect(router.state.location.search).toBe('?token=guest-token')
    expect(storedFlow()).toBeNull()

    expect(await screen.findByText(`${NUMBER}-2`)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Requested')
    expect(screen.getByRole('link', { name: 'Print your label' })).toHaveAttribute(
      'href',
      `/return-label/${NUMBER}-2?token=guest-token`,
    )
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      `/orders/guest/${NUMBER}/status?token=guest-token`,
    )
  })

  it('says the server’s refusal at the top of the form, naming the line, and focuses it', async () => {
    storeFlow({ ...chosen, returnMethod: 'drop_off' })
    stubApiWithBodies({
      [OPTIONS_PATH]: (_url, body) =>
        body === undefined
          ? returnOptions({ lines: [returnableLine(), engraved, returnedAlready, digital, rug] })
          : answer(400, { message: 'lines[4]: only 0 of this item can still be returned' }),
      [PREVIEW_PATH]: refund(),
    })
    const { user, router } = renderFlow('/choose-a-return-method')
    await user.click(await screen.findByRole('button', { name: 'Confirm return' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Wool Rug: Only 0 of this item can still be returned.')
    await waitFor(() => {
      expect(alert).toHaveFocus()
    })
    expect(alert.parentElement?.firstElementChild).toBe(alert)
    expect(router.state.location.pathname).toBe('/choose-a-return-method')
    expect(storedFlow()?.key).toBe(KEY)
  })
})

describe('starting a return', () => {
  it('finds a guest’s order by its number and e-mail, saying the server’s refusal first', async () => {
    let calls = 0
    const sent = stubApiWithBodies({
      [`/api/orders/${NUMBER}/status`]: () => {
        calls += 1
        if (calls === 1) {
          return answer(404, {
            message: 'We found no order with this number for you. Please check the number and the e-mail address.',
          })
        }
        if (calls === 2) {
          return new Response(JSON.stringify({ message: 'Too many order look-ups. Please try again later.' }), {
            status: 429,
            headers: { 'Retry-After': '30' },
          })
        }
        return order({ status: 'delivered', access_token: 'looked-up-token' })
      },
      [OPTIONS_PATH]: returnOptions(),
    })
    const { user, router } = renderFlow('/return')
    expect(screen.getByRole('heading', { level: 1, name: 'Start a Return' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your orders' })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Order number' }), '7kq4m2xd9prt')
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'noa@example.com')
    const find = screen.getByRole('button', { name: 'Find my order' })
    await user.click(find)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We found no order with this number for you. Please check the number and the e-mail address.',
    )
    await user.click(find)
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.')
    })
    await user.click(find)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/select-items-to-return')
    })
    expect(sent.find((r) => r.url.pathname.endsWith('/status'))?.body).toEqual({ email: 'noa@example.com' })
    expect(await screen.findByRole('group', { name: /Stoneware Mug/ })).toBeInTheDocument()
    expect(sent.find((r) => r.url.pathname === OPTIONS_PATH)?.url.searchParams.get('token')).toBe('looked-up-token')
    expect(storedFlow()).toMatchObject({ order: NUMBER, token: 'looked-up-token', lines: [] })
  })

  it('starts at once from a link with the order and its token', async () => {
    const sent = stubApiWithBodies({ [OPTIONS_PATH]: returnOptions() })
    const { router } = renderFlow(`/return?order=${NUMBER}&token=mail-token`)
    expect(await screen.findByRole('group', { name: /Stoneware Mug/ })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/select-items-to-return')
    expect(sent[0]?.url.searchParams.get('token')).toBe('mail-token')
  })

  it('lists a customer’s delivered orders that still have something to return', async () => {
    const delivered = order({
      status: 'delivered',
      history: [...order().history, { status: 'delivered', at: '2026-11-28T12:00:00Z' }],
    })
    const over = order({ number: 'AAAA-BBBB-CCCC', status: 'delivered' })
    const paid = order({ number: 'DDDD-EEEE-FFFF', status: 'paid' })
    const sent = stubApiWithBodies({
      '/api/customer/orders': { orders: [delivered, over, paid] },
      [OPTIONS_PATH]: returnOptions(),
      '/api/orders/AAAA-BBBB-CCCC/returns': returnOptions({
        order_number: 'AAAA-BBBB-CCCC',
        closed: 'the 30 days to return this order are over',
      }),
    })
    const { user, router } = renderFlow('/return', { customer: signedInCustomer() })
    const list = await screen.findByRole('list', { name: 'Orders you can return items from' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveTextContent(`Order ${NUMBER}`)
    expect(items[0]).toHaveTextContent('Delivered Nov 28, 2026')
    expect(items[0]).toHaveTextContent('Returns open until Dec 25, 2026')
    // The paid order is not asked about.
    expect(sent.some((r) => r.url.pathname.startsWith('/api/orders/DDDD'))).toBe(false)
    await user.click(within(list).getByRole('link', { name: `Return items from order ${NUMBER}` }))
    expect(await screen.findByRole('group', { name: /Stoneware Mug/ })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/select-items-to-return')
    expect(storedFlow()).toMatchObject({ order: NUMBER, lines: [] })
    expect(storedFlow()?.token).toBeUndefined()
  })

  it('tells a customer when nothing can be returned', async () => {
    stubApiWithBodies({ '/api/customer/orders': { orders: [order({ status: 'shipped' })] } })
    renderFlow('/return', { customer: signedInCustomer() })
    expect(
      await screen.findByText(
        'None of your orders can be returned right now. Items can be returned within 30 days of delivery.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all my orders' })).toHaveAttribute('href', '/account/orders')
  })
})

describe('the return confirmation', () => {
  it('tells a customer to bring a drop-off to the store, and links back to the account’s order', async () => {
    stubApiWithBodies({
      [`/api/returns/${NUMBER}-1`]: aReturn({ return_method: 'drop_off', refund_method: 'store_credit' }),
    })
    renderFlow(`/return-confirmation/${NUMBER}-1`, { customer: signedInCustomer() })
    const next = await screen.findByRole('region', { name: 'What to do next' })
    expect(next).toHaveTextContent('Bring the items, with your return number, to our store:')
    expect(next).toHaveTextContent('12 HaZayit Boulevard')
    expect(screen.queryByRole('link', { name: 'Print your label' })).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent(/Stoneware Mug.*Qty 1.*Damaged or defective/)
    expect(screen.getByRole('region', { name: 'Your refund' })).toHaveTextContent('Back to your card$19.60')
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/account/orders/${NUMBER}`)
  })

  it('in Hebrew, names the status and the store’s address in Hebrew', async () => {
    stubApiWithBodies({ [`/api/returns/${NUMBER}-1`]: aReturn({ return_method: 'drop_off', status: 'received' }) })
    renderFlow(`/return-confirmation/${NUMBER}-1?token=t0ken`, { language: 'heb' })
    expect(await screen.findByRole('region', { name: 'סטטוס' })).toHaveTextContent('הפריטים התקבלו')
    expect(screen.getByRole('heading', { level: 1, name: 'אישור החזרה' })).toBeInTheDocument()
  })
})

describe('the return pages in the app', () => {
  it('loads each step lazily, and sends a bookmark of a step to the start', async () => {
    stubApiWithBodies({ '/api/categories': departments })
    const { router } = renderApp('/choose-a-refund-method')
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a Return' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/return')
    expect(screen.getByText('There’s no return under way in this tab. Please start here.')).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Start a Return | Olive Lane')
    })
  })

  it('moves focus to each step’s heading, after the layout has focused the page', async () => {
    stubApiWithBodies({ '/api/categories': departments, [OPTIONS_PATH]: returnOptions() })
    const { router } = renderApp(`/return?order=${NUMBER}&token=mail-token`)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Select Items to Return' })
    await waitFor(() => {
      expect(heading).toHaveFocus()
    })
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Return this item' }))
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'defective')
    await router.navigate('/choose-a-refund-method')
    const next = await screen.findByRole('heading', { level: 1, name: 'Choose a Refund Method' })
    await waitFor(() => {
      expect(next).toHaveFocus()
    })
  })
})
