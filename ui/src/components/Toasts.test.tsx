import { act, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, useToast } from '@/lib/toast'
import { Toasts } from './Toasts'

function Trigger() {
  const toast = useToast()
  return (
    <>
      <button type="button" onClick={() => toast.show('success', 'Saved')}>
        success
      </button>
      <button type="button" onClick={() => toast.show('error', 'Failed', 1000)}>
        error
      </button>
      <button
        type="button"
        onClick={() => toast.show('success', 'Added', undefined, { to: '/bag', label: 'View bag' })}
      >
        with a link
      </button>
    </>
  )
}

function renderToasts() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Trigger />
            <Toasts />
          </>
        ),
      },
    ],
    { initialEntries: ['/products/stoneware-mug/1001'] },
  )
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}

describe('Toasts (spec 8)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('announces a toast in a live region and removes it after 4 seconds', () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'success' }))
    const message = screen.getByText('Saved')
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    expect(TOAST_DURATION_MS).toBe(4000)
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    })
    expect(screen.getByText('Saved')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
  })

  it('keeps error and success toasts apart and honours a given duration', () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'success' }))
    fireEvent.click(screen.getByRole('button', { name: 'error' }))
    expect(screen.getByText('Failed').className).not.toBe(screen.getByText('Saved').className)
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.queryByText('Failed')).not.toBeInTheDocument()
    expect(screen.getByText('Saved')).toBeInTheDocument()
  })

  it('links to where the news can be seen, and goes when the link is followed', () => {
    const router = renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'with a link' }))
    const link = screen.getByRole('link', { name: 'View bag' })
    expect(link).toHaveAttribute('href', '/bag')
    expect(link.closest('[aria-live]')).toHaveTextContent('Added View bag')
    fireEvent.click(link)
    expect(router.state.location.pathname).toBe('/bag')
    expect(screen.queryByText('Added')).not.toBeInTheDocument()
  })

  it('keeps a toast with a link while the pointer or focus is on it', () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'with a link' }))
    const link = screen.getByRole('link', { name: 'View bag' })
    fireEvent.focus(link)
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS * 2)
    })
    expect(link).toBeInTheDocument()
    fireEvent.blur(link)
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS)
    })
    expect(screen.queryByRole('link', { name: 'View bag' })).not.toBeInTheDocument()
  })
})
