import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutAtom, discountAtom, giftCardsAtom } from '@/lib/checkout'
import { zipLookUpAtom } from '@/lib/location'
import { STORAGE_KEY } from '@/lib/persist'
import { answer } from '@/testing/api'
import { signedInCustomer } from '@/testing/customer'
import { pricedLine, zipAnswer } from '@/testing/fixtures'
import { fakeQuote, renderCheckoutScreen, stubCheckoutApi, rememberPickup } from '../testing'
import { CheckoutPage } from './CheckoutPage'

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const quotes = (sent: { url: URL; body: unknown }[]) =>
  sent.filter((r) => r.url.pathname === '/api/checkout/quote').map((r) => r.body as Record<string, unknown>)
const lastQuote = (sent: { url: URL; body: unknown }[]) => quotes(sent).at(-1)

const summary = () => screen.getByRole('region', { name: 'Order summary' })
const figure = (name: string) => {
  const term = within(summary()).getByText((_, element) => element?.tagName === 'DT' && element.textContent === name)
  return term.nextElementSibling?.textContent
}

function render(setup: Parameters<typeof renderCheckoutScreen>[2] = {}) {
  return renderCheckoutScreen(CheckoutPage, '/checkout', setup)
}

/** Opens the gift cards and discount code, behind their one button. */
async function openSavings(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Have a gift card or discount code?' }))
}

describe('Checkout: delivery', () => {
  it('lists the methods with their prices and arrival dates, and pickup with when it is ready', async () => {
    stubCheckoutApi()
    render()
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument()
    const choices = screen.getByRole('group', { name: 'How would you like to get it?' })
    // A date for every method (issue 27), never a count of days.
    expect(within(choices).getByRole('radio', { name: /Overnight.*Arrives Thu, Nov 26.*\$24\.99/ })).toBeInTheDocument()
    expect(within(choices).getByRole('radio', { name: /Expedited.*Arrives Fri, Nov 27.*\$12\.99/ })).toBeInTheDocument()
    expect(within(choices).getByRole('radio', { name: /Standard.*Arrives Fri, Dec 4.*\$5\.99/ })).toBeInTheDocument()
    expect(choices).not.toHaveTextContent(/day shipping|Tomorrow/)
    expect(
      within(choices).getByRole('radio', { name: /Pick up at the store.*Ready within 2 hours.*Free/ }),
    ).toBeInTheDocument()
    // The tax of the zip held, from the quote.
    await waitFor(() => {
      expect(figure('Estimated tax')).toBe('$1.80')
    })
    expect(figure('Shipping')).toBe('Chosen with delivery')
  })

  it('prices the method chosen by the quote, and says Free when it is', async () => {
    const sent = stubCheckoutApi()
    const { user } = render()
    await user.click(await screen.findByRole('radio', { name: /Standard/ }))
    await waitFor(() => {
      expect(figure('Shipping')).toBe('$5.99')
    })
    expect(lastQuote(sent)).toMatchObject({ shipping: { type: 'ship', id: 1 }, zip_code: '10001', country: 'US' })
    expect(screen.getByRole('heading', { name: 'Shipping address' })).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /Pick up/ }))
    await waitFor(() => {
      expect(figure('Shipping')).toBe('Free')
    })
    expect(lastQuote(sent)).toMatchObject({ shipping: { type: 'pickup' } })
    expect(screen.getByRole('heading', { name: 'Who is picking it up?' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).not.toBeInTheDocument()
  })

  it('shows a method that counts for free shipping as Free once the bag reaches the threshold', async () => {
    const big = pricedLine({ id: 1001, price: 6000 })
    stubCheckoutApi({}, [big])
    render({ lines: [big] })
    // The fake quote's bag says nothing is left to reach free shipping.
    expect(await screen.findByRole('radio', { name: /Standard.*Free/ })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Expedited.*\$12\.99/ })).toBeInTheDocument()
  })

  it('sends a digital-only bag by e-mail: no delivery to choose', async () => {
    const ebook = pricedLine({ id: 2001, item_type: 'digital', title: 'E-book' })
    const sent = stubCheckoutApi({}, [ebook])
    render({ lines: [ebook] })
    expect(await screen.findByRole('heading', { name: 'Digital delivery' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'How would you like to get it?' })).not.toBeInTheDocument()
    expect(lastQuote(sent)).not.toHaveProperty('shipping')
  })
})

