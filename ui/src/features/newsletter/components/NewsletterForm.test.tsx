import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { describe, expect, it } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { NewsletterForm } from './NewsletterForm'

function renderForm() {
  render(
    <Provider>
      <NewsletterForm />
    </Provider>,
  )
  return userEvent.setup()
}

async function signUp(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.clear(screen.getByLabelText('E-mail address'))
  await user.type(screen.getByLabelText('E-mail address'), email)
  await user.click(screen.getByRole('button', { name: 'Sign Up' }))
}

describe('the newsletter sign-up (spec 2.8, 5)', () => {
  it('has a required e-mail field', () => {
    renderForm()
    const field = screen.getByLabelText('E-mail address')
    expect(field).toHaveAttribute('type', 'email')
    expect(field).toBeRequired()
  })

  it("shows the server's answer, which is the same for every valid address", async () => {
    const received = 'If this address can receive our newsletter, a confirmation e-mail is on its way.'
    const requested = stubApi({ '/api/newsletter': () => answer(202, { message: received }) })
    const user = renderForm()
    await signUp(user, 'dana@example.com')
    expect(await screen.findByText(received)).toBeInTheDocument()
    await signUp(user, 'omer@example.com')
    expect(await screen.findByText(received)).toBeInTheDocument()
    expect(requested.map((url) => url.pathname)).toEqual(['/api/newsletter', '/api/newsletter'])
  })

  it('shows the reason the server gives for a malformed address', async () => {
    stubApi({ '/api/newsletter': answer(400, { message: 'email: not a valid address' }) })
    const user = renderForm()
    await signUp(user, 'dana@example')
    expect(await screen.findByText('email: not a valid address')).toBeInTheDocument()
  })

  it('says so when the sign-up fails for another reason', async () => {
    stubApi({ '/api/newsletter': answer(500) })
    const user = renderForm()
    await signUp(user, 'dana@example.com')
    expect(await screen.findByText('The sign-up did not go through. Please try again.')).toBeInTheDocument()
  })
})
