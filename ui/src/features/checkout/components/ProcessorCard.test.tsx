import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutAtom, EMPTY_CHECKOUT } from '@/lib/checkout'
import { STORAGE_KEY } from '@/lib/persist'
import { storeInfoAtom } from '@/lib/storeInfo'
import type { StripePaymentMethod } from '@/lib/stripe'
import { answer } from '@/testing/api'
import { order } from '@/testing/orders'
import { fakeStripe } from '@/testing/stripe'
import { renderCheckoutScreen, stubCheckoutApi, rememberPickup } from '../testing'
import { CheckoutPage } from './CheckoutPage'
import { ReviewPage } from './ReviewPage'

// The card form of a store whose cards a real processor takes (Stripe): a fake
// `window.Stripe` (src/testing/stripe.ts) stands in for the library.

const LIBRARY = 'https://js.example.test/v3/'
const stripeStore = {
  name: 'Olive Lane',
  heb_name: 'שדרת הזית',
  help_email: 'help@olive-lane.example',
  payments: { processor: 'stripe', publishable_key: 'pk_test_olive', library_url: LIBRARY },
}
const visa: StripePaymentMethod = { id: 'pm_visa', card: { brand: 'visa', last4: '4242' } }

const libraryScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === LIBRARY)

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  for (const script of libraryScripts()) script.remove()
})

const sentTo = <T extends { url: URL }>(sent: T[], path: string) => sent.filter((r) => r.url.pathname === path)

/**
 * The card form once the store's payments are known (before, the store's own form is
 * drawn), with its group for the card element.
 */
async function processorForm(names = { form: 'A new card', group: 'Card details' }) {
  const group = await screen.findByRole('group', { name: names.group })
  return { form: screen.getByRole('form', { name: names.form }), group }
}

describe('Checkout: a card through the processor’s library', () => {
  it('loads the library from the store’s address, mounts its card in a labelled group, and keeps only the PaymentMethod’s id, brand and last four', async () => {
    const sent = stubCheckoutApi({ '/api/store': stripeStore })
    const fake = fakeStripe({ paymentMethod: visa })
    const { user, store } = renderCheckoutScreen(CheckoutPage, '/checkout')
    const { form, group } = await processorForm()
    expect(form).toHaveAccessibleDescription(/straight to our payment processor/)
    await waitFor(() => {
      expect(libraryScripts()).toHaveLength(1)
    })
    expect(within(form).getByText('Loading the secure card form…')).toBeInTheDocument()
    vi.stubGlobal('Stripe', fake.Stripe)
    libraryScripts()[0]?.dispatchEvent(new Event('load'))

    await within(form).findByRole('button', { name: 'Use this card' })
    await waitFor(() => {
      expect(fake.elements).toHaveLength(1)
    })
    const [element] = fake.elements
    expect(group).toContainElement(element?.frame ?? null)
    expect(element?.frame.parentElement).toHaveAttribute('dir', 'ltr')
    expect(fake.asked).toMatchObject({ keys: ['pk_test_olive'], locales: ['en'] })
    // Not the store's own fields: the number never touches this page.
    expect(within(form).queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'Use this card' }))
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument()
    expect(fake.asked.made).toEqual([{ type: 'card', card: element, metadata: { holder: 'browser-holder' } }])
    expect(sentTo(sent, '/api/card/holder')).toHaveLength(1)
    expect(store.get(checkoutAtom).creditInfo).toEqual({ token: 'pm_visa', last4: '4242', brand: 'visa' })
    expect(element?.destroyed).toBe(true)
    expect(sentTo(sent, '/api/card/createToken')).toEqual([])
  })

  it('tells what the library would not take at the card and focuses it, keeping no card', async () => {
    stubCheckoutApi({ '/api/store': stripeStore })
    const fake = fakeStripe({ error: { message: 'Your card number is incomplete.' } })
    vi.stubGlobal('Stripe', fake.Stripe)
    const { user, store } = renderCheckoutScreen(CheckoutPage, '/checkout')
    const { group } = await processorForm()
    await user.click(await screen.findByRole('button', { name: 'Use this card' }))
    await waitFor(() => {
      expect(group).toHaveAccessibleDescription('Your card number is incomplete.')
    })
    expect(group).toHaveFocus()
    expect(store.get(checkoutAtom).creditInfo).toBeNull()
  })

  it('says when the library cannot be loaded, and loads it again on Try again', async () => {
    stubCheckoutApi({ '/api/store': stripeStore })
    const { user } = renderCheckoutScreen(CheckoutPage, '/checkout')
    const { form } = await processorForm()
    await waitFor(() => {
      expect(libraryScripts()).toHaveLength(1)
    })
    libraryScripts()[0]?.dispatchEvent(new Event('error'))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'We couldn’t load the secure card form. Please check your connection and try again.',
    )
    expect(within(form).queryByRole('button', { name: 'Use this card' })).not.toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'Try again' }))
    await waitFor(() => {
      expect(libraryScripts()).toHaveLength(1)
    })
    const fake = fakeStripe()
    vi.stubGlobal('Stripe', fake.Stripe)
    libraryScripts()[0]?.dispatchEvent(new Event('load'))
    expect(await within(form).findByRole('button', { name: 'Use this card' })).toBeInTheDocument()
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    // The card element is made in an effect once its container is there, a render after
    // the button appears.
    await waitFor(() => {
      expect(fake.elements).toHaveLength(1)
    })
  })

  it('makes the card element in Hebrew for a Hebrew interface', async () => {
    stubCheckoutApi({ '/api/store': stripeStore })
    const fake = fakeStripe()
    vi.stubGlobal('Stripe', fake.Stripe)
    renderCheckoutScreen(CheckoutPage, '/checkout', { language: 'heb' })
    const { form, group } = await processorForm({ form: 'כרטיס חדש', group: 'פרטי הכרטיס' })
    expect(await within(form).findByRole('button', { name: 'להשתמש בכרטיס הזה' })).toBeInTheDocument()
    await waitFor(() => {
      expect(group).toContainElement(fake.elements[0]?.frame ?? null)
    })
    expect(fake.asked.locales).toEqual(['he'])
  })

  it('keeps the store’s own card fields on the sandbox and loads no library', async () => {
    const sent = stubCheckoutApi({ '/api/store': { ...stripeStore, payments: { processor: 'sandbox' } } })
    renderCheckoutScreen(CheckoutPage, '/checkout')
    await waitFor(() => {
      expect(sentTo(sent, '/api/store')).toHaveLength(1)
    })
    const form = await screen.findByRole('form', { name: 'A new card' })
    expect(within(form).getByRole('textbox', { name: 'Card number' })).toBeInTheDocument()
    expect(libraryScripts()).toEqual([])
  })
})

