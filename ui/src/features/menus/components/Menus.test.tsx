import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { helpChatOpenAtom, openHeaderPanelAtom } from '@/lib/panels'
import { stubApi } from '@/testing/api'
import { AccountMenu } from './AccountMenu'
import { AssistancePanel } from './AssistancePanel'

const storeInfo = {
  name: 'Olive Lane',
  heb_name: 'שדרת הזית',
  help_email: 'help@olive-lane.example',
  free_shipping_over: 5000,
}

function renderMenus() {
  stubApi({ '/api/store': storeInfo })
  const store = createStore()
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
  return { store, router, user: userEvent.setup() }
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
