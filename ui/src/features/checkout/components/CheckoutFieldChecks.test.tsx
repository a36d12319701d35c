import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { pricedLine } from '@/testing/fixtures'
import { renderCheckoutScreen, rememberPickup, stubCheckoutApi } from '../testing'
import { CheckoutPage } from './CheckoutPage'

// Issue 27 (the money-path walk's problem 3): a field is checked when the shopper leaves
// it, and its problem goes the moment it is put right, as does the summary's line.

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const render = (setup: Parameters<typeof renderCheckoutScreen>[2] = {}) =>
  renderCheckoutScreen(CheckoutPage, '/checkout', setup)
const continueButton = () => screen.getByRole('button', { name: 'Continue to Review' })
const summaryLine = () => screen.queryByText(/Some details are missing or need checking/)

describe('Checkout: errors follow the field', () => {
  it('checks an e-mail when the shopper leaves it, and clears it the moment it is right', async () => {
    stubCheckoutApi()
    const { user } = render()
    const email = await screen.findByRole('textbox', { name: 'E-mail' })
    await user.type(email, 'noa@example')
    expect(email).toHaveAttribute('aria-invalid', 'false')
    await user.tab()
    expect(email).toHaveAccessibleDescription(/Please enter an e-mail address like name@example\.com\.$/)
    expect(email).toHaveAttribute('aria-invalid', 'true')

    await user.type(email, '.com')
    expect(email).toHaveAttribute('aria-invalid', 'false')
    expect(email).toHaveAccessibleDescription('We send the order confirmation here.')
    // Going back to change a right value does not complain at every key.
    await user.type(email, '{Backspace}{Backspace}{Backspace}{Backspace}')
    expect(email).toHaveAttribute('aria-invalid', 'false')
  })

  it('says nothing of a blank field just passed through, until Continue', async () => {
    stubCheckoutApi()
    const { user } = render()
    const email = await screen.findByRole('textbox', { name: 'E-mail' })
    await user.click(email)
    await user.tab()
    expect(email).toHaveAttribute('aria-invalid', 'false')
    await user.click(continueButton())
    await waitFor(() => {
      expect(email).toHaveAccessibleDescription(/Please fill in this field\.$/)
    })
  })

  it('after Continue, each problem goes as its field is put right, and the summary’s line with the last', async () => {
    stubCheckoutApi()
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Continue to Review' }))
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    const choices = screen.getByRole('group', { name: 'How would you like to get it?' })
    await waitFor(() => {
      expect(email).toHaveAccessibleDescription(/Please fill in this field\.$/)
    })
    expect(choices).toHaveAccessibleDescription('Please choose how you would like to get your order.')
    expect(summaryLine()).toBeInTheDocument()

    // Never "fill in this field" under a filled field: what is wrong now.
    await user.type(email, 'noa@example')
    expect(email).toHaveAccessibleDescription(/Please enter an e-mail address like name@example\.com\.$/)
    await user.type(email, '.com')
    expect(email).toHaveAttribute('aria-invalid', 'false')

    await user.click(within(choices).getByRole('radio', { name: /Pick up/ }))
    expect(choices).not.toHaveAccessibleDescription(/Please choose/)
    expect(screen.queryByText('Please choose how you would like to get your order.')).not.toBeInTheDocument()
    expect(summaryLine()).toBeInTheDocument()

    // The pickup's fields came after Continue: they wait for their own leaving, or the next Continue.
    const pickup = screen.getByRole('region', { name: 'Who is picking it up?' })
    const name = within(pickup).getByRole('textbox', { name: 'Full name' })
    expect(name).toHaveAttribute('aria-invalid', 'false')
    await user.type(name, 'Noa')
    await user.type(within(pickup).getByRole('textbox', { name: 'Phone' }), '212 555 0100')
    expect(summaryLine()).toBeInTheDocument()

    // The card typed is what Continue will take: nothing is missing any more.
    const card = screen.getByRole('textbox', { name: 'Card number' })
    expect(card).toHaveAccessibleDescription('Please enter a card, or gift cards that cover the whole total.')
    await user.type(card, '4242 4242 4242 4242')
    await waitFor(() => {
      expect(summaryLine()).not.toBeInTheDocument()
    })
    expect(card).toHaveAttribute('aria-invalid', 'false')
  })

  it('clears a card field’s refusal as the shopper changes that field', async () => {
    rememberPickup()
    stubCheckoutApi()
    const { user } = render()
    const form = await screen.findByRole('form', { name: 'A new card' })
    const number = within(form).getByRole('textbox', { name: 'Card number' })
    await user.type(number, '4242')
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04/30')
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(continueButton())
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription('The card number is not right.')
    })
    expect(summaryLine()).toBeInTheDocument()
    await user.type(number, ' 4242 4242 4242')
    expect(number).toHaveAttribute('aria-invalid', 'false')
    expect(summaryLine()).not.toBeInTheDocument()
  })

  it('checks a digital-only bag’s billing postal code when left, and clears it once right', async () => {
    const ebook = pricedLine({ id: 2001, item_type: 'digital', title: 'E-book' })
    stubCheckoutApi({}, [ebook])
    const { user } = render({ lines: [ebook] })
    const zip = await screen.findByRole('textbox', { name: 'Billing ZIP or postal code' })
    await user.type(zip, '1120')
    await user.tab()
    expect(zip).toHaveAccessibleDescription(/Please enter a ZIP code of five digits/)
    await user.type(zip, '1')
    expect(zip).toHaveAttribute('aria-invalid', 'false')
  })
})
