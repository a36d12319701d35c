import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments, product } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { ChangeRequest, PlanRequest } from '../api'
import {
  everyTwoWeeks,
  home,
  monthly,
  planGroup,
  planQuote,
  sixMonths,
  subscriptionDetail,
  subscriptionLine,
  visa,
  work,
  amex,
} from '../testing'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })
const GROUP = '/api/subscription-plans/1/1'
const PLANS = '/api/subscription-plans'
const QUOTE = '/api/customer/subscriptions/quote'
const BUY = '/api/customer/subscriptions'
const PLANS_OF = { [everyTwoWeeks.id]: everyTwoWeeks, [monthly.id]: monthly, [sixMonths.id]: sixMonths }

/** The mint tea's group (type 1, group 2): another product, on one plan. */
const mintTea = planGroup({
  id: 2,
  name: 'Mint Green Tea, Delivered',
  product: { id: 1076, title: 'Garden Mint Green Tea', path: '/products/garden-mint-green-tea/1076', in_stock: true },
  plans: [{ id: 21, interval: '1m', price: 1260, price_once: 1400, saving_percent: 40 }],
})

type Routes = Parameters<typeof stubApiWithBodies>[0]

function signedIn(
  routes: Routes = {},
  { customer = dana, language = 'eng' }: { customer?: Customer; language?: 'eng' | 'heb' } = {},
) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer, language }))
  return stubApiWithBodies({ '/api/categories': departments, '/api/customer': customer, ...routes })
}

/** The quote the server would give for the plan and quantity asked. */
const quoting = (_url: URL, body: unknown) => {
  const { plan_id, quantity } = body as { plan_id: number; quantity: number }
  const plan = PLANS_OF[plan_id]
  return plan ? planQuote(plan, quantity) : answer(400, { message: `plan_id: there is no plan ${plan_id}` })
}

const bodiesTo = (sent: ReturnType<typeof signedIn>, path: string) =>
  sent.filter((request) => request.url.pathname === path).map((request) => request.body)

/**
 * The quotes asked for, in order, each once: StrictMode runs a screen's effects twice
 * on mounting, so a quote may be asked for (and the first asking aborted) twice.
 */
const quotesAsked = (sent: ReturnType<typeof signedIn>) =>
  bodiesTo(sent, QUOTE).filter(
    (body, index, all) => index === 0 || JSON.stringify(body) !== JSON.stringify(all[index - 1]),
  )

