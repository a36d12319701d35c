import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { followingAtom } from '@/lib/following'
import { languageAtom } from '@/lib/preferences'
import type { Customer } from '@/lib/session'
import { toastsAtom } from '@/lib/toast'
import { answer, stubApiWithBodies } from '@/testing/api'
import { FollowButton } from './FollowButton'
import { signedInCustomer, storeWithCustomer } from '@/testing/customer'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const dana = signedInCustomer()

function renderButton(customer: Customer | null, language: 'eng' | 'heb' = 'eng') {
  const store = storeWithCustomer(customer)
  store.set(languageAtom, language)
  render(
    <Provider store={store}>
      <FollowButton kind="vendor" id={1} name={{ text: 'Olive & Oak', attributes: {} }} />
    </Provider>,
  )
  return { store, user: userEvent.setup() }
}

describe('the follow toggle (spec 4.4)', () => {
  it('is not offered to a guest', () => {
    renderButton(null)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('follows, then unfollows, storing the server’s lists', async () => {
    const sent = stubApiWithBodies({
      '/api/customer/following': () => ({ creators: [], vendors: sent.at(-1)?.method === 'POST' ? [1] : [] }),
    })
    const { store, user } = renderButton(dana)
    const button = screen.getByRole('button', { name: /^Follow ?: Olive & Oak$/ })
    expect(button).toHaveAttribute('aria-pressed', 'false')

    await user.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(button).toHaveAccessibleName(/^Following ?: Olive & Oak$/)
    await waitFor(() => {
      expect(store.get(followingAtom).vendors).toEqual([1])
    })

    await user.click(button)
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-pressed', 'false')
    })
    expect(sent.map((r) => [r.method, r.body])).toEqual([
      ['POST', { following: { type: 'vendor', id: 1 } }],
      ['PATCH', { following: { type: 'vendor', id: 1 } }],
    ])
  })

  it('goes back when the server does not take it, and says so in Hebrew', async () => {
    stubApiWithBodies({ '/api/customer/following': answer(503) })
    const { store, user } = renderButton(dana, 'heb')
    const button = screen.getByRole('button', { name: /^מעקב ?: Olive & Oak$/ })
    await user.click(button)
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-pressed', 'false')
    })
    expect(store.get(followingAtom).vendors).toEqual([])
    expect(store.get(toastsAtom)).toMatchObject([
      { type: 'error', message: 'לא הצלחנו לעדכן את רשימת המעקב. נסו שוב.' },
    ])
  })
})
