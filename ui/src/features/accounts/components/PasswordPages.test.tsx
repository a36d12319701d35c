import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { customerAtom } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { customer, renderScreen, stubPendingFetch } from '../testing'
import { ForgotPasswordPage } from './ForgotPasswordPage'
import { ResetPasswordPage } from './ResetPasswordPage'

afterEach(() => {
  localStorage.clear()
})

describe('the forgot-password screen', () => {
  it('asks for a link and says it is on its way', async () => {
    const sent = stubApiWithBodies({ '/api/password/forgot': answer(202, { message: 'On its way' }) })
    const { user } = renderScreen('/forgot-password', ForgotPasswordPage)
    const email = await screen.findByRole('textbox', { name: 'E-mail' })
    expect(email).toHaveAttribute('autocomplete', 'email')
    await user.type(email, 'dana@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))

    const note = await screen.findByRole('status')
    expect(note).toHaveTextContent('If dana@example.com has an account, a link to choose a new password is on its way.')
    expect(note).toHaveFocus()
    expect(sent.map((request) => request.body)).toEqual([{ email: 'dana@example.com' }])
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login')
  })

  it('shows the server’s message when it refuses, and is busy meanwhile', async () => {
    const pending = stubPendingFetch()
    const { user } = renderScreen('/forgot-password', ForgotPasswordPage)
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'dana@example.com')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true')

    pending.answer(answer(429, { message: 'Too many attempts for this address: please try again in 20 s.' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('please try again in 20 s.')
    expect(pending.requests).toHaveLength(1)
  })
})

describe('the password-reset screen', () => {
  it('sets the new password with the link’s token, signs in and goes Home', async () => {
    const sent = stubApiWithBodies({ '/api/password/reset': customer })
    const { store, router, user } = renderScreen('/password/reset/:token', ResetPasswordPage, '/password/reset/abc123')
    const password = await screen.findByLabelText('New password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    await user.type(password, 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(store.get(customerAtom)).toEqual(customer)
    expect(sent.map((request) => request.body)).toEqual([{ token: 'abc123', password: 'a new secret' }])
  })

  it('shows the server’s message for a used link and offers a new one', async () => {
    stubApiWithBodies({
      '/api/password/reset': answer(404, { message: 'this reset link has expired or was already used' }),
    })
    const { store, user } = renderScreen('/password/reset/:token', ResetPasswordPage, '/password/reset/used')
    await user.type(await screen.findByLabelText('New password'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired or was already used')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password')
    expect(store.get(customerAtom)).toBeNull()
  })

  it('refuses a password shorter than 8 characters without sending it', async () => {
    const sent = stubApiWithBodies({})
    const { user } = renderScreen('/password/reset/:token', ResetPasswordPage, '/password/reset/abc123')
    await user.type(await screen.findByLabelText('New password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('New password')).toHaveFocus()
    expect(sent).toEqual([])
  })
})
