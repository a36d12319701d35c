import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { stubApiWithBodies } from '@/testing/api'
import { departments, product } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { signedInCustomer } from '@/testing/customer'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer({ favorites: [{ id: 1001, kind: 'product' }] })

function signedIn(routes: Parameters<typeof stubApiWithBodies>[0] = {}) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: dana, favorites: dana.favorites }))
  return stubApiWithBodies({ '/api/categories': departments, '/api/customer': dana, ...routes })
}

describe('the account screens', () => {
  it.each([['/account/subscriptions', 'Subscriptions', 'You have no subscriptions yet.']])(
    '%s says honestly that there is nothing yet',
    async (path, title, empty) => {
      signedIn({ '/api/customer/subscriptions': { subscriptions: [] } })
      renderApp(path)
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
      expect(await screen.findByText(new RegExp(`^${empty}`))).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/')
      const nav = screen.getByRole('navigation', { name: 'Your account' })
      expect(within(nav).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page')
      await waitFor(() => {
        expect(document.title).toBe(`${title} | Olive Lane`)
      })
    },
  )

  it('lists the customer’s favorites, and removes one on the server', async () => {
    const sent = signedIn({ '/api/products/1001': product(), '/api/customer/favorites': { favorites: [] } })
    renderApp('/account/favorites')
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'My Favorites' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Remove from favorites: Stoneware Mug' }))

    expect(await screen.findByText('You have no favorites yet.')).toBeInTheDocument()
    await waitFor(() => {
      expect(sent.find((r) => r.url.pathname === '/api/customer/favorites')).toMatchObject({
        method: 'PATCH',
        body: { ids: [{ id: 1001, kind: 'product' }] },
      })
    })
  })
})
