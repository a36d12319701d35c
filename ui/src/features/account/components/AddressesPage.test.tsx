import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import type { Customer } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import type { Address } from '../api'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const countries = [
  { label: 'Israel', heb_label: 'ישראל', value: 'IL' },
  { label: 'United States', heb_label: 'ארצות הברית', value: 'US' },
]

const home: Address = {
  id: 5,
  name: 'Dana Levi',
  line1: '1 Olive Lane',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62704',
  country: 'US',
  phone: '555 010 2030',
  default: true,
}

function customer(addresses: Address[] = []): Customer {
  return {
    id: 7,
    email: 'dana@example.com',
    name: 'Dana Levi',
    first_name: 'Dana',
    addresses,
    payments: [],
    favorites: [],
  }
}

/** The store's API for a signed-in customer; `routes` answer the address calls. */
function signedIn(signedInCustomer: Customer, routes: Parameters<typeof stubApiWithBodies>[0] = {}, language = 'eng') {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: signedInCustomer, language }))
  return stubApiWithBodies({
    '/api/categories': departments,
    '/api/customer': signedInCustomer,
    '/api/countries': countries,
    ...routes,
  })
}

const addressCalls = (sent: { url: URL; method: string; body: unknown }[]) =>
  sent.filter((r) => r.url.pathname.startsWith('/api/customer/address'))

async function fillAddress(user: ReturnType<typeof userEvent.setup>, postalCode: string) {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Dana Levi')
  await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 Olive Lane')
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Springfield')
  await user.type(screen.getByRole('textbox', { name: 'ZIP or postal code' }), postalCode)
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555 010 2030')
}

