import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { matchRoutes, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { departments } from '@/testing/fixtures'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { renderApp } from '@/testing/render'
import { currentHandle } from './routeHandle'
import { screens } from './moreRoutes'
import { discoverRoutes, routes } from './routes'
import { signedInCustomer } from '@/testing/customer'

/** The whole table, as `discoverRoutes` completes it: moreRoutes.tsx's routes added where it patches them. */
function wholeTable(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const more = route.id === 'screens' ? screens : []
    return { ...route, children: [...wholeTable(route.children ?? []), ...more] } as RouteObject
  })
}

/** The name of the route a path resolves to, as menus and layout checks will see it. */
function routeNameOf(path: string) {
  const matches = matchRoutes(wholeTable(routes), path) ?? []
  return currentHandle(matches.map((match) => match.route))?.name
}

const customer = signedInCustomer()

afterEach(() => {
  // The signed-in customer is kept in storage (spec 3, "Persistence").
  localStorage.clear()
})

describe('the route table', () => {
  // One example path for every row of spec 2.1.
  it.each([
    ['/', 'Home'],
    ['/bag', 'Bag'],
    ['/checkout', 'Checkout'],
    ['/review', 'Review'],
    ['/thank-you/77', 'ThankYou'],
    ['/view-invoice/77', 'InvoiceViewer'],
    ['/orders/guest/abc123/status', 'GuestOrderStatus'],
    ['/sign-in', 'SignIn'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', 'ForgotPassword'],
    ['/password/reset/t0ken', 'PasswordReset'],
    ['/account', 'Account'],
    ['/account/dashboard', 'Dashboard'],
    ['/account/orders', 'Orders'],
    ['/account/orders/5', 'Order'],
    ['/account/favorites', 'Favorites'],
    ['/account/buy-it-again', 'BueAgain'],
    ['/account/digital-libary', 'DigitalLibary'],
    ['/account/subscriptions', 'Subscriptions'],
    ['/account/subscriptions-update/3', 'SubscriptionsUpdate'],
    ['/account/addresses', 'Addresses'],
    ['/account/payments', 'Payments'],
    ['/favorites', 'GuestFavorites'],
    ['/school', 'School'],
    ['/school/select-your-school/US/10001', 'SelectSchool'],
    ['/school/select-your-grade/4', 'SelectGrade'],
    ['/school/select-your-supplies/4/9', 'SelectItems'],
    ['/subscription/1/2', 'Subscription'],
    ['/subscription-confirmation/8', 'SubscriptionConfirmation'],
    ['/recurring-confirmation/8', 'RecurringConfirmation'],
    ['/store-information', 'StoreInformation'],
    ['/store-information/hours', 'StoreHours'],
    ['/store-information/address', 'StoreAddress'],
    ['/store-information/virtual-tour', 'VirtualTour'],
    ['/return', 'Return'],
    ['/gift-return', 'GiftReturn'],
    ['/select-items-to-return', 'SelectItemsToReturn'],
    ['/choose-a-refund-method', 'ChooseRefundMethod'],
    ['/choose-a-return-method', 'ChooseReturnMethod'],
    ['/return-confirmation/6', 'ReturnConfirmation'],
    ['/return-label/7KQ4-M2XD-9PRT-2', 'ReturnLabel'],
    ['/products/stoneware-mug/1001', 'ProductsShow'],
    ['/bundles/back-to-school-kit/5001', 'ProductsShow'],
    ['/search', 'SearchIndex'],
    ['/e-gift-card', 'eGift'],
    ['/about/43', 'ContentPage'],
    ['/privacy-policy/40', 'ContentPage'],
    ['/category/mugs/12', 'ProductsIndex'],
    ['/a/vendor/olive-and-oak/1', 'ProductsIndex'],
    ['/contact-us', 'ContactUs'],
    ['/500', 'ServerError'],
    ['/no/such/page/here', '404'],
    ['/nope', '404'],
  ])('resolves %s to %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name)
  })
})

