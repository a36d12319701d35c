import { render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { DepartmentsNav } from './DepartmentsNav'

function renderNav() {
  const router = createMemoryRouter([{ path: '*', element: <DepartmentsNav /> }])
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('DepartmentsNav', () => {
  it('links every top-level department to its list', async () => {
    stubApi({ '/api/categories': departments })
    renderNav()
    expect(await screen.findByRole('link', { name: 'Home Goods' })).toHaveAttribute('href', '/category/home-goods/1')
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/category/books/2')
  })

  it('says so when the departments cannot be loaded, without breaking the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubApi({ '/api/categories': answer(500) })
    renderNav()
    expect(await screen.findByText('Departments are unavailable right now.')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Departments' })).toBeInTheDocument()
  })
})
