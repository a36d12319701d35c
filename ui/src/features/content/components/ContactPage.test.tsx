import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { ContactPage } from './ContactPage'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The contact route as the lead wires it in routes.tsx (the app's table is not this feature's to change). */
function renderContact() {
  const router = createMemoryRouter([{ path: '/contact-us', Component: ContactPage }], {
    initialEntries: ['/contact-us'],
  })
  render(
    // A fresh store per render, as the app's providers give each mount.
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
}

/** The bodies POSTed to /api/contact, read from the stubbed fetch. */
async function contactBodies() {
  const calls = vi.mocked(globalThis.fetch).mock.calls.map(([request]) => request as Request)
  const posts = calls.filter((request) => request.url.endsWith('/api/contact'))
  return Promise.all(
    posts.map(async (request) => ({
      body: (await request.clone().json()) as unknown,
      ajax: request.headers.get('X-Requested-With'),
    })),
  )
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), value)
  }
}

describe('the contact page', () => {
  it('sends a valid, trimmed form and shows the reference number', async () => {
    stubApi({ '/api/contact': answer(201, { id: 17, message: 'Thank you' }) })
    renderContact()
    const user = userEvent.setup()

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    await fillIn(user, {
      Name: '  Dana Levi ',
      'E-mail': 'dana@example.com',
      Subject: 'My order',
      Message: 'Where is my mug?',
    })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByText('Your reference number is 17.')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your message is on its way to us')
    expect(await contactBodies()).toEqual([
      {
        body: { name: 'Dana Levi', email: 'dana@example.com', subject: 'My order', message: 'Where is my mug?' },
        ajax: 'XMLHttpRequest',
      },
    ])
  })

  it('sends the order number when one is given', async () => {
    stubApi({ '/api/contact': answer(201, { id: 18, message: 'Thank you' }) })
    renderContact()
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    await fillIn(user, {
      Name: 'Dana',
      'E-mail': 'dana@example.com',
      Subject: 'Late',
      Message: 'Hi',
      'Order number': 'OL-1042',
    })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    await screen.findByText('Your reference number is 18.')
    const [sent] = await contactBodies()
    expect(sent?.body).toMatchObject({ order_number: 'OL-1042' })
  })

  it('marks missing and malformed fields without sending, and focuses the first', async () => {
    stubApi({})
    renderContact()
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    await fillIn(user, { 'E-mail': 'dana' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const name = screen.getByRole('textbox', { name: /^Name/ })
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Please fill in this field.')
    expect(name).toHaveFocus()
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription(
      'Please enter a valid e-mail address, like name@example.com.',
    )
    expect(screen.getByRole('textbox', { name: /^Order number/ })).toHaveAttribute('aria-invalid', 'false')
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.')
    expect(await contactBodies()).toEqual([])
  })

  it('shows the server’s message when it refuses the form (400)', async () => {
    stubApi({ '/api/contact': answer(400, { message: 'subject: must be at most 200 characters' }) })
    renderContact()
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    await fillIn(user, { Name: 'Dana', 'E-mail': 'dana@example.com', Subject: 'Hi', Message: 'Hello' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('subject: must be at most 200 characters')
    // The shopper's text stays, to be corrected.
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Hello')
  })

  it('says so when the message could not be sent', async () => {
    stubApi({ '/api/contact': answer(503) })
    renderContact()
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    await fillIn(user, { Name: 'Dana', 'E-mail': 'dana@example.com', Subject: 'Hi', Message: 'Hello' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('Your message could not be sent.')
    })
  })
})