describe('finding the rest of the table (routes.tsx and moreRoutes.tsx)', () => {
  async function patchedFor(path: string) {
    const patch = vi.fn()
    await discoverRoutes({ path, patch, matches: [], fetcherKey: undefined, signal: new AbortController().signal })
    return patch.mock.calls.map(([id]: unknown[]) => id)
  }

  it.each([
    '/products/stoneware-mug/1001',
    '/bundles/back-to-school-kit/5001',
    '/category/mugs/12',
    '/a/vendor/olive-and-oak/1',
  ])('waits for nothing on a painted screen’s path, %s', async (path) => {
    expect(await patchedFor(path)).toEqual([])
  })

  it.each(['/bag', '/account/orders', '/thank-you/77', '/password/reset/t0ken', '/nope'])(
    'adds the rest of the table before settling on %s',
    async (path) => {
      expect(await patchedFor(path)).toEqual(['screens'])
    },
  )
})

describe('navigating the app', () => {
  it('shows the not-found page for an unknown path', async () => {
    stubApi({ '/api/categories': departments })
    renderApp('/no/such/page/here')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Page not found | Olive Lane')
    })
  })

  it('shows the school supplies’ first screen with its page name', async () => {
    stubApi({ '/api/categories': departments })
    renderApp('/school')
    expect(await screen.findByRole('heading', { level: 1, name: 'School Supplies' })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('School Supplies | Olive Lane')
    })
  })

  it.each([
    ['/school/select-your-school/US/10001', '/api/schools'],
    ['/school/select-your-grade/8', '/api/schools/grades/8'],
    ['/school/select-your-supplies/8/3', '/api/schools/grades/8/lists/3'],
  ])('shows %s as its own screen, which asks for %s', async (path, call) => {
    const requested = stubApi({ '/api/categories': departments })
    renderApp(path)
    await waitFor(() => {
      expect(requested.some((url) => url.pathname === call)).toBe(true)
    })
  })

  it.each([
    ['/account/subscriptions', 'Subscriptions'],
    ['/account/subscriptions-update/5', 'Update Subscription'],
    ['/recurring-confirmation/5', 'Recurring Order Confirmation'],
    ['/subscription-confirmation/5', 'Subscription Confirmation'],
  ])('shows %s as its own screen, no longer a placeholder', async (path, pageName) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer }))
    const requested = stubApi({ '/api/categories': departments, '/api/customer': customer })
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: pageName })).toBeInTheDocument()
    // The screen asks for its subscriptions; a placeholder would ask for nothing.
    await waitFor(() => {
      expect(requested.some((url) => url.pathname.startsWith('/api/customer/subscriptions'))).toBe(true)
    })
  })

  it('has a guest sign in before a recurring order’s confirmation', async () => {
    stubApi({ '/api/categories': departments, '/api/customer': answer(403, { message: 'sign in' }) })
    const { router } = renderApp('/recurring-confirmation/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('hands a failed sign-out’s answer to the shared handler: a server error goes to /500, and the customer stays', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ customer }))
    stubApi({
      '/api/categories': departments,
      '/api/customer': customer,
      '/api/logout': answer(500, { message: 'Something went wrong' }),
    })
    const { router } = renderApp('/contact-us')
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: customer.name.split(' ')[0] }))
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/500')
    // Moving on leaves the error behind; the session was never closed.
    await router.navigate('/contact-us')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { customer?: { id: number } }
    expect(stored.customer?.id).toBe(customer.id)
  })

  it('sends /account to the dashboard', async () => {
    stubApi({ '/api/categories': departments, '/api/customer': customer })
    const { router } = renderApp('/account')
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/account/dashboard')
  })

  it('lists the departments in the header', async () => {
    stubApi({ '/api/categories': departments })
    renderApp('/bag')
    const nav = await screen.findByRole('navigation', { name: 'Departments' })
    expect(await screen.findByRole('link', { name: 'Books' })).toHaveAttribute('href', '/category/books/2')
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Home Goods' }))
  })

  it('moves focus to the main content on a new page', async () => {
    stubApi({ '/api/categories': departments })
    const { router } = renderApp('/bag')
    await screen.findByRole('heading', { level: 1, name: 'Bag' })
    expect(screen.getByRole('main')).not.toHaveFocus()

    await router.navigate('/login')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.getByRole('main')).toHaveFocus()
    })
  })
})
