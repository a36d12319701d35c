import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { customerAtom } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { customer, renderScreen, stubPendingFetch } from '../testing'
import { LoginPage } from './LoginPage'

afterEach(() => {
  localStorage.clear()
})

async function fillIn(user: ReturnType<typeof renderScreen>['user'], email: string, password: string) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), email)
  await user.type(screen.getByLabelText('Password'), password)
}

describe('the login screen', () => {
  it('has labelled fields with autocomplete hints, and links to Register and Forgot password', async () => {
    renderScreen('/login', LoginPage)
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('autocomplete', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password')
  })

  it('signs in with the trimmed address, stores the customer and goes Home', async () => {
    const sent = stubApiWithBodies({ '/api/login': customer })
    const { store, router, user } = renderScreen('/login', LoginPage)
    await fillIn(user, '  dana@example.com ', 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(sent.map((request) => request.body)).toEqual([{ email: 'dana@example.com', password: 'correct horse' }])
    expect(store.get(customerAtom)).toEqual(customer)
  })

  it('goes back to the path a guest was stopped at (prevUrl)', async () => {
    stubApiWithBodies({ '/api/login': customer })
    const { router, user } = renderScreen('/login', LoginPage, '/login', { prevUrl: '/account/orders?page=2' })
    await fillIn(user, 'dana@example.com', 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/orders')
    })
    expect(router.state.location.search).toBe('?page=2')
    // The login screen is replaced, so Back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('shows the server’s message when the address or password is wrong, and stays', async () => {
    stubApiWithBodies({ '/api/login': answer(401, { message: 'the e-mail address or the password is not right' }) })
    const { store, router, user } = renderScreen('/login', LoginPage)
    await fillIn(user, 'dana@example.com', 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or the password is not right')
    expect(router.state.location.pathname).toBe('/login')
    expect(store.get(customerAtom)).toBeNull()
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled')
  })

  it('is busy while signing in, and a second submit sends nothing more', async () => {
    const pending = stubPendingFetch()
    const { router, user } = renderScreen('/login', LoginPage)
    await fillIn(user, 'dana@example.com', 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    const busy = screen.getByRole('button', { name: 'Signing in…' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    await user.click(busy)
    await user.keyboard('{Enter}')
    expect(pending.requests).toHaveLength(1)

    pending.answer(answer(200, customer))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
  })

  it('checks the fields before sending, and focuses the first to fix', async () => {
    const sent = stubApiWithBodies({})
    const { user } = renderScreen('/login', LoginPage)
    await user.type(await screen.findByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    const email = screen.getByRole('textbox', { name: 'E-mail' })
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Please fill in this field.')
    expect(email).toHaveFocus()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use 8 to 128 characters.')
    expect(sent).toEqual([])
  })

  it('says so when the store cannot be reached', async () => {
    // A fetch that rejects, as the browser's does when offline.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { user } = renderScreen('/login', LoginPage)
    await fillIn(user, 'dana@example.com', 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t reach the store.')
  })
})
