import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_CHECKOUT } from '@/lib/checkout'
import { STORAGE_KEY } from '@/lib/persist'
import { signedInCustomer } from '@/testing/customer'
import { renderCheckoutScreen, stubCheckoutApi } from '../testing'
import { ReviewPage } from './ReviewPage'
import { SignInPage } from './SignInPage'

afterEach(() => {
  localStorage.clear()
})

const summary = () => screen.getByRole('region', { name: 'Order summary' })
const figure = (name: string) =>
  within(summary()).getByText((_, element) => element?.tagName === 'DT' && element.textContent === name)
    .nextElementSibling?.textContent

const home = {
  id: 11,
  name: 'Dana Levi',
  line1: '1 Olive Lane',
  line2: '',
  city: 'New York',
  region: 'NY',
  postal_code: '62704',
  country: 'US',
  phone: '2125550100',
  default: false,
}
const work = { ...home, id: 12, line1: '5 Market St', postal_code: '10001', default: true }
const visa = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_visa', default: false }
const amex = { ...visa, id: 22, brand: 'amex', last4: '0005', token: 'tok_amex', default: true }

describe('Review for a guest', () => {
  it('shows every choice with a Change link back to Checkout, the lines and the figures', async () => {
    stubCheckoutApi()
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        checkout: {
          ...EMPTY_CHECKOUT,
          email: 'noa@example.com',
          shippingType: { type: 'pickup', delivery: false },
          pickupInfo: { name: 'Noa Guest', email: 'noa@example.com', phone: '212 555 0100' },
        },
        giftCard: ['THNX-SUCH-ABUN-CH99'],
        discount: { code: 'WELCOME10' },
      }),
    )
    renderCheckoutScreen(ReviewPage, '/review')
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument()

    const contact = screen.getByRole('region', { name: 'Contact' })
    expect(contact).toHaveTextContent('noa@example.com')
    expect(within(contact).getByRole('link', { name: 'Change Contact' })).toHaveAttribute('href', '/checkout#contact')
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(delivery).toHaveTextContent('Pick up at the store')
    expect(delivery).toHaveTextContent('Ready within 2 hours')
    expect(within(delivery).getByRole('link', { name: 'Change Delivery' })).toHaveAttribute(
      'href',
      '/checkout#delivery',
    )
    const pickup = screen.getByRole('region', { name: 'Pickup' })
    expect(pickup).toHaveTextContent('Noa Guest')
    expect(within(pickup).getByRole('link', { name: 'Change Pickup' })).toHaveAttribute('href', '/checkout#pickup')
    const payment = screen.getByRole('region', { name: 'Payment' })
    await waitFor(() => {
      expect(payment).toHaveTextContent('Paid by gift cards')
    })
    expect(payment).toHaveTextContent('Gift card ending in CH99')
    expect(payment).toHaveTextContent('Code WELCOME10 applied')

    expect(within(summary()).getByRole('list', { name: 'Items' })).toHaveTextContent('Stoneware Mug')
    // $18.00 less 10%, 10% tax on the rest, pickup free, all paid by the gift card.
    expect(figure('Subtotal')).toBe('$18.00')
    expect(figure('Discount (WELCOME10)')).toBe('−$1.80')
    expect(figure('Estimated tax')).toBe('$1.62')
    expect(figure('Shipping')).toBe('Free')
    expect(figure('Total')).toBe('$17.82')
    expect(figure('Gift cards')).toBe('−$17.82')
    expect(figure('Amount due')).toBe('$0.00')
  })

  it('cannot place the order yet, and says so', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review')
    const place = await screen.findByRole('button', { name: 'Place order' })
    expect(place).toBeDisabled()
    expect(place).toHaveAccessibleDescription(/Placing orders is coming soon: this store cannot take your order yet/)
    expect(screen.getByText('A few details are still needed before the order can be placed.')).toBeInTheDocument()
  })
})

describe('Review for a signed-in customer', () => {
  it('starts from the default address and card, and changes them in place', async () => {
    const sent = stubCheckoutApi()
    const dana = signedInCustomer({ addresses: [home, work], payments: [visa, amex] })
    const { user } = renderCheckoutScreen(ReviewPage, '/review', { customer: dana })

    // Nothing chosen for delivery yet: its choice is open from the start.
    const delivery = await screen.findByRole('region', { name: 'Delivery' })
    await user.click(within(delivery).getByRole('radio', { name: /Standard/ }))
    await waitFor(() => {
      expect(figure('Shipping')).toBe('$5.99')
    })
    expect(delivery).toHaveTextContent('Estimated arrival: Friday, December 4, 2026')

    const address = screen.getByRole('region', { name: 'Shipping address' })
    expect(address).toHaveTextContent('5 Market St')
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect(payment).toHaveTextContent('American Express ending in 0005')

    const change = within(address).getByRole('button', { name: 'Change Shipping address' })
    expect(change).toHaveAttribute('aria-expanded', 'false')
    await user.click(change)
    await user.click(within(address).getByRole('radio', { name: /1 Olive Lane/ }))
    // The order is priced where it now goes.
    await waitFor(() => {
      expect(sent.filter((r) => r.url.pathname === '/api/checkout/quote').at(-1)?.body).toMatchObject({
        zip_code: '62704',
      })
    })
    await user.click(within(address).getByRole('button', { name: 'Done Shipping address' }))
    expect(within(address).queryByRole('radio')).not.toBeInTheDocument()
    expect(address).toHaveTextContent('1 Olive Lane')

    await user.click(within(payment).getByRole('button', { name: 'Change Payment' }))
    await user.click(within(payment).getByRole('radio', { name: 'Visa ending in 4242' }))
    await user.click(within(payment).getByRole('button', { name: 'Done Payment' }))
    expect(payment).toHaveTextContent('Visa ending in 4242')
    expect(screen.queryByText('A few details are still needed before the order can be placed.')).not.toBeInTheDocument()
  })
})

describe('Review in Hebrew', () => {
  it('speaks Hebrew', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(ReviewPage, '/review', { language: 'heb' })
    expect(await screen.findByRole('heading', { level: 1, name: 'סקירת ההזמנה' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'שליחת ההזמנה' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'שינוי משלוח' })).toHaveAttribute('href', '/checkout#delivery')
  })
})

describe('SignIn', () => {
  it('offers Login, or checkout as a guest', async () => {
    const { user, router } = renderCheckoutScreen(SignInPage, '/sign-in')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    await user.click(screen.getByRole('link', { name: 'Continue as guest' }))
    expect(router.state.location.pathname).toBe('/checkout')
  })

  it('speaks Hebrew', async () => {
    renderCheckoutScreen(SignInPage, '/sign-in', { language: 'heb' })
    expect(await screen.findByRole('heading', { level: 1, name: 'כניסה' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'המשך כאורח' })).toHaveAttribute('href', '/checkout')
  })
})
