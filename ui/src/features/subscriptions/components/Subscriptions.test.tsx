import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { ChangeRequest } from '../api'
import { amex, home, subscription, subscriptionDetail, subscriptionLine, visa, work } from '../testing'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })
const LIST = '/api/customer/subscriptions'
const ONE = '/api/customer/subscriptions/12'
const CHANGES = '/api/customer/subscriptions/12/changes'

function signedIn(
  routes: Parameters<typeof stubApiWithBodies>[0] = {},
  { customer = dana, language = 'eng' }: { customer?: Customer; language?: 'eng' | 'heb' } = {},
) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer, language }))
  return stubApiWithBodies({ '/api/categories': departments, '/api/customer': customer, ...routes })
}

const changesSent = (sent: ReturnType<typeof signedIn>) =>
  sent.filter((request) => request.url.pathname === CHANGES).map((request) => request.body as ChangeRequest)

describe('My Subscriptions', () => {
  it('says when there are none, with a way to start shopping', async () => {
    signedIn({ [LIST]: { subscriptions: [] } })
    renderApp('/account/subscriptions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument()
    expect(await screen.findByText('You have no subscriptions yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/')
  })

  it('shows an active subscription: its items, how often, its status and next delivery, and Manage', async () => {
    signedIn({ [LIST]: { subscriptions: [subscription()] } })
    renderApp('/account/subscriptions')
    const list = await screen.findByRole('list', { name: 'Your subscriptions, newest first' })
    const [card] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list)
    const inCard = within(card as HTMLElement)
    expect(inCard.getByRole('heading', { level: 2, name: 'Repeat of order 7KQ4-M2XD-9PRT' })).toBeInTheDocument()
    expect(card).toHaveTextContent('Active')
    expect(card).toHaveTextContent('Every 2 weeks')
    expect(card).toHaveTextContent('Next delivery: Jan 9, 2026')
    expect(inCard.getByRole('link', { name: 'Stoneware Mug' })).toHaveAttribute('href', '/products/stoneware-mug/1001')
    expect(card).toHaveTextContent('Quantity: 2')
    expect(card).toHaveTextContent('$18.00 each')
    expect(card).not.toHaveTextContent('declined')
    expect(inCard.getByRole('link', { name: 'Manage: Repeat of order 7KQ4-M2XD-9PRT' })).toHaveAttribute(
      'href',
      '/account/subscriptions-update/12',
    )
  })

  it('shows a paused subscription with its end date, and warns that the card was declined', async () => {
    signedIn({
      [LIST]: {
        subscriptions: [subscription({ status: 'paused', resume_on: '2026-03-01', interval: '1m', card_declines: 2 })],
      },
    })
    renderApp('/account/subscriptions')
    const list = await screen.findByRole('list', { name: 'Your subscriptions, newest first' })
    expect(list).toHaveTextContent('Paused until Mar 1, 2026')
    expect(list).toHaveTextContent('Every month')
    expect(list).not.toHaveTextContent('Next delivery')
    expect(within(list).getByText(/^Your card was declined; we will try again\./)).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: 'Change the card.' })).toHaveAttribute(
      'href',
      '/account/subscriptions-update/12',
    )
  })

  it('says what stands instead of the next delivery once cancelled or finished', async () => {
    signedIn({
      [LIST]: {
        subscriptions: [
          subscription({ id: 14, status: 'cancelled', next_delivery: undefined }),
          subscription({ id: 13, status: 'paused', next_delivery: undefined, repeats_order: undefined, plan_id: 2 }),
          subscription({ id: 12, status: 'finished', next_delivery: undefined, deliveries_left: 0 }),
        ],
      },
    })
    renderApp('/account/subscriptions')
    const list = await screen.findByRole('list', { name: 'Your subscriptions, newest first' })
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list)
    expect(cards[0]).toHaveTextContent('Cancelled: no more deliveries will be charged.')
    expect(cards[1]).toHaveTextContent('Subscription 13')
    expect(cards[1]).toHaveTextContent('Paused until you resume it')
    expect(cards[2]).toHaveTextContent('Finished: every delivery has been made.')
    expect(cards[2]).not.toHaveTextContent('left')
  })

  it('says when the list could not be loaded, and tries again', async () => {
    let failing = true
    signedIn({
      [LIST]: () => (failing ? answer(500, { message: 'reference 42' }) : { subscriptions: [subscription()] }),
    })
    renderApp('/account/subscriptions')
    expect(await screen.findByText('We couldn’t load your subscriptions. Please try again.')).toBeInTheDocument()
    failing = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Repeat of order 7KQ4-M2XD-9PRT' })).toBeVisible()
  })

  it('speaks Hebrew: the items’ Hebrew titles, how often and the status in words', async () => {
    signedIn({ [LIST]: { subscriptions: [subscription({ card_declines: 1 })] } }, { customer: dana, language: 'heb' })
    renderApp('/account/subscriptions')
    expect(await screen.findByRole('heading', { level: 1, name: 'מינויים' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'המינויים שלך, מהחדש לישן' })
    expect(within(list).getByRole('link', { name: 'ספל אבן' })).toHaveAttribute('lang', 'he')
    expect(list).toHaveTextContent('כל שבועיים')
    expect(list).toHaveTextContent('פעיל')
    expect(list).toHaveTextContent('המשלוח הבא: 9 בינו׳ 2026')
    expect(list).toHaveTextContent('הכרטיס שלך סורב; ננסה שוב.')
    expect(within(list).getByRole('link', { name: 'ניהול: חזרה על הזמנה 7KQ4-M2XD-9PRT' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('מינויים | Olive Lane')
    })
  })
})