describe('Checkout: gift cards and discount (spec 4.5)', () => {
  it('checks a code first, applies cards in the order added with what each covers, and ignores one already applied', async () => {
    const sent = stubCheckoutApi()
    const { user, store } = render()
    await openSavings(user)
    const field = await screen.findByRole('textbox', { name: 'Gift card code' })
    const form = screen.getByRole('form', { name: 'Gift cards' })

    await user.type(field, 'NOPE-NOPE-NOPE-NOPE')
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription('There is no gift card with this code.')
    })
    expect(store.get(giftCardsAtom)).toEqual([])

    await user.clear(field)
    await user.type(field, 'hapy bday 2525 grts')
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('Gift card ending in GRTS')).toBeInTheDocument()
    expect(store.get(giftCardsAtom)).toEqual(['HAPY-BDAY-2525-GRTS'])
    expect(localStorage.getItem(STORAGE_KEY) ?? '').not.toContain('HAPY')
    // $18.00 + $1.80 tax: the $25.00 card covers it all.
    expect(await screen.findByText('$19.80 applied, $5.20 remaining')).toBeInTheDocument()
    await waitFor(() => {
      expect(figure('Amount due')).toBe('$0.00')
    })

    const checks = () => sent.filter((r) => r.url.pathname === '/api/gift_card').length
    expect(checks()).toBe(2)
    await user.type(field, 'HAPY-BDAY-2525-GRTS')
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('This gift card is already applied.')).toBeInTheDocument()
    expect(checks()).toBe(2)
    expect(store.get(giftCardsAtom)).toEqual(['HAPY-BDAY-2525-GRTS'])

    await user.click(screen.getByRole('button', { name: 'Remove the gift card ending in GRTS' }))
    expect(store.get(giftCardsAtom)).toEqual([])
    await waitFor(() => {
      expect(figure('Amount due')).toBe('$19.80')
    })
  })

  it('shows what the quote says against a card at that card', async () => {
    stubCheckoutApi()
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ giftCard: ['HAPY-BDAY-2525-GRTS', 'USED-UPUP-USED-UPUP'] }))
    render()
    const used = await screen.findByText('Gift card ending in UPUP')
    expect(
      await within(used.parentElement as HTMLElement).findByText('This gift card has been used up.'),
    ).toBeInTheDocument()
  })

  it('keeps a discount code only when the quote takes it, and says why not at the field', async () => {
    const sent = stubCheckoutApi()
    const { user, store } = render()
    await openSavings(user)
    const field = await screen.findByRole('textbox', { name: 'Discount code' })
    const form = screen.getByRole('form', { name: 'Discount code' })
    await user.type(field, 'BOGUS')
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription('There is no such discount code.')
    })
    expect(store.get(discountAtom)).toEqual({})

    await user.clear(field)
    await user.type(field, 'welcome10')
    await user.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('Code WELCOME10 applied')).toBeInTheDocument()
    expect(store.get(discountAtom)).toEqual({ code: 'WELCOME10' })
    await waitFor(() => {
      expect(figure('Discount (WELCOME10)')).toBe('−$1.80')
    })
    expect(lastQuote(sent)).toMatchObject({ discount_code: 'WELCOME10' })

    await user.click(screen.getByRole('button', { name: 'Remove the discount code WELCOME10' }))
    expect(store.get(discountAtom)).toEqual({})
  })

  it('sends a guest’s e-mail with a discount code, for codes usable once per shopper', async () => {
    const sent = stubCheckoutApi()
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ discount: { code: 'WELCOME10' } }))
    const { user } = render()
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'noa@example.com')
    await waitFor(() => {
      expect(lastQuote(sent)).toMatchObject({ discount_code: 'WELCOME10', email: 'noa@example.com' })
    })
  })
})

