import { act, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
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
    </>
  )
}

function renderToasts() {
  render(
    <Provider>
      <Trigger />
      <Toasts />
    </Provider>,
  )
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
})