describe('My Addresses', () => {
  it('adds an address, showing the server’s problem at its field', async () => {
    let postalCode = ''
    const sent = signedIn(customer(), {
      '/api/customer/address': (_url: URL, body: unknown) => {
        postalCode = (body as { postal_code: string }).postal_code
        return postalCode === '1234'
          ? answer(400, { message: 'postal_code: a US ZIP code is five digits, or five, a hyphen and four' })
          : { addresses: [{ ...home, postal_code: postalCode }], address: { ...home, postal_code: postalCode } }
      },
    })
    renderApp('/account/addresses')
    const user = userEvent.setup()

    expect(await screen.findByRole('heading', { level: 1, name: 'My Addresses' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('My Addresses | Olive Lane')
    })
    const nav = screen.getByRole('navigation', { name: 'Your account' })
    expect(within(nav).getByRole('link', { name: 'My Addresses' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Payment Methods' })).toHaveAttribute('href', '/account/payments')
    expect(screen.getByText('You have no saved addresses yet.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add an address' }))
    const form = screen.getByRole('region', { name: 'New address' })
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus()
    const country = within(form).getByRole('combobox', { name: 'Country' })
    await waitFor(() => {
      expect(
        within(country)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Israel', 'United States'])
    })
    // Spec 9: the United States by default.
    expect(country).toHaveValue('US')

    await fillAddress(user, '1234')
    await user.click(screen.getByRole('button', { name: 'Save address' }))

    const zip = screen.getByRole('textbox', { name: 'ZIP or postal code' })
    await waitFor(() => {
      expect(zip).toHaveAttribute('aria-invalid', 'true')
    })
    expect(zip).toHaveAccessibleDescription('A US ZIP code is five digits, or five, a hyphen and four.')
    expect(zip).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'false')

    await user.clear(zip)
    await user.type(zip, ' 62704 ')
    await user.click(screen.getByRole('button', { name: 'Save address' }))

    expect(await screen.findByText('The address is saved.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'New address' })).not.toBeInTheDocument()
    expect(screen.getByText('1 Olive Lane')).toBeInTheDocument()
    expect(screen.getByText('United States')).toBeInTheDocument()
    expect(addressCalls(sent).at(-1)).toMatchObject({
      method: 'POST',
      body: {
        name: 'Dana Levi',
        line1: '1 Olive Lane',
        line2: '',
        city: 'Springfield',
        region: '',
        postal_code: '62704',
        country: 'US',
        phone: '555 010 2030',
        default: false,
      },
    })
    // Addresses live in memory only: this device keeps who is signed in, not where they live.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { customer: Customer }
    expect(stored.customer.id).toBe(7)
    expect(stored.customer.addresses).toEqual([])
  })

  it('asks for the required fields before sending anything', async () => {
    const sent = signedIn(customer())
    renderApp('/account/addresses')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add an address' }))
    await user.click(screen.getByRole('button', { name: 'Save address' }))

    const name = screen.getByRole('textbox', { name: 'Full name' })
    expect(name).toHaveAccessibleDescription('Please fill in this field.')
    expect(name).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Apartment, suite or floor (optional)' })).toHaveAttribute(
      'aria-invalid',
      'false',
    )
    expect(addressCalls(sent)).toEqual([])
  })

  it('removes an address after asking, and makes another the default', async () => {
    const office = { ...home, id: 6, line1: '9 Market St', default: false }
    const sent = signedIn(customer([home, office]), {
      '/api/customer/address/5': { address: home },
      '/api/customer/address/6': {
        addresses: [
          { ...home, default: false },
          { ...office, default: true },
        ],
      },
    })
    renderApp('/account/addresses')
    const user = userEvent.setup()

    await user.click(await screen.findByRole('button', { name: 'Make default: Dana Levi, 9 Market St' }))
    expect(await screen.findByText('This is now your default address.')).toBeInTheDocument()
    expect(addressCalls(sent)[0]).toMatchObject({ method: 'POST', body: { line1: '9 Market St', default: true } })
    expect(addressCalls(sent)[0]?.body).not.toHaveProperty('id')

    await user.click(screen.getByRole('button', { name: 'Remove: Dana Levi, 1 Olive Lane' }))
    const question = screen.getByRole('group', { name: 'Remove this address?' })
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus()
    await user.click(within(question).getByRole('button', { name: 'Remove: Dana Levi, 1 Olive Lane' }))

    expect(await screen.findByText('The address is removed.')).toBeInTheDocument()
    expect(screen.queryByText('1 Olive Lane')).not.toBeInTheDocument()
    expect(addressCalls(sent).at(-1)).toMatchObject({ method: 'DELETE' })
    expect(addressCalls(sent).at(-1)?.url.pathname).toBe('/api/customer/address/5')
  })

  it('in Hebrew, shows a Latin address the right way round, the phone on the block’s side', async () => {
    signedIn(customer([home]), {}, 'heb')
    renderApp('/account/addresses')
    const street = await screen.findByText('1 Olive Lane')
    expect(street.tagName).toBe('BDI')
    expect(street.parentElement).not.toHaveAttribute('dir')
    const phone = screen.getByText('555 010 2030')
    expect(phone.tagName).toBe('BDI')
    expect(phone).toHaveAttribute('dir', 'ltr')
    expect(phone.parentElement).not.toHaveAttribute('dir')
    expect(await screen.findByText('ארצות הברית')).toBeInTheDocument()
  })

  it('lets each field of the form take the direction of what is typed in it', async () => {
    signedIn(customer())
    renderApp('/account/addresses')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add an address' }))
    for (const name of ['Full name', 'Street address', 'Apartment, suite or floor (optional)', 'City', 'Phone']) {
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('dir', 'auto')
    }
    expect(screen.getByRole('textbox', { name: /^State/ })).toHaveAttribute('dir', 'auto')
    expect(screen.getByRole('textbox', { name: 'ZIP or postal code' })).toHaveAttribute('dir', 'ltr')
  })

  it('is in Hebrew, countries and the server’s problems too', async () => {
    signedIn(
      customer(),
      { '/api/customer/address': answer(400, { message: 'phone: must be a phone number of 7 to 15 digits' }) },
      'heb',
    )
    renderApp('/account/addresses')
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'הכתובות שלי' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'הוספת כתובת' }))
    const country = screen.getByRole('combobox', { name: 'ארץ' })
    await waitFor(() => {
      expect(
        within(country)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['ארצות הברית', 'ישראל'])
    })
    await user.type(screen.getByRole('textbox', { name: 'שם מלא' }), 'דנה לוי')
    await user.type(screen.getByRole('textbox', { name: 'רחוב ומספר' }), 'הזית 1')
    await user.type(screen.getByRole('textbox', { name: 'עיר' }), 'חיפה')
    await user.type(screen.getByRole('textbox', { name: 'מיקוד' }), '3100001')
    await user.selectOptions(country, 'IL')
    await user.type(screen.getByRole('textbox', { name: 'טלפון' }), '12')
    await user.click(screen.getByRole('button', { name: 'שמירת הכתובת' }))

    const phone = screen.getByRole('textbox', { name: 'טלפון' })
    await waitFor(() => {
      expect(phone).toHaveAccessibleDescription(
        'נא לכתוב מספר טלפון של 7 עד 15 ספרות (אפשר רווחים, מקפים, סוגריים ו־+ בהתחלה).',
      )
    })
  })
})