describe('Checkout: Continue with the processor’s card (issue 27)', () => {
  it('has the library make the PaymentMethod, stamped with the holder, and goes on to Review', async () => {
    rememberPickup()
    stubCheckoutApi({ '/api/store': stripeStore })
    const fake = fakeStripe({ paymentMethod: visa })
    vi.stubGlobal('Stripe', fake.Stripe)
    const { user, router, store } = renderCheckoutScreen(CheckoutPage, '/checkout')
    const { form } = await processorForm()
    await within(form).findByRole('button', { name: 'Use this card' })
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/review')
    })
    expect(fake.asked.made).toEqual([{ type: 'card', card: fake.elements[0], metadata: { holder: 'browser-holder' } }])
    expect(store.get(checkoutAtom).creditInfo).toEqual({ token: 'pm_visa', last4: '4242', brand: 'visa' })
  })

  it('tells what the library would not take at the card, focuses it, and stays on Checkout', async () => {
    rememberPickup()
    stubCheckoutApi({ '/api/store': stripeStore })
    vi.stubGlobal('Stripe', fakeStripe({ error: { message: 'Your card’s expiration date is incomplete.' } }).Stripe)
    const { user, router, store } = renderCheckoutScreen(CheckoutPage, '/checkout')
    const { form, group } = await processorForm()
    await within(form).findByRole('button', { name: 'Use this card' })
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    await waitFor(() => {
      expect(group).toHaveAccessibleDescription('Your card’s expiration date is incomplete.')
    })
    expect(group).toHaveFocus()
    expect(router.state.location.pathname).toBe('/checkout')
    expect(store.get(checkoutAtom).creditInfo).toBeNull()
  })
})

describe('Review: a declined card through the processor’s library', () => {
  it('tells the decline at the card group, focuses it, and sends the next card’s PaymentMethod', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        checkout: {
          ...EMPTY_CHECKOUT,
          email: 'noa@example.com',
          shippingType: { type: 'pickup', delivery: false },
          pickupInfo: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
        },
      }),
    )
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ creditInfo: { token: 'pm_declined', last4: '0002', brand: 'visa' } }),
    )
    let calls = 0
    const sent = stubCheckoutApi({
      '/api/store': stripeStore,
      '/api/orders': (_url, body) => {
        calls += 1
        if (calls === 1) return answer(402, { message: 'your card was declined' })
        return answer(201, {
          ...order(),
          access_token: 'signed-token',
          key: (body as { idempotency_key: string }).idempotency_key,
        })
      },
    })
    vi.stubGlobal('Stripe', fakeStripe({ paymentMethod: visa }).Stripe)
    const { user, router, store } = renderCheckoutScreen(ReviewPage, '/review')
    // The app's layout reads the store's information on every page; Review alone does not.
    await waitFor(() => {
      expect(store.get(storeInfoAtom)).not.toBeNull()
    })
    const place = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    const { group } = await processorForm()
    expect(group).toHaveAccessibleDescription('Your card was declined.')
    await waitFor(() => {
      expect(group).toHaveFocus()
    })

    await user.click(await screen.findByRole('button', { name: 'Use this card' }))
    await waitFor(() => {
      expect(place).toBeEnabled()
    })
    await user.click(place)
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/thank-you/7KQ4-M2XD-9PRT')
    })
    const payments = sentTo(sent, '/api/orders').map((r) => (r.body as { payment: unknown }).payment)
    expect(payments).toEqual([{ token: 'pm_declined' }, { token: 'pm_visa' }])
  })
})
