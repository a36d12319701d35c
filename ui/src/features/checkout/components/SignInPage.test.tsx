import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import formStyles from '@/components/Form.module.css'
import { renderCheckoutScreen } from '../testing'
import { SignInPage } from './SignInPage'

describe('the sign-in gate (guest checkout first)', () => {
  it('leads with checkout as a guest, the primary action; signing in is the secondary one', async () => {
    renderCheckoutScreen(SignInPage, '/sign-in')
    await screen.findByRole('heading', { level: 1, name: 'Sign In' })

    const guest = screen.getByRole('link', { name: 'Continue as guest' })
    const signIn = screen.getByRole('link', { name: 'Sign in' })
    const { primary = 'primary', secondary = 'secondary' } = formStyles
    expect(guest).toHaveClass(primary)
    expect(signIn).toHaveClass(secondary)
    expect(signIn).not.toHaveClass(primary)
    // First in the page, so first on a phone's single column and in the keyboard's order.
    expect(screen.getAllByRole('link').slice(0, 2)).toEqual([guest, signIn])
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'New here, or in a hurry?',
      'Have an account?',
    ])
  })

  it('reaches both by keyboard, the guest’s first', async () => {
    const { user, router } = renderCheckoutScreen(SignInPage, '/sign-in')
    await screen.findByRole('heading', { level: 1, name: 'Sign In' })

    await user.tab()
    expect(screen.getByRole('link', { name: 'Continue as guest' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(router.state.location.pathname).toBe('/login')
  })
})
