import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { customerAtom } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { customer, renderScreen, stubPendingFetch } from '../testing'
import { RegisterPage } from './RegisterPage'

afterEach(() => {
  localStorage.clear()
})

const notice = { message: 'We have sent a message to this address.' }

async function fillInDetails(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' Dana Levi ')
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dana@example.com')
  await user.type(screen.getByLabelText('Password'), 'correct horse')
  await user.click(screen.getByRole('button', { name: 'Create account' }))
}

describe('the register screen', () => {
  it('asks for the mailed code after the details, then creates the account and signs in', async () => {
    const sent = stubApiWithBodies({ '/api/register': answer(202, notice), '/api/register/confirm': customer })
    const { store, router, user } = renderScreen('/register', RegisterPage)
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveAttribute('autocomplete', 'name')
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password')
    await fillInDetails(user)

    const code = await screen.findByRole('textbox', { name: 'Six-digit code' })
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('We have sent a message to dana@example.com.')
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Finish' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(store.get(customerAtom)).toEqual(customer)
    expect(sent.map((request) => [request.url.pathname, request.body])).toEqual([
      ['/api/register', { name: 'Dana Levi', email: 'dana@example.com', password: 'correct horse' }],
      ['/api/register/confirm', { email: 'dana@example.com', code: '123456' }],
    ])
  })

  it('shows the server’s message for a wrong code, and lets the shopper change their details', async () => {
    stubApiWithBodies({
      '/api/register': answer(202, notice),
      '/api/register/confirm': answer(404, { message: 'this code is not right or has expired' }),
    })
    const { store, user } = renderScreen('/register', RegisterPage)
    await fillInDetails(user)
    await user.type(await screen.findByRole('textbox', { name: 'Six-digit code' }), '000000')
    await user.click(screen.getByRole('button', { name: 'Finish' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not right or has expired')
    expect(store.get(customerAtom)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Change my details' }))
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Dana Levi')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the server’s message when it refuses the details', async () => {
    stubApiWithBodies({
      '/api/register': answer(429, { message: 'Too many attempts for this address: please try again in 40 s.' }),
    })
    const { user } = renderScreen('/register', RegisterPage)
    await fillInDetails(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('please try again in 40 s.')
    expect(screen.queryByRole('textbox', { name: 'Six-digit code' })).not.toBeInTheDocument()
  })

  it('is busy while sending the details, and sends them once', async () => {
    const pending = stubPendingFetch()
    const { user } = renderScreen('/register', RegisterPage)
    await fillInDetails(user)
    const busy = screen.getByRole('button', { name: 'Sending the code…' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    await user.click(busy)
    expect(pending.requests).toHaveLength(1)

    pending.answer(answer(202, notice))
    expect(await screen.findByRole('textbox', { name: 'Six-digit code' })).toBeInTheDocument()
  })

  it('checks a field when it is left, and takes its problem away the moment it is right (issue 27)', async () => {
    const sent = stubApiWithBodies({ '/api/register': answer(202, notice) })
    const { user } = renderScreen('/register', RegisterPage)
    const name = await screen.findByRole('textbox', { name: 'Full name' })
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    // A blank field passed through is not told off before the button.
    await user.click(name)
    await user.tab()
    expect(name).toHaveAttribute('aria-invalid', 'false')
    await user.type(email, 'dana@example')
    await user.tab()
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com.')
    await user.type(email, '.com')
    expect(email).toHaveAttribute('aria-invalid', 'false')
    expect(email).not.toHaveAccessibleDescription()

    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(name).toHaveAccessibleDescription('Please fill in this field.')
    await user.type(name, 'Dana')
    expect(name).not.toHaveAccessibleDescription()
    const password = screen.getByLabelText('Password')
    await user.type(password, '1234567')
    expect(password).toHaveAccessibleDescription('8 to 128 characters. Use 8 to 128 characters.')
    await user.type(password, '8')
    expect(password).toHaveAccessibleDescription('8 to 128 characters.')
    expect(sent).toEqual([])
  })

  it('starts with the e-mail the thank-you page passes on (issue 27)', async () => {
    stubApiWithBodies({})
    renderScreen('/register', RegisterPage, '/register?email=noa%2Bgift%40example.com')
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('noa+gift@example.com')
  })

  it('checks the password length and the code before sending', async () => {
    const sent = stubApiWithBodies({ '/api/register': answer(202, notice) })
    const { user } = renderScreen('/register', RegisterPage)
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Dana')
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dana@example')
    await user.type(screen.getByLabelText('Password'), '1234567')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Please enter a valid e-mail address, like name@example.com.',
    )
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      '8 to 128 characters. Use 8 to 128 characters.',
    )
    expect(sent).toEqual([])

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }))
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dana@example.com')
    await user.type(screen.getByLabelText('Password'), '8')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await user.type(await screen.findByRole('textbox', { name: 'Six-digit code' }), '12345')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    expect(screen.getByRole('textbox', { name: 'Six-digit code' })).toHaveAccessibleDescription(
      'Enter the six digits from the e-mail.',
    )
    expect(sent).toHaveLength(1)
  })
})
