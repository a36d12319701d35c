import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { Payment } from '../api'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const NUMBER = '4242424242424242'
const visa: Payment = {
  id: 1,
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2031,
  default: true,
  token: 'tok_1',
}

function signedIn(payments: Payment[], routes: Parameters<typeof stubApiWithBodies>[0] = {}) {
  const customer: Customer = {
    id: 7,
    email: 'dana@example.com',
    name: 'Dana Levi',
    first_name: 'Dana',
    addresses: [],
    payments,
    favorites: [],
  }
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer }))
  return stubApiWithBodies({ '/api/categories': departments, '/api/customer': customer, ...routes })
}

const cardCalls = (sent: { url: URL; method: string; body: unknown }[]) =>
  sent.filter((r) => r.url.pathname.startsWith('/api/card') || r.url.pathname.startsWith('/api/customer/payment'))

async function openForm() {
  renderApp('/account/payments')
  const user = userEvent.setup()
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment Methods' })).toBeInTheDocument()
  expect(screen.getByText('You have no saved cards yet.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Add a card' }))
  return user
}

describe('Payment Methods', () => {
  it('turns the card into a token (spaces and the slash removed), saves it, and keeps no number', async () => {
    const sent = signedIn([], {
      '/api/card/createToken': { token: 'tok_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
      '/api/customer/payment': { payments: [visa], payment: visa },
    })
    const user = await openForm()

    const number = screen.getByRole('textbox', { name: 'Card number' })
    expect(number).toHaveAttribute('inputmode', 'numeric')
    expect(number).toHaveAttribute('autocomplete', 'cc-number')
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAttribute('autocomplete', 'cc-exp')
    expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAttribute('autocomplete', 'cc-csc')

    await user.type(number, '4242 4242 4242 4242')
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04 / 31')
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(screen.getByRole('checkbox', { name: 'Use as my default card' }))
    await user.click(screen.getByRole('button', { name: 'Save card' }))

    expect(await screen.findByText('The card is saved.')).toBeInTheDocument()
    expect(cardCalls(sent).map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/card/createToken', { card: NUMBER, exp: '0431', cvc: '123' }],
      ['POST', '/api/customer/payment', { token: 'tok_1', default: true }],
    ])
    const card = screen.getByText('4242').closest('li') ?? document.body
    expect(card).toHaveTextContent(/Visa\s*••••\s*ending in\s*4242/)
    expect(card).toHaveTextContent('Expires 04/31')
    expect(within(card).getByText('Default')).toBeInTheDocument()
    // The form is gone, and this device keeps neither the number, the code nor the card
    // (saved cards live in memory only; the session check brings them back).
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument()
    const stored = localStorage.getItem(STORAGE_KEY) ?? ''
    expect(stored).toContain('"customer":{"id":7')
    expect(stored).not.toContain('4242')
    expect(stored).not.toContain('cvc')
  })

  it('shows the server’s problem at its field and empties the code', async () => {
    const sent = signedIn([], {
      '/api/card/createToken': answer(400, { message: 'card: this card number is not right; please check it' }),
    })
    const user = await openForm()

    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241')
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04/31')
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(screen.getByRole('button', { name: 'Save card' }))

    const number = screen.getByRole('textbox', { name: 'Card number' })
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription('This card number is not right; please check it.')
    })
    expect(number).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('')
    expect(cardCalls(sent)).toHaveLength(1)
  })

  it('removes a card after asking', async () => {
    const sent = signedIn([visa], { '/api/customer/payment/1': { payment: visa } })
    renderApp('/account/payments')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove: Visa ending in 4242' }))
    await user.click(
      within(screen.getByRole('group', { name: 'Remove this card?' })).getByRole('button', {
        name: 'Remove: Visa ending in 4242',
      }),
    )
    expect(await screen.findByText('The card is removed.')).toBeInTheDocument()
    expect(screen.getByText('You have no saved cards yet.')).toBeInTheDocument()
    expect(cardCalls(sent).map((r) => [r.method, r.url.pathname])).toEqual([['DELETE', '/api/customer/payment/1']])
  })
})
