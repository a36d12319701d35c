import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { customerAtom } from '@/lib/session'
import { answer, stubApiWithBodies } from '@/testing/api'
import { customer, renderScreen, stubPendingFetch } from '../testing'
import { DashboardPage } from './DashboardPage'

afterEach(() => {
  localStorage.clear()
})

function renderDashboard() {
  const view = renderScreen('/account/dashboard', DashboardPage)
  view.store.set(customerAtom, customer)
  return view
}

describe('the account dashboard', () => {
  it('greets the customer by first name and leads to the account’s pages', async () => {
    renderDashboard()
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument()
    expect(screen.getByText('Hello, Dana')).toBeInTheDocument()
    const links = within(screen.getByRole('navigation', { name: 'Your account' })).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My Orders', '/account/orders'],
      ['My Favorites', '/account/favorites'],
      ['Buy it Again', '/account/buy-it-again'],
      ['Digital Library', '/account/digital-libary'],
      ['Subscriptions', '/account/subscriptions'],
    ])
  })

  it('changes the name, and the greeting follows', async () => {
    const renamed = { ...customer, name: 'Dafna Levi', first_name: 'Dafna' }
    const sent = stubApiWithBodies({ '/api/customer': renamed })
    const { store, user } = renderDashboard()
    const name = await screen.findByRole('textbox', { name: 'Full name' })
    expect(name).toHaveValue('Dana Levi')
    await user.clear(name)
    await user.type(name, 'Dafna Levi ')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your name is saved.')).toBeInTheDocument()
    expect(screen.getByText('Hello, Dafna')).toBeInTheDocument()
    expect(store.get(customerAtom)).toEqual(renamed)
    expect(sent.map((request) => [request.method, request.body])).toEqual([['POST', { name: 'Dafna Levi' }]])
  })

  it('shows the server’s message when the change is refused, and is busy meanwhile', async () => {
    const pending = stubPendingFetch()
    const { store, user } = renderDashboard()
    await user.clear(await screen.findByRole('textbox', { name: 'Full name' }))
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Dafna')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true')

    pending.answer(answer(400, { message: 'name: must not be blank' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: must not be blank')
    expect(store.get(customerAtom)).toEqual(customer)
  })
})