describe('Update Subscription', () => {
  it('shows the subscription with the current interval, address and card chosen', async () => {
    signedIn({ [ONE]: subscriptionDetail({ address_id: 32, payment_id: 22 }) })
    renderApp('/account/subscriptions-update/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Subscription' })).toBeInTheDocument()
    expect(await screen.findByRole('combobox', { name: 'How often' })).toHaveValue('2w')
    expect(screen.getByRole('combobox', { name: 'Delivery address' })).toHaveValue('32')
    expect(screen.getByRole('combobox', { name: 'Card' })).toHaveValue('22')
    expect(
      within(screen.getByRole('combobox', { name: 'How often' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Every week', 'Every 2 weeks', 'Every 4 weeks', 'Every month', 'Every 2 months', 'Every 3 months'])
    expect(screen.getByRole('option', { name: 'American Express ending in 0005' })).toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Quantity: Stoneware Mug' })).toHaveValue(2)
    expect(screen.getByRole('button', { name: 'Skip next delivery' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Update Subscription | Olive Lane')
    })
  })

  it('skips the next delivery, and shows the date the server moved it to', async () => {
    const sent = signedIn({
      [ONE]: subscriptionDetail(),
      [CHANGES]: subscriptionDetail(
        { next_delivery: '2026-01-23' },
        { deliveries: [{ period: 1, due: '2026-01-09', outcome: 'skipped' }] },
      ),
    })
    renderApp('/account/subscriptions-update/12')
    const summary = await screen.findByRole('region', { name: 'Repeat of order 7KQ4-M2XD-9PRT' })
    expect(summary).toHaveTextContent('Next delivery: Jan 9, 2026')

    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip next delivery' }))

    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'The delivery is skipped. The next one is on Jan 23, 2026.',
    )
    expect(summary).toHaveTextContent('Next delivery: Jan 23, 2026')
    expect(changesSent(sent)).toEqual([{ action: 'skip' }])
    const deliveries = screen.getByRole('list', { name: 'Deliveries' })
    expect(deliveries).toHaveTextContent('Jan 9, 2026 Skipped')
  })

  it('shows the server’s refusal in an alert', async () => {
    signedIn({
      [ONE]: subscriptionDetail(),
      [CHANGES]: answer(409, { message: 'this subscription is paused; resume it first' }),
    })
    renderApp('/account/subscriptions-update/12')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Skip next delivery' }))
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'This subscription is paused; resume it first.',
    )
  })

  it('asks before cancelling, in the page, and cancels only when told to', async () => {
    const sent = signedIn({
      [ONE]: subscriptionDetail(),
      [CHANGES]: subscriptionDetail(
        { status: 'cancelled', next_delivery: undefined },
        { history: [{ at: '2026-01-02T10:00:00Z', event: 'cancelled', detail: '' }] },
      ),
    })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' })

    await user.click(cancel)
    const question = screen.getByRole('group', { name: /^Cancel this subscription\?/ })
    const keep = within(question).getByRole('button', { name: 'Keep it' })
    expect(keep).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('group', { name: /^Cancel this subscription\?/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toHaveFocus()
    expect(changesSent(sent)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }))

    expect(await screen.findByText('The subscription is cancelled.')).toBeInTheDocument()
    expect(changesSent(sent)).toEqual([{ action: 'cancel' }])
    expect(screen.getByText('This subscription has ended, so nothing more can be changed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Skip next delivery' })).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent('Cancelled')
    await waitFor(() => {
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveFocus()
    })
  })

  it('changes a line’s quantity, sending its index, and refuses a quantity out of range', async () => {
    const sent = signedIn({
      [ONE]: subscriptionDetail({
        lines: [
          subscriptionLine(),
          subscriptionLine({ item_id: 3003, title: 'Olive Wood Board', heb_title: undefined }),
        ],
      }),
      [CHANGES]: (_url, body) =>
        subscriptionDetail(
          {
            lines: [subscriptionLine(), subscriptionLine({ item_id: 3003, title: 'Olive Wood Board', quantity: 3 })],
          },
          {
            history: [
              {
                at: '2026-01-02T10:00:00Z',
                event: 'changed',
                detail: `quantity:1:${(body as ChangeRequest).quantity}`,
              },
            ],
          },
        ),
    })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    const board = await screen.findByRole('spinbutton', { name: 'Quantity: Olive Wood Board' })

    await user.clear(board)
    await user.type(board, '21')
    await user.click(screen.getByRole('button', { name: 'Save: Quantity of Olive Wood Board' }))
    expect(board).toHaveAccessibleDescription('Choose a quantity from 1 to 20.')
    expect(changesSent(sent)).toEqual([])

    await user.clear(board)
    await user.type(board, '3')
    await user.click(screen.getByRole('button', { name: 'Save: Quantity of Olive Wood Board' }))

    expect(await screen.findByText('Saved.')).toBeInTheDocument()
    expect(changesSent(sent)).toEqual([{ action: 'quantity', line: 1, quantity: 3 }])
    expect(board).toHaveValue(3)
    expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent('Changed Quantity of Olive Wood Board: 3')
  })

  it('sends the interval, the address and the card chosen', async () => {
    const sent = signedIn({ [ONE]: subscriptionDetail(), [CHANGES]: subscriptionDetail() })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'How often' }), 'Every month')
    await user.click(screen.getByRole('button', { name: 'Save: How often' }))
    await screen.findByText('Saved.')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery address' }), '32')
    await user.click(screen.getByRole('button', { name: 'Save: Delivery address' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Card' }), '22')
    await user.click(screen.getByRole('button', { name: 'Save: Card' }))
    await waitFor(() => {
      expect(changesSent(sent)).toEqual([
        { action: 'interval', interval: '1m' },
        { action: 'address', address_id: 32 },
        { action: 'card', payment_id: 22 },
      ])
    })
  })

  it('pauses until resumed, then offers to resume', async () => {
    const sent = signedIn({
      [ONE]: subscriptionDetail(),
      [CHANGES]: (_url, body) =>
        (body as ChangeRequest).action === 'pause'
          ? subscriptionDetail({ status: 'paused', next_delivery: undefined })
          : subscriptionDetail({ next_delivery: '2026-02-20' }),
    })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    const until = await screen.findByLabelText('Pause until (optional)')
    expect(until).toHaveAccessibleDescription('Leave it empty to pause until you resume.')
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Paused until you resume it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Skip next delivery' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Resume' }))
    expect(await screen.findByText('Resumed. The next delivery is on Feb 20, 2026.')).toBeInTheDocument()
    expect(changesSent(sent)).toEqual([{ action: 'pause' }, { action: 'resume' }])
  })

  it('pauses until a date from tomorrow to a year on', async () => {
    const sent = signedIn({ [ONE]: subscriptionDetail(), [CHANGES]: subscriptionDetail() })
    renderApp('/account/subscriptions-update/12')
    const user = userEvent.setup()
    const until = await screen.findByLabelText('Pause until (optional)')
    const inAWeek = new Date()
    inAWeek.setDate(inAWeek.getDate() + 7)
    const date = [inAWeek.getFullYear(), inAWeek.getMonth() + 1, inAWeek.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-')

    fireEvent.change(until, { target: { value: '2099-01-01' } })
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(until).toHaveAccessibleDescription(/Choose a date from tomorrow to a year from today\./)
    expect(changesSent(sent)).toEqual([])

    fireEvent.change(until, { target: { value: date } })
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    await waitFor(() => {
      expect(changesSent(sent)).toEqual([{ action: 'pause', until: date }])
    })
  })

  it('says a delivery is being charged, and lets nothing change meanwhile', async () => {
    let charging = true
    signedIn({ [ONE]: () => subscriptionDetail({ charging }) })
    renderApp('/account/subscriptions-update/12')
    expect(
      await screen.findByText('A delivery is being charged right now. Changes can be made again in a minute.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Skip next delivery' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'How often' })).toBeDisabled()
    expect(screen.getByRole('spinbutton', { name: 'Quantity: Stoneware Mug' })).toBeDisabled()

    charging = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Skip next delivery' })).toBeEnabled()
    })
  })

  it('lists the deliveries and the history in words, with the charged orders linked', async () => {
    signedIn({
      [ONE]: subscriptionDetail(
        { card_declines: 1 },
        {
          deliveries: [
            { period: 1, due: '2025-12-12', outcome: 'charged', order_number: 'AAAA-BBBB-CCCC' },
            { period: 2, due: '2025-12-26', outcome: 'out_of_stock' },
          ],
          history: [
            { at: '2025-11-28T09:00:00Z', event: 'started', detail: '7KQ4-M2XD-9PRT' },
            { at: '2025-12-01T09:00:00Z', event: 'changed', detail: 'interval:2w' },
            { at: '2026-01-09T11:00:00Z', event: 'declined', detail: '2026-01-11' },
          ],
        },
      ),
    })
    renderApp('/account/subscriptions-update/12')
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' })
    expect(deliveries).toHaveTextContent('Dec 12, 2025 Charged Order AAAA-BBBB-CCCC')
    expect(deliveries).toHaveTextContent('Dec 26, 2025 Not delivered: out of stock')
    expect(within(deliveries).getByRole('link', { name: 'Order AAAA-BBBB-CCCC' })).toHaveAttribute(
      'href',
      '/account/orders/AAAA-BBBB-CCCC',
    )
    const history = screen.getByRole('list', { name: 'History' })
    expect(history).toHaveTextContent('Started Order 7KQ4-M2XD-9PRT')
    expect(history).toHaveTextContent('Changed Now every 2 weeks')
    expect(history).toHaveTextContent('Card declined We will try again on Jan 11, 2026')
    expect(screen.getByText(/^Your card was declined; we will try again\./)).toHaveTextContent('Change the card below.')
  })

  it('says when there are no deliveries yet', async () => {
    signedIn({ [ONE]: subscriptionDetail({}, { history: [] }) })
    renderApp('/account/subscriptions-update/12')
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument()
    expect(screen.getByText('Nothing has happened yet.')).toBeInTheDocument()
  })

  it('says when the subscription is not the customer’s, with the way back', async () => {
    signedIn()
    renderApp('/account/subscriptions-update/99')
    expect(await screen.findByText('We couldn’t find this subscription in your account.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to my subscriptions' })).toHaveAttribute(
      'href',
      '/account/subscriptions',
    )
  })
})