describe('Subscribe to a plan', () => {
  it('shows the group, its product and plans with their savings, and prices the first delivery', async () => {
    const sent = signedIn({ [GROUP]: planGroup(), [QUOTE]: quoting })
    renderApp('/subscription/1/1')
    expect(await screen.findByRole('heading', { level: 1, name: 'House Coffee, Delivered' })).toBeInTheDocument()
    expect(screen.getByText('Coffee & Tea')).toBeInTheDocument()
    expect(screen.getByText('A fresh 340 g bag of our house blend, roasted the week it ships.')).toBeInTheDocument()
    const brings = screen.getByRole('region', { name: 'Each delivery brings' })
    expect(within(brings).getByRole('link', { name: 'House Blend Coffee' })).toHaveAttribute(
      'href',
      '/products/house-blend-coffee/1075',
    )
    expect(brings).toHaveTextContent('Bought once: $18.00')

    const plans = screen.getByRole('radiogroup', { name: 'Choose a plan' })
    expect(
      within(plans)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Every 2 weeks, $17.10 per delivery, Save 5%, Until you cancel',
      'Every month, $16.20 per delivery, Save 10%, Until you cancel',
      'Every month, $15.30 per delivery, Save 15%, 6 deliveries',
    ])
    expect(within(plans).getByRole('radio', { name: /^Every 2 weeks/ })).toBeChecked()
    // One of each, the defaults chosen.
    expect(screen.getByRole('combobox', { name: 'Quantity per delivery' })).toHaveValue('1')
    expect(screen.getByRole('combobox', { name: 'Delivery address' })).toHaveValue('31')
    expect(screen.getByRole('combobox', { name: 'Card' })).toHaveValue('21')

    const first = screen.getByRole('region', { name: 'Your first delivery' })
    expect(await within(first).findByText('First delivery charged on Jan 9, 2026')).toBeInTheDocument()
    expect(first).toHaveTextContent('Subtotal$17.10')
    expect(first).toHaveTextContent('Shipping$5.99')
    expect(first).toHaveTextContent('Tax$1.52')
    expect(first).toHaveTextContent('Total$24.61')
    expect(first).toHaveTextContent('You save $0.90 per delivery')
    expect(quotesAsked(sent)).toEqual([{ plan_id: 11, quantity: 1, address_id: 31 }])
    await waitFor(() => {
      expect(document.title).toBe('House Coffee, Delivered | Olive Lane')
    })
  })

  it('prices the first delivery again whenever the plan, the quantity or the address changes', async () => {
    const sent = signedIn({ [GROUP]: planGroup(), [QUOTE]: quoting })
    renderApp('/subscription/1/1')
    const user = userEvent.setup()
    const first = await screen.findByRole('region', { name: 'Your first delivery' })
    await within(first).findByText('Total')

    await user.click(screen.getByRole('radio', { name: /^Every month, \$15\.30/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity per delivery' }), '2')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Delivery address' }),
      'Dana Levi, 9 Cedar Street, Brooklyn',
    )

    await waitFor(() => {
      expect(first).toHaveTextContent('Total$39.31')
    })
    expect(first).toHaveTextContent('Subtotal$30.60')
    expect(first).toHaveTextContent('You save $5.40 per delivery')
    expect(quotesAsked(sent)).toEqual([
      { plan_id: 11, quantity: 1, address_id: 31 },
      { plan_id: 13, quantity: 1, address_id: 31 },
      { plan_id: 13, quantity: 2, address_id: 31 },
      { plan_id: 13, quantity: 2, address_id: 32 },
    ])
  })

  it('says why the first delivery cannot be priced, and asks again', async () => {
    let refusing = true
    signedIn({
      [GROUP]: planGroup(),
      [QUOTE]: (url, body) =>
        refusing ? answer(409, { message: 'this product cannot be delivered now' }) : quoting(url, body),
    })
    renderApp('/subscription/1/1')
    const first = await screen.findByRole('region', { name: 'Your first delivery' })
    expect(await within(first).findByRole('alert')).toHaveTextContent('This product cannot be delivered now.')
    refusing = false
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Try again' }))
    expect(await within(first).findByText('Total')).toBeInTheDocument()
    expect(within(first).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('adds a new address in place, keeps it in the account and chooses it', async () => {
    const added = { ...home, id: 40, line1: '5 Fig Road', default: false }
    const sent = signedIn(
      {
        [GROUP]: planGroup(),
        [QUOTE]: quoting,
        '/api/countries': [{ value: 'US', label: 'United States', heb_label: 'ארצות הברית' }],
        '/api/customer/address': { addresses: [added], address: added },
      },
      { customer: signedInCustomer({ payments: [visa] }) },
    )
    renderApp('/subscription/1/1')
    const user = userEvent.setup()
    const where = await screen.findByRole('region', { name: 'Delivery and payment' })
    expect(within(where).getByText('You have no saved address yet.')).toBeInTheDocument()
    expect(screen.getByText('Choose a delivery address to see the price with shipping and tax.')).toBeInTheDocument()

    await user.click(within(where).getByRole('button', { name: 'Add a new address' }))
    const form = within(where).getByRole('region', { name: 'New address' })
    expect(within(form).getByRole('textbox', { name: 'Full name' })).toHaveFocus()
    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Dana Levi')
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '5 Fig Road')
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'New York')
    await user.type(within(form).getByRole('textbox', { name: 'ZIP or postal code' }), '10001')
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '212 555 0100')
    await user.click(within(form).getByRole('button', { name: 'Save address' }))

    const select = await within(where).findByRole('combobox', { name: 'Delivery address' })
    expect(select).toHaveValue('40')
    expect(within(select).getByRole('option', { name: 'Dana Levi, 5 Fig Road, New York' })).toBeInTheDocument()
    expect(within(where).queryByRole('region', { name: 'New address' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(select).toHaveFocus()
    })
    expect(bodiesTo(sent, '/api/customer/address')).toMatchObject([{ line1: '5 Fig Road', postal_code: '10001' }])
    await waitFor(() => {
      expect(quotesAsked(sent)).toEqual([{ plan_id: 11, quantity: 1, address_id: 40 }])
    })
  })

  it('adds a new card in place and chooses it', async () => {
    const added = { ...amex, id: 23, last4: '1881', default: false }
    signedIn({
      [GROUP]: planGroup(),
      [QUOTE]: quoting,
      '/api/card/createToken': { token: 'tok_3', brand: 'amex', last4: '1881', exp_month: 4, exp_year: 2031 },
      '/api/customer/payment': { payments: [visa, amex, added], payment: added },
    })
    renderApp('/subscription/1/1')
    const user = userEvent.setup()
    const where = await screen.findByRole('region', { name: 'Delivery and payment' })
    await user.click(within(where).getByRole('button', { name: 'Add a new card' }))
    const form = within(where).getByRole('region', { name: 'New card' })
    await user.type(within(form).getByRole('textbox', { name: 'Card number' }), '3782 822463 10005')
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04 / 31')
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '1234')
    await user.click(within(form).getByRole('button', { name: 'Save card' }))
    await waitFor(() => {
      expect(within(where).getByRole('combobox', { name: 'Card' })).toHaveValue('23')
    })
    expect(within(where).getByRole('option', { name: 'American Express ending in 1881' })).toBeInTheDocument()
  })

  it('subscribes with the choices made, and lands on the confirmation', async () => {
    const bought = subscriptionDetail({
      id: 15,
      plan_id: 13,
      repeats_order: undefined,
      interval: '1m',
      address_id: 32,
      payment_id: 22,
      deliveries_left: 6,
    })
    const sent = signedIn({
      [GROUP]: planGroup(),
      [QUOTE]: quoting,
      [BUY]: answer(201, bought),
      '/api/customer/subscriptions/15': bought,
    })
    const { router } = renderApp('/subscription/1/1')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: /^Every month, \$15\.30/ }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity per delivery' }), '3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery address' }), '32')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Card' }), 'American Express ending in 0005')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Confirmation' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/subscription-confirmation/15')
    expect(bodiesTo(sent, BUY) as PlanRequest[]).toEqual([{ plan_id: 13, quantity: 3, address_id: 32, payment_id: 22 }])
  })

  it('shows the server’s refusal of the purchase in an alert', async () => {
    signedIn({
      [GROUP]: planGroup(),
      [QUOTE]: quoting,
      [BUY]: answer(400, { message: 'payment_id: this card has expired' }),
    })
    const { router } = renderApp('/subscription/1/1')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe' }))
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'Payment_id: this card has expired.',
    )
    expect(router.state.location.pathname).toBe('/subscription/1/1')
  })

  it('asks for an address and a card before subscribing without them', async () => {
    const sent = signedIn({ [GROUP]: planGroup() }, { customer: signedInCustomer() })
    renderApp('/subscription/1/1')
    expect(await screen.findByText('You have no saved card yet.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'Choose a delivery address and a card first.',
    )
    expect(bodiesTo(sent, BUY)).toEqual([])
    expect(quotesAsked(sent)).toEqual([])
  })

  it.each([
    ['a group the store does not have', '/subscription/1/9'],
    ['ids that cannot name one', '/subscription/coffee/1'],
  ])('says there is no such subscription for %s, with the way home', async (_case, path) => {
    signedIn()
    renderApp(path)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Subscription' })
    expect(
      await screen.findByText('We couldn’t find this subscription. It may no longer be offered.'),
    ).toBeInTheDocument()
    // The heading shown while loading is the one kept, not remade when the answer comes.
    expect(heading).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument()
  })

  it('speaks Hebrew: the group’s Hebrew words and the plans’ intervals', async () => {
    signedIn({ [GROUP]: planGroup(), [QUOTE]: quoting }, { language: 'heb' })
    renderApp('/subscription/1/1')
    const heading = await screen.findByRole('heading', { level: 1, name: 'קפה הבית עד הדלת' })
    expect(heading).toHaveAttribute('lang', 'he')
    expect(screen.getByText('קפה ותה')).toBeInTheDocument()
    expect(screen.getByText('שקית טרייה של 340 גרם מתערובת הבית, שנקלתה בשבוע המשלוח.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'קפה תערובת הבית' })).toHaveAttribute('lang', 'he')
    const plans = screen.getByRole('radiogroup', { name: 'בחירת תוכנית' })
    expect(
      within(plans).getByRole('radio', { name: 'כל שבועיים, $17.10 למשלוח, חיסכון של 5%, עד שתבטלו' }),
    ).toBeChecked()
    expect(
      within(plans).getByRole('radio', { name: 'כל חודש, $15.30 למשלוח, חיסכון של 15%, 6 משלוחים' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('המשלוח הראשון יחויב ב־9 בינו׳ 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הצטרפות למינוי' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('קפה הבית עד הדלת | Olive Lane')
    })
  })

  it('has a guest sign in first', async () => {
    stubApiWithBodies({ '/api/categories': departments, '/api/customer': answer(403, { message: 'sign in' }) })
    const { router } = renderApp('/subscription/1/1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})

describe('Subscription Confirmation', () => {
  const bought = (overrides: Parameters<typeof subscriptionDetail>[0] = {}, more = {}) =>
    subscriptionDetail(
      {
        id: 15,
        plan_id: 13,
        repeats_order: undefined,
        interval: '1m',
        next_delivery: '2026-01-09',
        deliveries_left: 6,
        lines: [subscriptionLine({ title: 'House Blend Coffee', heb_title: undefined, quantity: 3, unit_price: 1530 })],
        ...overrides,
      },
      { history: [{ at: '2026-01-09T09:00:00Z', event: 'started', detail: '' }], ...more },
    )

  it('confirms it: what it brings, how often, the first charge, the deliveries, where, the card and the mails', async () => {
    signedIn({ '/api/customer/subscriptions/15': bought() })
    renderApp('/subscription-confirmation/15')
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Confirmation' })).toBeInTheDocument()
    expect(await screen.findByText('Your subscription is confirmed.')).toBeInTheDocument()
    expect(screen.getByText('It comes every month.')).toBeInTheDocument()
    expect(screen.getByText('The first delivery is charged on Jan 9, 2026.')).toBeInTheDocument()
    expect(screen.getByText('6 deliveries left')).toBeInTheDocument()
    expect(screen.getByText('We mailed you a confirmation.')).toBeInTheDocument()
    expect(screen.getByText('We will remind you by e-mail 3 days before each delivery.')).toBeInTheDocument()
    const brings = screen.getByRole('region', { name: 'Each delivery brings' })
    expect(within(brings).getByRole('link', { name: 'House Blend Coffee' })).toBeInTheDocument()
    expect(brings).toHaveTextContent('Quantity: 3')
    expect(brings).toHaveTextContent('$15.30 each')
    expect(brings).toHaveTextContent('Ships toDana Levi, 1 Olive Lane, New York')
    expect(brings).toHaveTextContent('Paid withVisa ending in 4242')
    expect(screen.getByRole('link', { name: 'Manage this subscription' })).toHaveAttribute(
      'href',
      '/account/subscriptions-update/15',
    )
    expect(screen.getByRole('link', { name: 'All my subscriptions' })).toHaveAttribute('href', '/account/subscriptions')
    await waitFor(() => {
      expect(document.title).toBe('Subscription Confirmation | Olive Lane')
    })
  })

  it('once the first delivery is charged, says so with its order, and the next one', async () => {
    signedIn({
      '/api/customer/subscriptions/15': bought(
        { next_delivery: '2026-02-09', deliveries_left: 5 },
        { deliveries: [{ period: 1, due: '2026-01-09', outcome: 'charged', order_number: 'AAAA-BBBB-CCCC' }] },
      ),
    })
    renderApp('/subscription-confirmation/15')
    expect(await screen.findByText(/^The first delivery was charged on Jan 9, 2026\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Order AAAA-BBBB-CCCC' })).toHaveAttribute(
      'href',
      '/account/orders/AAAA-BBBB-CCCC',
    )
    expect(screen.getByText('Next delivery: Feb 9, 2026')).toBeInTheDocument()
    expect(screen.getByText('5 deliveries left')).toBeInTheDocument()
    expect(screen.queryByText(/is charged on/)).not.toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    signedIn({ '/api/customer/subscriptions/15': bought() }, { language: 'heb' })
    renderApp('/subscription-confirmation/15')
    expect(await screen.findByRole('heading', { level: 1, name: 'אישור מינוי' })).toBeInTheDocument()
    expect(await screen.findByText('המינוי שלך אושר.')).toBeInTheDocument()
    expect(screen.getByText('המשלוח יגיע כל חודש.')).toBeInTheDocument()
    expect(screen.getByText('המשלוח הראשון יחויב ב־9 בינו׳ 2026.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ניהול המינוי' })).toBeInTheDocument()
  })

  it('says when it is not the customer’s', async () => {
    signedIn()
    renderApp('/subscription-confirmation/99')
    expect(await screen.findByText('We couldn’t find this subscription in your account.')).toBeInTheDocument()
  })
})

describe('Changing the plan', () => {
  const ONE = '/api/customer/subscriptions/12'
  const CHANGES = '/api/customer/subscriptions/12/changes'
  const onPlan = (planId: number, more: Parameters<typeof subscriptionDetail>[1] = {}) =>
    subscriptionDetail(
      { plan_id: planId, repeats_order: undefined, interval: PLANS_OF[planId]?.interval ?? '1m' },
      { history: [{ at: '2025-12-26T09:00:00Z', event: 'started', detail: '' }], ...more },
    )

  it('offers the other plans of its group, and changes to the one chosen', async () => {
    const sent = signedIn({
      [ONE]: onPlan(12),
      [PLANS]: { groups: [mintTea, planGroup()] },
      [CHANGES]: (_url, body) =>
        subscriptionDetail(
          { plan_id: (body as ChangeRequest).plan_id, repeats_order: undefined, interval: '1m', deliveries_left: 6 },
          {
            history: [
              { at: '2025-12-26T09:00:00Z', event: 'started', detail: '' },
              { at: '2026-01-02T10:00:00Z', event: 'changed', detail: `plan:${(body as ChangeRequest).plan_id}` },
            ],
          },
        ),
    })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    const change = await screen.findByRole('combobox', { name: 'Change plan' })
    // The plan sets how often: there is no separate choice of it.
    expect(screen.queryByRole('combobox', { name: 'How often' })).not.toBeInTheDocument()
    expect(
      screen.getByText('Current plan: every month, $16.20 per delivery, save 10%, until you cancel'),
    ).toBeInTheDocument()
    expect(
      within(change)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose another plan',
      'Every 2 weeks, $17.10 per delivery, save 5%, until you cancel',
      'Every month, $15.30 per delivery, save 15%, 6 deliveries',
    ])

    await user.selectOptions(change, 'Every month, $15.30 per delivery, save 15%, 6 deliveries')
    await user.click(screen.getByRole('button', { name: 'Save: Change plan' }))

    expect(await screen.findByText('The plan is changed.')).toBeInTheDocument()
    expect(sent.filter((r) => r.url.pathname === CHANGES).map((r) => r.body)).toEqual([{ action: 'plan', plan_id: 13 }])
    expect(
      screen.getByText('Current plan: every month, $15.30 per delivery, save 15%, 6 deliveries'),
    ).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Change plan' })).toHaveValue('')
    expect(screen.getByRole('region', { name: 'Subscription 12' })).toHaveTextContent('6 deliveries left')
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
      'Plan changed Now every month, $15.30 per delivery, save 15%, 6 deliveries',
    )
  })

  it('says when the plans cannot be loaded, and tries again', async () => {
    let failing = true
    signedIn({
      [ONE]: onPlan(12),
      [PLANS]: () => (failing ? answer(500, { message: 'reference 42' }) : { groups: [planGroup()] }),
    })
    renderApp('/account/subscriptions-update/12')
    expect(await screen.findByText('We couldn’t load the other plans. Please try again.')).toBeInTheDocument()
    failing = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('combobox', { name: 'Change plan' })).toBeInTheDocument()
  })

  it('asks a recurring order for no plans, and keeps its choice of how often', async () => {
    const sent = signedIn({ [ONE]: subscriptionDetail() })
    renderApp('/account/subscriptions-update/12')
    expect(await screen.findByRole('combobox', { name: 'How often' })).toHaveValue('2w')
    expect(screen.queryByRole('combobox', { name: 'Change plan' })).not.toBeInTheDocument()
    expect(sent.some((r) => r.url.pathname === PLANS)).toBe(false)
  })
})

describe('A plan’s history', () => {
  const ONE = '/api/customer/subscriptions/12'
  const history = [
    { at: '2025-12-26T09:00:00Z', event: 'started', detail: '' },
    { at: '2026-01-02T10:00:00Z', event: 'changed', detail: 'plan:11' },
    { at: '2026-01-05T10:00:00Z', event: 'price_notice', detail: '1800:2026-02-01' },
  ]
  const detail = subscriptionDetail({ plan_id: 11, repeats_order: undefined }, { history })

  it('words a change of plan and a notice of a new price', async () => {
    signedIn({ [ONE]: detail, [PLANS]: { groups: [planGroup()] } })
    renderApp('/account/subscriptions-update/12')
    const list = await screen.findByRole('list', { name: 'History' })
    await waitFor(() => {
      expect(list).toHaveTextContent('Plan changed Now every 2 weeks, $17.10 per delivery, save 5%, until you cancel')
    })
    expect(list).toHaveTextContent('Price change $18.00 per delivery from Feb 1, 2026, before tax and shipping')
    expect(list).not.toHaveTextContent('plan:11')
    expect(list).not.toHaveTextContent('1800')
  })

  it('says the plan changed even when the plans cannot be named', async () => {
    signedIn({ [ONE]: detail, [PLANS]: answer(500, { message: 'reference 42' }) })
    renderApp('/account/subscriptions-update/12')
    const list = await screen.findByRole('list', { name: 'History' })
    const changed = within(list).getAllByRole('listitem')[1]
    expect(changed).toHaveTextContent(/Plan changed$/)
  })

  it('speaks Hebrew', async () => {
    signedIn({ [ONE]: detail, [PLANS]: { groups: [planGroup()] } }, { language: 'heb' })
    renderApp('/account/subscriptions-update/12')
    const list = await screen.findByRole('list', { name: 'היסטוריה' })
    await waitFor(() => {
      expect(list).toHaveTextContent('התוכנית הוחלפה מעכשיו כל שבועיים, $17.10 למשלוח, חיסכון של 5%, עד שתבטלו')
    })
    expect(list).toHaveTextContent('שינוי מחיר $18.00 למשלוח החל מ־1 בפבר׳ 2026, לפני מס ומשלוח')
  })
})

describe('The product page’s offer of plans', () => {
  const coffee = product({
    id: 1075,
    slug: 'house-blend-coffee',
    path: '/products/house-blend-coffee/1075',
    title: 'House Blend Coffee',
    heb_title: 'קפה תערובת הבית',
  })

  it('offers the plans that deliver the product, saving up to the most they save', async () => {
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/products/1075': coffee,
      [PLANS]: { groups: [mintTea, planGroup()] },
    })
    renderApp('/products/house-blend-coffee/1075')
    expect(await screen.findByRole('heading', { level: 1, name: 'House Blend Coffee' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Subscribe and save up to 15%' })).toHaveAttribute(
      'href',
      '/subscription/1/1',
    )
    expect(screen.getByText('Regular deliveries: skip, pause or cancel at any time.')).toBeInTheDocument()
  })

  it.each([
    ['no group delivers it', { groups: [mintTea] }],
    ['the plans cannot be loaded', answer(500, { message: 'reference 42' })],
  ])('offers nothing when %s', async (_case, plans) => {
    const sent = stubApiWithBodies({
      '/api/categories': departments,
      '/api/products/1075': coffee,
      [PLANS]: plans,
    })
    renderApp('/products/house-blend-coffee/1075')
    expect(await screen.findByRole('heading', { level: 1, name: 'House Blend Coffee' })).toBeInTheDocument()
    await waitFor(() => {
      expect(sent.some((r) => r.url.pathname === PLANS)).toBe(true)
    })
    // Give the answer its turn to be shown, were it shown.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('link', { name: /Subscribe/ })).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    stubApiWithBodies({
      '/api/categories': departments,
      '/api/products/1075': coffee,
      [PLANS]: { groups: [planGroup()] },
    })
    renderApp('/products/house-blend-coffee/1075')
    expect(await screen.findByRole('link', { name: 'הצטרפו למינוי וחסכו עד 15%' })).toHaveAttribute(
      'href',
      '/subscription/1/1',
    )
  })
})
