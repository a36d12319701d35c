import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bagAtom, EMPTY_BAG } from '@/lib/bag'
import { favoritesAtom } from '@/lib/favorites'
import { helpChatOpenAtom, openHeaderPanelAtom } from '@/lib/panels'
import { customerAtom, type Customer } from '@/lib/session'
import { raisedErrorAtom } from '@/lib/sharedError'
import { toastsAtom } from '@/lib/toast'
import { answer, stubApi } from '@/testing/api'
import { pricedLine } from '@/testing/fixtures'
import { AccountMenu } from './AccountMenu'
import { AssistancePanel } from './AssistancePanel'
import { signedInCustomer, storeWithCustomer } from '@/testing/customer'

const storeInfo = {
  name: 'Olive Lane',
  heb_name: 'שדרת הזית',
  help_email: 'help@olive-lane.example',
  free_shipping_over: 5000,
}

const dana = signedInCustomer()

afterEach(() => {
  // The customer, bag and favorites are kept in storage (spec 3, "Persistence").
  localStorage.clear()
})

function renderMenus(customer: Customer | null = null) {
  const requested = stubApi({ '/api/store': storeInfo, '/api/logout': new Response(null, { status: 204 }) })
  const store = storeWithCustomer(customer)
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <AccountMenu />
          <AssistancePanel />
          <input
            aria-label="Search"
            onFocus={() => {
              store.set(openHeaderPanelAtom, 'search')
            }}
          />
        </>
      ),
    },
  ])
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, requested, user: userEvent.setup() }
}

describe('the account menu (spec 2.6)', () => {
  it('is headed "Account" and lists the guest entries, with no Sign Out', async () => {
    const { user } = renderMenus()
    await user.click(screen.getByRole('button', { name: 'Account' }))
    const menu = screen.getByRole('dialog', { name: 'Account' })
    const links = within(menu).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Login', '/login'],
      ['My Account', '/account'],
      ['My Orders', '/account/orders'],
      ['My Favorites', '/favorites'],
      ['Buy it Again', '/account/buy-it-again'],
      ['Digital Library', '/account/digital-libary'],
      ['Subscriptions', '/account/subscriptions'],
    ])
    expect(within(menu).queryByText(/sign out/i)).not.toBeInTheDocument()
  })

  it('is headed with a signed-in customer’s first name, without Login, with Sign Out', async () => {
    const { user } = renderMenus(dana)
    await user.click(screen.getByRole('button', { name: 'Dana' }))
    const menu = screen.getByRole('dialog', { name: 'Hello, Dana' })
    const links = within(menu).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My Account', '/account'],
      ['My Orders', '/account/orders'],
      ['My Favorites', '/account/favorites'],
      ['Buy it Again', '/account/buy-it-again'],
      ['Digital Library', '/account/digital-libary'],
      ['Subscriptions', '/account/subscriptions'],
    ])
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })

  it('signs out: ends the session, clears the customer’s data and goes Home as a guest', async () => {
    const { user, store, router, requested } = renderMenus(dana)
    store.set(bagAtom, { ...EMPTY_BAG, products: [pricedLine()] })
    store.set(favoritesAtom, [{ id: 1001, kind: 'product' }])
    await router.navigate('/account/orders')
    await user.click(screen.getByRole('button', { name: 'Dana' }))
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(requested.map((url) => url.pathname)).toContain('/api/logout')
    expect(store.get(customerAtom)).toBeNull()
    expect(store.get(bagAtom)).toEqual(EMPTY_BAG)
    expect(store.get(favoritesAtom)).toEqual([])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Account' }))
    expect(
      within(screen.getByRole('dialog', { name: 'Account' })).getByRole('link', { name: 'Login' }),
    ).toBeInTheDocument()
  })

  it('keeps the customer signed in when signing out fails, and hands an answer to the shared handler', async () => {
    const { user, store, router } = renderMenus(dana)
    stubApi({ '/api/logout': answer(500, { message: 'Something went wrong' }) })
    await user.click(screen.getByRole('button', { name: 'Dana' }))
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => {
      expect(store.get(raisedErrorAtom)?.error.status).toBe(500)
    })
    expect(store.get(raisedErrorAtom)?.visit).toBe(router.state.location.key)
    expect(store.get(toastsAtom)).toEqual([])
    expect(store.get(customerAtom)).toEqual(dana)
  })

  it('says so in a toast when signing out finds no server at all', async () => {
    const { user, store } = renderMenus(dana)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await user.click(screen.getByRole('button', { name: 'Dana' }))
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => {
      expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual([
        'We couldn’t sign you out. Please try again.',
      ])
    })
    expect(store.get(raisedErrorAtom)).toBeNull()
    expect(store.get(customerAtom)).toEqual(dana)
  })

  it('closes on Escape and gives focus back to its button', async () => {
    const { user } = renderMenus()
    const button = screen.getByRole('button', { name: 'Account' })
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes when a link is followed or on a click elsewhere', async () => {
    const { user, router } = renderMenus()
    await user.click(screen.getByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('link', { name: 'My Orders' }))
    expect(router.state.location.pathname).toBe('/account/orders')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Account' }))
    await user.click(document.body)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('the assistance panel (spec 2.6)', () => {
  it('greets "Hi there" and offers the help e-mail address', async () => {
    const { user } = renderMenus()
    await user.click(screen.getByRole('button', { name: 'Help' }))
    const panel = screen.getByRole('dialog', { name: 'Hi there' })
    expect(await within(panel).findByRole('link', { name: 'E-mail us at help@olive-lane.example' })).toHaveAttribute(
      'href',
      'mailto:help@olive-lane.example',
    )
  })

  it('greets a signed-in customer by first name', async () => {
    const { user } = renderMenus(dana)
    await user.click(screen.getByRole('button', { name: 'Help' }))
    expect(screen.getByRole('dialog', { name: 'Hi, Dana' })).toBeInTheDocument()
  })

  it('opens the help chat from "Chat with us" and closes itself', async () => {
    const { user, store } = renderMenus()
    await user.click(screen.getByRole('button', { name: 'Help' }))
    await user.click(screen.getByRole('button', { name: 'Chat with us' }))
    expect(store.get(helpChatOpenAtom)).toBe(true)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('one header panel at a time (spec 2.6)', () => {
  it('closes the account menu when the assistance panel opens, and both when search starts', async () => {
    const { user, store } = renderMenus()
    await user.click(screen.getByRole('button', { name: 'Account' }))
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Help' }))
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Hi there' })).toBeInTheDocument()
    expect(store.get(openHeaderPanelAtom)).toBe('assistance')

    await user.click(screen.getByRole('textbox', { name: 'Search' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(store.get(openHeaderPanelAtom)).toBe('search')
  })
})