describe('Checkout: the card', () => {
  it('asks for a token with the spaces and the slash removed, and keeps only the token, brand and last four', async () => {
    const sent = stubCheckoutApi()
    const { user, store } = render()
    const form = await screen.findByRole('form', { name: 'A new card' })
    await user.type(within(form).getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242')
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04 / 30')
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(within(form).getByRole('button', { name: 'Use this card' }))
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument()
    expect(sent.find((r) => r.url.pathname === '/api/card/createToken')?.body).toEqual({
      card: '4242424242424242',
      exp: '0430',
      cvc: '123',
    })
    expect(store.get(checkoutAtom).creditInfo).toEqual({ token: 'tok_test_1', last4: '4242', brand: 'visa' })
    const stored = localStorage.getItem(STORAGE_KEY) ?? ''
    expect(stored).not.toContain('4242424242424242')
    expect(stored).not.toContain('"123"')
    // Nor the token: it stays in this tab's session storage.
    expect(stored).not.toContain('tok_test_1')
  })

  it('shows the server’s refusal at the card field and empties the code', async () => {
    stubCheckoutApi()
    const { user } = render()
    const form = await screen.findByRole('form', { name: 'A new card' })
    const number = within(form).getByRole('textbox', { name: 'Card number' })
    await user.type(number, '4242')
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04/30')
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    await user.click(within(form).getByRole('button', { name: 'Use this card' }))
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription('The card number is not right.')
    })
    expect(number).toHaveFocus()
    expect(within(form).getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('')
  })
})

describe('Checkout: continuing to Review', () => {
  it('names every missing field at the field and focuses the first', async () => {
    stubCheckoutApi()
    const { user, router } = render()
    await user.click(await screen.findByRole('button', { name: 'Continue to Review' }))
    const email = await screen.findByRole('textbox', { name: 'E-mail' })
    await waitFor(() => {
      expect(email).toHaveFocus()
    })
    expect(email).toHaveAccessibleDescription(/Please fill in this field\./)
    expect(screen.getByRole('group', { name: 'How would you like to get it?' })).toHaveAccessibleDescription(
      'Please choose how you would like to get your order.',
    )
    expect(screen.getByText('Please enter a card, or gift cards that cover the whole total.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some details are missing')
    expect(router.state.location.pathname).toBe('/checkout')

    await user.click(screen.getByRole('radio', { name: /Standard/ }))
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    const address = screen.getByRole('region', { name: 'Shipping address' })
    await waitFor(() => {
      expect(within(address).getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true')
    })
    // The ZIP the address starts with is there already.
    expect(within(address).getByRole('textbox', { name: 'ZIP or postal code' })).toHaveAttribute(
      'aria-invalid',
      'false',
    )
  })

  it('goes on to Review with pickup and gift cards that cover the total', async () => {
    stubCheckoutApi()
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ giftCard: ['THNX-SUCH-ABUN-CH99'] }))
    const { user, router } = render()
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'noa@example.com')
    await user.click(screen.getByRole('radio', { name: /Pick up/ }))
    const pickup = screen.getByRole('region', { name: 'Who is picking it up?' })
    await user.type(within(pickup).getByRole('textbox', { name: 'Full name' }), 'Noa')
    expect(within(pickup).getByRole('textbox', { name: 'E-mail' })).toHaveValue('noa@example.com')
    await user.type(within(pickup).getByRole('textbox', { name: 'Phone' }), '212 555 0100')
    expect(await screen.findByText('Your gift cards cover the whole total: no card is needed.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/review')
    })
  })

  it('shows a guest’s shipping address form, starting at the zip held', async () => {
    stubCheckoutApi()
    const { user, store } = render()
    await user.click(await screen.findByRole('radio', { name: /Standard/ }))
    const address = screen.getByRole('region', { name: 'Shipping address' })
    expect(within(address).getByRole('textbox', { name: 'ZIP or postal code' })).toHaveValue('10001')
    await user.type(within(address).getByRole('textbox', { name: 'Full name' }), 'Noa')
    expect(store.get(checkoutAtom).shippingInfo).toEqual({
      address: expect.objectContaining({ name: 'Noa', postal_code: '10001', country: 'US' }) as unknown,
    })
  })
})

