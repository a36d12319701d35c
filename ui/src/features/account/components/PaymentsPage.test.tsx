import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { fakeStripe } from '@/testing/stripe'
import type { Payment } from '../api'

const LIBRARY = 'https://js.example.test/v3/'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  for (const script of document.head.querySelectorAll('script')) if (script.src === LIBRARY) script.remove()
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

describe('Payment Methods through the processor’s library', () => {
  const stripeStore = {
    name: 'Olive Lane',
    heb_name: 'שדרת הזית',
    help_email: 'help@olive-lane.example',
    payments: { processor: 'stripe', publishable_key: 'pk_test_olive', library_url: LIBRARY },
  }
  const method = (id: string) => ({ paymentMethod: { id, card: { brand: 'visa', last4: '4242' } } })

  /** A Stripe store's customer with no cards, the card form open; `save` answers `POST /api/customer/payment`. */
  async function openProcessorForm(fake: ReturnType<typeof fakeStripe>, save: (body: unknown) => Response | object) {
    // How many methods the library had made when the holder and the save were asked for.
    const madeBefore = { holder: [] as number[], save: [] as number[] }
    const sent = signedIn([], {
      '/api/store': stripeStore,
      '/api/card/holder': () => {
        madeBefore.holder.push(fake.asked.made.length)
        return { holder: 'browser-holder' }
      },
      '/api/customer/payment': (_url, body) => {
        madeBefore.save.push(fake.asked.made.length)
        return save(body)
      },
    })
    vi.stubGlobal('Stripe', fake.Stripe)
    const user = await openForm()
    const group = await screen.findByRole('group', { name: 'Card details' })
    const saveButton = await screen.findByRole('button', { name: 'Save card' })
    return { sent, madeBefore, user, group, saveButton }
  }

  it('saves the PaymentMethod the library makes, stamped with this browser’s holder, and never sends a number', async () => {
    const saved: Payment = { ...visa, token: 'pm_visa' }
    const fake = fakeStripe(method('pm_visa'))
    const { sent, madeBefore, user, group, saveButton } = await openProcessorForm(fake, () => ({
      payments: [saved],
      payment: saved,
    }))

    // The form replaced the button: focus is on the card, whose element is the library's.
    await waitFor(() => {
      expect(group).toHaveFocus()
    })
    const form = screen.getByRole('region', { name: 'New card' })
    expect(within(form).getByText(/straight to our payment processor/)).toBeInTheDocument()
    const [element] = fake.elements
    expect(group).toContainElement(element?.frame ?? null)
    expect(element?.frame.parentElement).toHaveAttribute('dir', 'ltr')
    expect(fake.asked).toMatchObject({ keys: ['pk_test_olive'], locales: ['en'] })
    expect(within(form).queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Use as my default card' }))
    await user.click(saveButton)

    expect(await screen.findByText('The card is saved.')).toBeInTheDocument()
    expect(fake.asked.made).toEqual([{ type: 'card', card: element, metadata: { holder: 'browser-holder' } }])
    expect(madeBefore).toEqual({ holder: [0], save: [1] })
    expect(cardCalls(sent).map((r) => [r.method, r.url.pathname])).toEqual([
      ['POST', '/api/card/holder'],
      ['POST', '/api/customer/payment'],
    ])
    expect(cardCalls(sent)[1]?.body).toEqual({ token: 'pm_visa', default: true })
    const card = screen.getByText('4242').closest('li') ?? document.body
    expect(card).toHaveTextContent(/Visa\s*••••\s*ending in\s*4242/)
    expect(within(card).getByText('Default')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Card details' })).not.toBeInTheDocument()
    expect(element?.destroyed).toBe(true)
  })

  it('tells what the library would not take at the card and focuses it, saving nothing', async () => {
    const fake = fakeStripe({ error: { message: 'Your card number is incomplete.' } })
    const { sent, user, group, saveButton } = await openProcessorForm(fake, () => answer(500))

    await user.click(saveButton)
    await waitFor(() => {
      expect(group).toHaveAccessibleDescription('Your card number is incomplete.')
    })
    expect(group).toHaveFocus()
    expect(cardCalls(sent).map((r) => r.url.pathname)).toEqual(['/api/card/holder'])
  })

  it('tells the server’s refusal at the card and focuses it: a declined card, then a full account', async () => {
    const fake = fakeStripe(method('pm_declined'), method('pm_eleventh'))
    const answers = [
      answer(400, { message: 'your card was declined' }),
      answer(409, { message: 'you can keep at most 10 cards' }),
    ]
    const { sent, user, group, saveButton } = await openProcessorForm(fake, () => answers.shift() ?? answer(500))

    await user.click(saveButton)
    await waitFor(() => {
      expect(group).toHaveAccessibleDescription('Your card was declined.')
    })
    expect(group).toHaveFocus()

    await user.click(saveButton)
    await waitFor(() => {
      expect(group).toHaveAccessibleDescription('You can keep up to 10 cards. Please remove one before adding another.')
    })
    expect(group).toHaveFocus()
    expect(cardCalls(sent).map((r) => r.body)).toEqual([
      undefined,
      { token: 'pm_declined', default: false },
      undefined,
      { token: 'pm_eleventh', default: false },
    ])
    expect(screen.queryByText('The card is saved.')).not.toBeInTheDocument()
  })

  it('makes the card element in Hebrew for a Hebrew interface', async () => {
    const fake = fakeStripe()
    signedIn([], { '/api/store': stripeStore })
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}'), language: 'heb' }),
    )
    vi.stubGlobal('Stripe', fake.Stripe)
    renderApp('/account/payments')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'הוספת כרטיס' }))

    const group = await screen.findByRole('group', { name: 'פרטי הכרטיס' })
    expect(await screen.findByRole('button', { name: 'שמירת הכרטיס' })).toBeInTheDocument()
    expect(group).toContainElement(fake.elements[0]?.frame ?? null)
    expect(fake.elements[0]?.frame.parentElement).toHaveAttribute('dir', 'ltr')
    expect(fake.asked.locales).toEqual(['he'])
  })
})
