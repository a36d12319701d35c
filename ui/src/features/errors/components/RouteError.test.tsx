import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

describe('API errors on a screen (spec 8)', () => {
  it.each([404, 403])('shows the not-found page for %i', async (status) => {
    stubApi({ '/api/categories': departments, '/api/products/999': answer(status) })
    const { router } = renderApp('/products/gone/999')

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products/gone/999')
    // The chrome stays around the error.
    expect(screen.getByRole('navigation', { name: 'Departments' })).toBeInTheDocument()
  })

  it('goes to the server error page for 500', async () => {
    stubApi({ '/api/categories': departments, '/api/pages/43': answer(500, { message: 'Internal server error' }) })
    const { router } = renderApp('/about/43')

    expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/500')
    await waitFor(() => {
      expect(document.title).toBe('Server error | Olive Lane')
    })
  })

  it('treats an id that is not a number as not found, without asking the server', async () => {
    const requested = stubApi({ '/api/categories': departments })
    renderApp('/products/stoneware-mug/abc')

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(requested.map((url) => url.pathname)).not.toContain('/api/products/abc')
  })

  it('explains a lost connection and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    renderApp('/bundles/kit/5001')

    expect(await screen.findByText('We could not reach the store. Check your connection and try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