describe('Checkout: Continue takes the card typed (issue 27)', () => {
  async function typeCard(user: UserEvent, number: string) {
    const form = await screen.findByRole('form', { name: 'A new card' })
    await user.type(within(form).getByRole('textbox', { name: 'Card number' }), number)
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '04/30')
    await user.type(within(form).getByRole('textbox', { name: 'Security code (CVC)' }), '123')
    return form
  }

  const tokenCalls = (sent: { url: URL; body: unknown }[]) =>
    sent.filter((r) => r.url.pathname === '/api/card/createToken')

  it('takes the card typed, without "Use this card", and goes on to Review', async () => {
    rememberPickup()
    const sent = stubCheckoutApi()
    const { user, router, store } = render()
    await typeCard(user, '4242 4242 4242 4242')
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/review')
    })
    expect(tokenCalls(sent).map((r) => r.body)).toEqual([{ card: '4242424242424242', exp: '0430', cvc: '123' }])
    expect(store.get(checkoutAtom).creditInfo).toEqual({ token: 'tok_test_1', last4: '4242', brand: 'visa' })
  })

  it('tells the server’s refusal at the number, focuses it, and stays on Checkout', async () => {
    rememberPickup()
    stubCheckoutApi()
    const { user, router, store } = render()
    const form = await typeCard(user, '4242')
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    const number = within(form).getByRole('textbox', { name: 'Card number' })
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription('The card number is not right.')
    })
    expect(number).toHaveFocus()
    expect(screen.getByRole('alert')).toHaveTextContent('Some details are missing')
    expect(router.state.location.pathname).toBe('/checkout')
    expect(store.get(checkoutAtom).creditInfo).toBeNull()
    // Nothing else is lost.
    expect(within(form).getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveValue('04/30')
    expect(store.get(checkoutAtom).pickupInfo).toMatchObject({ name: 'Noa Guest' })
  })

  it('asks for a card, as before, when none is typed', async () => {
    rememberPickup()
    const sent = stubCheckoutApi()
    const { user, router } = render()
    const form = await screen.findByRole('form', { name: 'A new card' })
    await user.click(screen.getByRole('button', { name: 'Continue to Review' }))
    const number = within(form).getByRole('textbox', { name: 'Card number' })
    await waitFor(() => {
      expect(number).toHaveAccessibleDescription('Please enter a card, or gift cards that cover the whole total.')
    })
    expect(number).toHaveFocus()
    expect(tokenCalls(sent)).toEqual([])
    expect(router.state.location.pathname).toBe('/checkout')
  })
})

describe('Checkout: a digital-only bag’s billing postal code', () => {
  const ebook = pricedLine({ id: 2001, item_type: 'digital', title: 'E-book' })

  it('asks for it and its country (the shopper’s, first), checks its shape, and prices the order there', async () => {
    const sent = stubCheckoutApi({}, [ebook])
    const { user, store } = render({ lines: [ebook] })
    const zip = await screen.findByRole('textbox', { name: 'Billing ZIP or postal code' })
    expect(zip).toBeRequired()
    expect(zip).toHaveAccessibleDescription('The one on your card’s billing address: the sales tax is figured there.')
    const country = screen.getByRole('combobox', { name: 'Billing country' })
    await waitFor(() => {
      expect(within(country).getAllByRole('option')).toHaveLength(2)
    })
    expect(country).toHaveValue('US')
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail, for the receipt' }), 'noa@example.com')

    const next = screen.getByRole('button', { name: 'Continue to Review' })
    await user.click(next)
    await waitFor(() => {
      expect(zip).toHaveAccessibleDescription(/Please fill in this field\.$/)
    })
    await user.type(zip, '1120')
    await user.click(next)
    await waitFor(() => {
      expect(zip).toHaveAccessibleDescription(/Please enter a ZIP code of five digits, or ZIP\+4 like 10001-1234\.$/)
    })
    await user.type(zip, '1')
    expect(store.get(checkoutAtom).digitalInfo).toEqual({
      email: 'noa@example.com',
      postal_code: '11201',
      country: 'US',
    })
    // The order is taxed at the billing postal code: the quote follows it.
    await waitFor(() => {
      expect(lastQuote(sent)).toMatchObject({ zip_code: '11201', country: 'US' })
    })

    // Elsewhere a postal code is any short code of letters, digits, spaces and hyphens.
    await user.selectOptions(country, 'CA')
    await user.clear(zip)
    await user.type(zip, 'M5V_3L9')
    await user.click(next)
    await waitFor(() => {
      expect(zip).toHaveAccessibleDescription(/Please use at most 10 letters, digits, spaces and hyphens\.$/)
    })
    await user.clear(zip)
    await user.type(zip, 'M5V 3L9')
    await waitFor(() => {
      expect(store.get(zipLookUpAtom)).toMatchObject({ zip: 'M5V 3L9', country: 'CA' })
    })
  })

  it('speaks Hebrew', async () => {
    stubCheckoutApi({}, [ebook])
    renderCheckoutScreen(CheckoutPage, '/checkout', { language: 'heb', lines: [ebook] })
    expect(await screen.findByRole('textbox', { name: 'מיקוד של כתובת החיוב' })).toBeRequired()
    expect(screen.getByRole('combobox', { name: 'ארץ החיוב' })).toHaveValue('US')
  })
})

