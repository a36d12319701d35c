import { render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { ConfirmPage, loader } from './ConfirmPage'

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/newsletter/confirm', loader, Component: ConfirmPage }], {
    initialEntries: [path],
  })
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('the newsletter confirmation page', () => {
  it("posts the mail's token and shows the server's message", async () => {
    const requested = stubApi({
      '/api/newsletter/confirm': { status: 'confirmed', message: 'You are subscribed. Welcome!' },
    })
    renderAt('/newsletter/confirm?token=abc123')
    expect(await screen.findByRole('status')).toHaveTextContent('You are subscribed. Welcome!')
    expect(requested.map((url) => url.pathname)).toEqual(['/api/newsletter/confirm'])
    // The title is set in an effect, which may run after the status is painted.
    await waitFor(() => {
      expect(document.title).toBe('Newsletter subscription | Olive Lane')
    })
  })

  it('says so for an unknown token', async () => {
    stubApi({ '/api/newsletter/confirm': answer(404, { message: 'Unknown token' }) })
    renderAt('/newsletter/confirm?token=nope')
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid.')
  })

  it('asks nothing of the server without a token', async () => {
    const requested = stubApi({})
    renderAt('/newsletter/confirm')
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is incomplete.')
    expect(requested).toEqual([])
  })

  it('asks to try later when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubApi({ '/api/newsletter/confirm': answer(500) })
    renderAt('/newsletter/confirm?token=abc123')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try the link again later.')
  })
})