describe('Recurring Order Confirmation', () => {
  it('says how often it repeats, the first delivery, the reminder, and lists the items', async () => {
    signedIn({ [ONE]: subscriptionDetail({ interval: '4w', next_delivery: '2026-01-23' }) })
    renderApp('/recurring-confirmation/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Recurring Order Confirmation' })).toBeInTheDocument()
    expect(await screen.findByText('Your order repeats every 4 weeks.')).toBeInTheDocument()
    expect(screen.getByText('The first delivery is on Jan 23, 2026.')).toBeInTheDocument()
    expect(screen.getByText('We will remind you by e-mail 3 days before each delivery.')).toBeInTheDocument()
    expect(screen.getByText('You can skip, pause or cancel at any time.')).toBeInTheDocument()
    const items = screen.getByRole('region', { name: 'Items' })
    expect(within(items).getByRole('link', { name: 'Stoneware Mug' })).toBeInTheDocument()
    expect(items).toHaveTextContent('Ships toDana Levi, 1 Olive Lane, New York')
    expect(items).toHaveTextContent('Paid withVisa ending in 4242')
    expect(screen.getByRole('link', { name: 'Manage this recurring order' })).toHaveAttribute(
      'href',
      '/account/subscriptions-update/12',
    )
    expect(screen.getByRole('link', { name: 'All my subscriptions' })).toHaveAttribute('href', '/account/subscriptions')
    await waitFor(() => {
      expect(document.title).toBe('Recurring Order Confirmation | Olive Lane')
    })
  })

  it('speaks Hebrew', async () => {
    signedIn({ [ONE]: subscriptionDetail({ interval: '1m', next_delivery: '2026-01-09' }) }, { language: 'heb' })
    renderApp('/recurring-confirmation/12')
    expect(await screen.findByText('ההזמנה שלך תחזור על עצמה כל חודש.')).toBeInTheDocument()
    expect(screen.getByText('המשלוח הראשון ב־9 בינו׳ 2026.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ניהול ההזמנה החוזרת' })).toBeInTheDocument()
  })

  it('says when it is not the customer’s', async () => {
    signedIn()
    renderApp('/recurring-confirmation/99')
    expect(await screen.findByText('We couldn’t find this recurring order in your account.')).toBeInTheDocument()
  })
})