describe('Checkout: priced where the order goes', () => {
  /** Chooses Standard and types a guest's address, its ZIP last. */
  async function typeAddress(user: UserEvent, zip: string) {
    await user.click(await screen.findByRole('radio', { name: /Standard/ }))
    const address = screen.getByRole('region', { name: 'Shipping address' })
    await user.type(within(address).getByRole('textbox', { name: 'Full name' }), 'Noa')
    await user.type(within(address).getByRole('textbox', { name: 'Street address' }), '2 Fig St')
    await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Brooklyn')
    await user.type(within(address).getByRole('textbox', { name: 'Phone' }), '212 555 0101')
    const code = within(address).getByRole('textbox', { name: 'ZIP or postal code' })
    await user.clear(code)
    await user.type(code, zip)
    return code
  }

  it('follows a guest’s typed address, and holds Continue until the quote is made there', async () => {
    const sent = stubCheckoutApi()
    const { user, store } = render()
    await typeAddress(user, '11201')
    const next = screen.getByRole('button', { name: 'Continue to Review' })
    expect(next).toBeDisabled()
    expect(next).toHaveAccessibleDescription('Updating the figures for your address…')
    await waitFor(() => {
      expect(next).toBeEnabled()
    })
    expect(store.get(zipLookUpAtom)).toMatchObject({ zip: '11201', country: 'US' })
    await waitFor(() => {
      expect(lastQuote(sent)).toMatchObject({ zip_code: '11201' })
    })
  })

  it('says at the field and at Continue when the address’s ZIP cannot be found, and does not go on', async () => {
    stubCheckoutApi()
    const { user, router } = render()
    const code = await typeAddress(user, '00000')
    const next = screen.getByRole('button', { name: 'Continue to Review' })
    await waitFor(() => {
      expect(code).toHaveAccessibleDescription(
        'We couldn’t find this ZIP or postal code in that country. Please check it.',
      )
    })
    expect(next).toBeDisabled()
    expect(next).toHaveAccessibleDescription('We couldn’t find your address’s ZIP or postal code. Please check it.')
    expect(router.state.location.pathname).toBe('/checkout')
  })
})

describe('Checkout for a signed-in customer', () => {
  it('offers the saved addresses and cards, the default chosen', async () => {
    stubCheckoutApi()
    const home = { id: 11, name: 'Dana Levi', line1: '1 Olive Lane', line2: '', city: 'New York', region: 'NY' }
    const address = { ...home, postal_code: '10001', country: 'US', phone: '2125550100', default: false }
    const card = { id: 21, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, token: 'tok_1', default: true }
    const dana = signedInCustomer({
      addresses: [address, { ...address, id: 12, line1: '5 Market St', default: true }],
      payments: [card],
    })
    const { user } = render({ customer: dana })
    await user.click(await screen.findByRole('radio', { name: /Standard/ }))
    expect(screen.getByRole('radio', { name: /5 Market St/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /1 Olive Lane/ })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'Visa ending in 4242' })).toBeChecked()
  })
})

