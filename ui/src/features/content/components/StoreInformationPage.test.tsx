import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { StoreAddressPage } from './StoreAddressPage'
import { StoreHoursPage } from './StoreHoursPage'
import { StoreInformationPage } from './StoreInformationPage'
import { VirtualTourPage } from './VirtualTourPage'

/** The store-information routes as the lead wires them in routes.tsx. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/store-information',
        Component: StoreInformationPage,
        children: [
          { index: true, element: <Navigate to="/store-information/address" replace /> },
          { path: 'hours', Component: StoreHoursPage },
          { path: 'address', Component: StoreAddressPage },
          { path: 'virtual-tour', Component: VirtualTourPage },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    // A fresh store per render, as the app's providers give each mount.
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { router }
}

afterEach(() => {
  localStorage.clear()
})

describe('store information', () => {
  it('opens on the address, and its links lead to hours and the virtual tour', async () => {
    const { router } = renderAt('/store-information')
    const user = userEvent.setup()

    expect(await screen.findByRole('heading', { level: 2, name: 'Store Address' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/store-information/address')
    expect(screen.getByText('12 HaZayit Boulevard')).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Store Address | Olive Lane')
    })

    const sections = screen.getByRole('navigation', { name: 'Store information sections' })
    await user.click(within(sections).getByRole('link', { name: 'Hours' }))
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'Saturday' }).nextElementSibling).toHaveTextContent('Closed')
    expect(within(sections).getByRole('link', { name: 'Hours' })).toHaveAttribute('aria-current', 'page')

    await user.click(within(sections).getByRole('link', { name: 'Virtual Tour' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Virtual Tour' })).toBeInTheDocument()
  })

  it('is written in Hebrew in the Hebrew interface', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language: 'heb' }))
    renderAt('/store-information/hours')

    expect(await screen.findByRole('heading', { level: 2, name: 'שעות הפתיחה' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'שבת' })).toBeInTheDocument()
  })
})
