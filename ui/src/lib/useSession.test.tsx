import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { departments } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { STORAGE_KEY } from './persist'
import { signedInCustomer } from '@/testing/customer'

const dana = signedInCustomer()
const signedOut = answer(403, { message: 'Please sign in.' })

afterEach(() => {
  localStorage.clear()
})

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>
const customerChecks = (requested: URL[]) => requested.filter((url) => url.pathname === '/api/customer').length

describe('the session check (spec 7, 2.2, 4.3)', () => {
  it('asks at start-up and greets a signed-in customer', async () => {
    stubApi({ '/api/categories': departments, '/api/customer': dana })
    renderApp('/contact-us')
    expect(await screen.findByRole('button', { name: 'Dana' })).toBeInTheDocument()
    expect(stored().customer).toEqual(dana)
  })

  it('wipes a customer whose session has ended and goes Home', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ customer: dana, favorites: [{ id: 1001, kind: 'product' }], language: 'eng' }),
    )
    stubApi({ '/api/categories': departments, '/api/customer': signedOut })
    const { router } = renderApp('/contact-us')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument()
    expect(stored()).toMatchObject({ customer: null, favorites: [], language: 'eng' })
  })

  it('leaves a guest where they are', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/customer': signedOut })
    const { router } = renderApp('/contact-us')
    await waitFor(() => {
      expect(customerChecks(requested)).toBeGreaterThan(0)
    })
    const checks = customerChecks(requested)
    // A guest's new page asks nothing more: there is no session to lose.
    await router.navigate('/bag')
    await screen.findByRole('heading', { level: 1, name: 'Bag' })
    expect(router.state.location.pathname).toBe('/bag')
    expect(customerChecks(requested)).toBe(checks)
  })

  it('takes a 204 for a guest, and for a customer whose session cookie is gone', async () => {
    const noSession = new Response(null, { status: 204 })
    const requested = stubApi({ '/api/categories': departments, '/api/customer': noSession })
    renderApp('/contact-us')
    await waitFor(() => {
      expect(customerChecks(requested)).toBeGreaterThan(0)
    })
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument()

    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: dana, language: 'eng' }))
    stubApi({ '/api/categories': departments, '/api/customer': noSession })
    const { router } = renderApp('/contact-us')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(stored()).toMatchObject({ customer: null })
  })

  it('asks again on each new path while signed in', async () => {
    const requested = stubApi({ '/api/categories': departments, '/api/customer': dana })
    const { router } = renderApp('/contact-us')
    await screen.findByRole('button', { name: 'Dana' })
    const checks = customerChecks(requested)
    await router.navigate('/bag')
    await waitFor(() => {
      expect(customerChecks(requested)).toBe(checks + 1)
    })
  })

  it('keeps the stored customer when no answer comes, and guards stop waiting', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer: dana }))
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) =>
        new URL(request.url).pathname === '/api/customer'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(answer(404, { message: 'Not found' })),
      ),
    )
    renderApp('/account/dashboard')
    expect(await screen.findByText('Hello, Dana')).toBeInTheDocument()
  })
})