describe('Checkout in Hebrew', () => {
  it('speaks Hebrew, with the arrival sentences in Hebrew', async () => {
    stubCheckoutApi()
    renderCheckoutScreen(CheckoutPage, '/checkout', { language: 'heb' })
    expect(await screen.findByRole('heading', { level: 1, name: 'קופה' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /משלוח רגיל.*יגיע ביום ו׳, 4 בדצמ׳/ })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /איסוף מהחנות.*מוכן לאיסוף תוך שעתיים.*חינם/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'המשך לסקירת ההזמנה' })).toBeInTheDocument()
  })
})

describe('Checkout when the quote fails', () => {
  it('says so in the summary and does not go on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubCheckoutApi({ '/api/checkout/quote': answer(503, { message: 'busy' }) })
    render()
    expect(await within(summary()).findByRole('alert')).toHaveTextContent('We couldn’t price your order just now.')
  })

  it('says when the store is busy, and asks again after the time it names', async () => {
    let calls = 0
    stubCheckoutApi({
      '/api/checkout/quote': (_url, body) => {
        calls += 1
        if (calls === 1) {
          return new Response(JSON.stringify({ message: 'Too many requests: please try again in 1 s.' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
          })
        }
        return fakeQuote(body as Parameters<typeof fakeQuote>[0])
      },
    })
    render()
    expect(await within(summary()).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 1 seconds.',
    )
    await waitFor(() => {
      expect(figure('Amount due')).toBe('$19.80')
    })
    expect(within(summary()).queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('Checkout: less in the way (issue 27)', () => {
  it('keeps the gift cards and discount code behind one button, opened by keyboard too', async () => {
    stubCheckoutApi()
    const { user } = render()
    const button = await screen.findByRole('button', { name: 'Have a gift card or discount code?' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('textbox', { name: 'Gift card code' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument()

    button.focus()
    await user.keyboard('{Enter}')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('textbox', { name: 'Gift card code' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeVisible()
    await user.keyboard(' ')
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens by itself when a code is applied, or one was refused', async () => {
    stubCheckoutApi()
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ giftCard: ['USED-UPUP-USED-UPUP'] }))
    render()
    expect(await screen.findByRole('button', { name: 'Have a gift card or discount code?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(await screen.findByText('This gift card has been used up.')).toBeVisible()
  })

  it('asks the ZIP once: the shipping address’s, which brings the options and fills the city and region', async () => {
    const sent = stubCheckoutApi({
      '/api/zip_code': (_url, body) => {
        if (body === undefined) return zipAnswer()
        const { zipCode } = body as { zipCode: string }
        return zipCode === '11201' ? zipAnswer({ zip: '11201', city: 'Brooklyn', state: 'NY' }) : zipAnswer()
      },
    })
    const { user, store } = render()
    await screen.findByRole('group', { name: 'How would you like to get it?' })
    expect(screen.queryByRole('textbox', { name: /ZIP or postal code/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument()
    expect(screen.getByText(/Prices, tax and delivery for 10001, New York, NY/)).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /Standard/ }))
    const address = screen.getByRole('region', { name: 'Shipping address' })
    expect(screen.getAllByRole('textbox', { name: /ZIP or postal code/ })).toHaveLength(1)
    expect(screen.getAllByRole('combobox', { name: /Country/ })).toHaveLength(1)
    const city = within(address).getByRole('textbox', { name: 'City' })
    const region = within(address).getByRole('textbox', { name: 'State, province or region (optional)' })
    expect(city).toHaveValue('New York')
    expect(region).toHaveValue('NY')

    const zip = within(address).getByRole('textbox', { name: 'ZIP or postal code' })
    await user.clear(zip)
    await user.type(zip, '11201')
    await waitFor(() => {
      expect(city).toHaveValue('Brooklyn')
    })
    expect(store.get(zipLookUpAtom)).toMatchObject({ zip: '11201' })
    await waitFor(() => {
      expect(lastQuote(sent)).toMatchObject({ zip_code: '11201' })
    })

    // A city the shopper typed is theirs: a new ZIP never replaces it.
    await user.clear(city)
    await user.type(city, 'Dumbo')
    await user.clear(zip)
    await user.type(zip, '10001')
    await waitFor(() => {
      expect(store.get(zipLookUpAtom)).toMatchObject({ zip: '10001' })
    })
    expect(city).toHaveValue('Dumbo')
  })

  it('asks the address first when nothing can be chosen yet, and its ZIP brings the options', async () => {
    // The checkout form is kept in the tab's storage, which the test files of a worker
    // share: start with none, or an address an earlier test typed (its ZIP) comes back.
    sessionStorage.clear()
    localStorage.clear()
    stubCheckoutApi()
    const { user } = render({ located: false })
    expect(await screen.findByText('Enter your ZIP or postal code to see the delivery options.')).toBeInTheDocument()
    const address = screen.getByRole('region', { name: 'Shipping address' })
    const zip = within(address).getByRole('textbox', { name: 'ZIP or postal code' })
    await user.type(zip, '11201')
    expect(await screen.findByRole('radio', { name: /Standard/ })).toBeInTheDocument()
    // The address stays while the options come, and keeps what was typed.
    expect(zip).toHaveValue('11201')
    expect(zip).toBeInTheDocument()
  })
})

describe('Checkout: a digital-only bag asks only what it needs (issue 27)', () => {
  const egift = pricedLine({ id: 105902, item_type: 'digital', title: 'E-Gift Card' })

  it('asks a guest for their own e-mail, for the receipt, and the billing postal code: no ZIP form', async () => {
    stubCheckoutApi({}, [egift])
    const { user, store } = render({ lines: [egift] })
    const email = await screen.findByRole('textbox', { name: 'Your e-mail, for the receipt' })
    expect(email).toHaveValue('')
    expect(email).toHaveAccessibleDescription('E-gift cards go to the recipients you named; we send your receipt here.')
    expect(screen.queryByRole('textbox', { name: /Send it to/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: /ZIP or postal code/ })).toEqual([
      screen.getByRole('textbox', { name: 'Billing ZIP or postal code' }),
    ])
    await user.type(email, 'noa@example.com')
    // The order's e-mail is the one typed once.
    expect(store.get(checkoutAtom).digitalInfo).toMatchObject({ email: 'noa@example.com' })
  })

  it('tells a customer where the receipt goes, and asks no e-mail', async () => {
    stubCheckoutApi({}, [egift])
    const { store } = render({ lines: [egift], customer: signedInCustomer() })
    expect(await screen.findByText('We send your receipt to dana@example.com.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /e-mail/i })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(store.get(checkoutAtom).digitalInfo).toMatchObject({ email: 'dana@example.com' })
    })
  })
})

describe('Checkout: typed text reads the right way round (issue 27)', () => {
  it('lets names, addresses and phones take their own direction; e-mail, ZIP and card stay left to right', async () => {
    stubCheckoutApi()
    const { user } = renderCheckoutScreen(CheckoutPage, '/checkout', { language: 'heb' })
    await user.click(await screen.findByRole('radio', { name: /משלוח רגיל/ }))
    const address = screen.getByRole('region', { name: 'כתובת למשלוח' })
    for (const name of [
      'שם מלא',
      'רחוב ומספר',
      'דירה, כניסה או קומה (לא חובה)',
      'עיר',
      'מדינה, מחוז או אזור (לא חובה)',
    ]) {
      expect(within(address).getByRole('textbox', { name })).toHaveAttribute('dir', 'auto')
    }
    expect(within(address).getByRole('textbox', { name: 'טלפון' })).toHaveAttribute('dir', 'auto')
    expect(within(address).getByRole('textbox', { name: 'מיקוד' })).toHaveAttribute('dir', 'ltr')
    expect(screen.getByRole('textbox', { name: 'דואר אלקטרוני' })).toHaveAttribute('dir', 'ltr')
    expect(screen.getByRole('textbox', { name: 'מספר הכרטיס' })).toHaveAttribute('dir', 'ltr')

    await user.click(screen.getByRole('radio', { name: /איסוף מהחנות/ }))
    const pickup = screen.getByRole('region', { name: 'מי יאסוף את ההזמנה?' })
    expect(within(pickup).getByRole('textbox', { name: 'שם מלא' })).toHaveAttribute('dir', 'auto')
    expect(within(pickup).getByRole('textbox', { name: 'טלפון' })).toHaveAttribute('dir', 'auto')
  })
})
