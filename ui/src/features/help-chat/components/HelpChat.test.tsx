import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { describe, expect, it, vi } from 'vitest'
import { Toasts } from '@/components/Toasts'
import { helpChatOpenAtom } from '@/lib/panels'
import { answer, stubApi } from '@/testing/api'
import { HelpChat } from './HelpChat'

function renderChat() {
  const store = createStore()
  store.set(helpChatOpenAtom, true)
  render(
    <Provider store={store}>
      <button type="button">opener</button>
      <HelpChat />
      <Toasts />
    </Provider>,
  )
  return { store, user: userEvent.setup() }
}

describe('the help chat', () => {
  it('sends a message with the AJAX header and thanks the shopper', async () => {
    const sent: Request[] = []
    stubApi({
      '/api/help/messages': () => answer(201, { id: 7, message: 'Received' }),
    })
    const fetchStub = globalThis.fetch
    vi.stubGlobal('fetch', (request: Request) => {
      sent.push(request.clone())
      return fetchStub(request)
    })
    const { user } = renderChat()
    const dialog = screen.getByRole('dialog', { name: 'Chat with us' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')

    await user.type(screen.getByLabelText('E-mail'), ' dana@example.com ')
    await user.type(screen.getByLabelText('Message'), 'Is the teapot dishwasher safe?')
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(await screen.findByRole('status')).toHaveTextContent("Thanks — we'll answer by e-mail")
    const request = sent[0]
    expect(request?.method).toBe('POST')
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    // The name was left blank, so it is not sent; text is trimmed.
    expect(await request?.json()).toEqual({ email: 'dana@example.com', message: 'Is the teapot dishwasher safe?' })
  })

  it('checks the fields before sending', async () => {
    const requested = stubApi({})
    const { user } = renderChat()
    await user.type(screen.getByLabelText('E-mail'), 'dana')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument()
    expect(screen.getByText('Write a message.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(requested).toEqual([])
  })

  it("shows the server's message for a 400", async () => {
    stubApi({ '/api/help/messages': answer(400, { message: 'message: at most 2000 characters' }) })
    const { user } = renderChat()
    await user.type(screen.getByLabelText('E-mail'), 'dana@example.com')
    await user.type(screen.getByLabelText('Message'), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('message: at most 2000 characters')
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled()
  })

  it('closes on Escape and on its close button', async () => {
    const { user, store } = renderChat()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    store.set(helpChatOpenAtom, true)
    await user.click(await screen.findByRole('button', { name: 'Close the chat' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
