import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { departments, pricedLine } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import {
  checkoutEntry,
  checkoutSignIn,
  guestFavorites,
  guestOnly,
  requireSignIn,
  returnPath,
  reviewEntry,
  type Visit,
} from './guards'
import { customer } from './testing'

afterEach(() => {
  localStorage.clear()
})

const visit = (overrides: Partial<Visit> = {}): Visit => ({
  path: '/account/orders?page=2',
  previousPath: '/bag',
  bagLines: 0,
  checkoutReady: false,
  ...overrides,
})

describe('the entry rules (spec 2.1)', () => {
  it('sends a guest from the account to Login with the attempted path, and lets a customer in', () => {
    expect(requireSignIn(null, visit())).toEqual({ to: '/login', prevUrl: '/account/orders?page=2' })
    expect(requireSignIn(customer, visit())).toBeNull()
  })

  it('sends a customer away from the sign-in screens, Home', () => {
    expect(guestOnly(customer, visit())).toEqual({ to: '/' })
    expect(guestOnly(null, visit())).toBeNull()
  })

  it('lets only a guest with a non-empty bag into checkout’s sign-in; others go back', () => {
    expect(checkoutSignIn(null, visit({ bagLines: 1 }))).toBeNull()
    expect(checkoutSignIn(null, visit({ bagLines: 0 }))).toEqual({ to: '/bag' })
    expect(checkoutSignIn(customer, visit({ bagLines: 0 }))).toEqual({ to: '/bag' })
    // Signed in on the way to checkout: on to it (and so to Review), not back to Login.
    expect(checkoutSignIn(customer, visit({ bagLines: 3, previousPath: '/login' }))).toEqual({ to: '/checkout' })
    expect(checkoutSignIn(null, visit({ previousPath: null }))).toEqual({ to: '/' })
  })

  describe('/checkout', () => {
    const arrivals = [null, '/', '/bag', '/sign-in', '/review', '/login', '/checkout', '/products/mug/1001']

    it.each(arrivals)('sends anyone with an empty bag to the bag (from %s)', (previousPath) => {
      expect(checkoutEntry(null, visit({ previousPath, bagLines: 0 }))).toEqual({ to: '/bag' })
      expect(checkoutEntry(customer, visit({ previousPath, bagLines: 0 }))).toEqual({ to: '/bag' })
    })

    it.each(arrivals)('sends a signed-in customer with a bag to Review (from %s)', (previousPath) => {
      expect(checkoutEntry(customer, visit({ previousPath, bagLines: 2 }))).toEqual({ to: '/review' })
    })

    it.each(['/sign-in', '/review'])('lets a guest with a bag coming from %s stay', (previousPath) => {
      expect(checkoutEntry(null, visit({ previousPath, bagLines: 2 }))).toBeNull()
    })

    it.each([null, '/', '/bag', '/login', '/products/mug/1001'])(
      'sends a guest with a bag arriving from %s to SignIn',
      (previousPath) => {
        expect(checkoutEntry(null, visit({ previousPath, bagLines: 2 }))).toEqual({ to: '/sign-in' })
      },
    )
  })

  describe('/review', () => {
    it.each([null, '/checkout', '/bag', '/sign-in'])('sends anyone with an empty bag to the bag (from %s)', (from) => {
      expect(reviewEntry(null, visit({ previousPath: from, bagLines: 0, checkoutReady: true }))).toEqual({ to: '/bag' })
      expect(reviewEntry(customer, visit({ previousPath: from, bagLines: 0, checkoutReady: true }))).toEqual({
        to: '/bag',
      })
    })

    it('sends a guest arriving from Checkout without the needed info back to it, and lets one with it in', () => {
      expect(reviewEntry(null, visit({ previousPath: '/checkout', bagLines: 1 }))).toEqual({ to: '/checkout' })
      expect(reviewEntry(null, visit({ previousPath: '/checkout', bagLines: 1, checkoutReady: true }))).toBeNull()
    })

    it('lets a customer arriving from Checkout in (the rule is a guest’s)', () => {
      expect(reviewEntry(customer, visit({ previousPath: '/checkout', bagLines: 1 }))).toBeNull()
    })

    it.each([null, '/', '/bag', '/sign-in', '/login', '/review'])('lets every other arrival in (from %s)', (from) => {
      expect(reviewEntry(null, visit({ previousPath: from, bagLines: 1 }))).toBeNull()
      expect(reviewEntry(customer, visit({ previousPath: from, bagLines: 1 }))).toBeNull()
    })
  })

  it('sends a customer from the guest favorites to the account’s', () => {
    expect(guestFavorites(customer, visit())).toEqual({ to: '/account/favorites' })
    expect(guestFavorites(null, visit())).toBeNull()
  })
})

describe('where a sign-in ends', () => {
  it('is checkout’s sign-in when Login was reached from it, else the attempted path, else Home', () => {
    expect(returnPath({ prevUrl: '/account/orders' }, '/sign-in')).toBe('/sign-in')
    expect(returnPath({ prevUrl: '/account/orders' }, '/account/orders')).toBe('/account/orders')
    expect(returnPath(undefined, '/bag')).toBe('/')
    expect(returnPath(null, null)).toBe('/')
  })

  it('never leaves the site', () => {
    expect(returnPath({ prevUrl: '//evil.example/x' }, null)).toBe('/')
    expect(returnPath({ prevUrl: 'https://evil.example/' }, null)).toBe('/')
    expect(returnPath({ prevUrl: 42 }, null)).toBe('/')
  })
})

describe('the guards in the app', () => {
  const signedIn = () => stubApi({ '/api/categories': departments, '/api/customer': customer })
  const guest = (routes: Record<string, object> = {}) =>
    stubApi({ '/api/categories': departments, '/api/customer': answer(403, { message: 'Please sign in.' }), ...routes })

  it('waits for the session check, then sends a guest to Login and back after signing in', async () => {
    // The check answers only when the test says so.
    let answerCheck: (response: Response) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const path = new URL(request.url).pathname
        if (path === '/api/customer') {
          return new Promise<Response>((resolve) => {
            answerCheck = resolve
          })
        }
        return Promise.resolve(path === '/api/login' ? answer(200, customer) : answer(404, { message: 'Not found' }))
      }),
    )
    const { router } = renderApp('/account/orders')

    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent('Loading…')
    expect(router.state.location.pathname).toBe('/account/orders')

    answerCheck(answer(403, { message: 'Please sign in.' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')

    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dana@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/orders')
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Dana' })).toBeInTheDocument()
  })

  it.each(['/login', '/register', '/forgot-password', '/password/reset/abc123'])(
    'sends a signed-in customer from %s Home',
    async (path) => {
      signedIn()
      const { router } = renderApp(path)
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/')
      })
    },
  )

  it('lets a guest into the sign-in screens', async () => {
    guest()
    renderApp('/register')
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument()
  })

  it('sends a guest from a subscription to Login, and lets a customer in', async () => {
    guest()
    const { router, unmount } = renderApp('/subscription/1/2')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login')
    })
    expect(router.state.location.state).toEqual({ prevUrl: '/subscription/1/2' })
    unmount()

    signedIn()
    renderApp('/subscription/1/2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument()
  })

  it('sends a signed-in customer from /favorites to the account’s favorites', async () => {
    signedIn()
    const { router } = renderApp('/favorites')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/favorites')
    })
  })

  it('sends a guest with an empty bag from /sign-in back to the previous page', async () => {
    guest()
    const { router } = renderApp('/contact-us')
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' })
    await router.navigate('/sign-in')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/contact-us')
    })
  })

  describe('of checkout', () => {
    const bag = { products: [pricedLine()], later: [], unavailableCart: [], unavailableLater: [] }
    const withBag = (more: Record<string, unknown> = {}) => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ bag, ...more }))
    }
    const path = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname

    it('sends anyone with an empty bag from /checkout and /review to the bag', async () => {
      guest()
      const { router, unmount } = renderApp('/checkout')
      await waitFor(() => {
        expect(path(router)).toBe('/bag')
      })
      unmount()
      signedIn()
      const review = renderApp('/review')
      await waitFor(() => {
        expect(path(review.router)).toBe('/bag')
      })
    })

    it('sends a guest arriving at /checkout from elsewhere to SignIn, and lets one from SignIn stay', async () => {
      withBag()
      guest()
      const { router } = renderApp('/checkout')
      // The shopper goes on from the Sign In page once it is shown: only then has the
      // layout recorded /sign-in as the page Checkout is reached from. (Navigating as soon
      // as the router's path changed raced that record in a busy run.)
      await screen.findByRole('heading', { level: 1, name: 'Sign In' }, { timeout: 10_000 })
      expect(path(router)).toBe('/sign-in')
      await router.navigate('/checkout')
      const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 10_000 })
      expect(heading).toBeInTheDocument()
      expect(path(router)).toBe('/checkout')
    }, 30_000)

    it('sends a signed-in customer from /checkout to /review', async () => {
      withBag()
      signedIn()
      const { router } = renderApp('/checkout')
      await waitFor(() => {
        expect(path(router)).toBe('/review')
      })
    })

    it('sends a guest from Checkout to Review back without the needed info; with it, lets them in', async () => {
      withBag()
      guest()
      const { router } = renderApp('/sign-in')
      await router.navigate('/checkout')
      await screen.findByRole('heading', { level: 1, name: 'Checkout' })
      await router.navigate('/review')
      await waitFor(() => {
        expect(path(router)).toBe('/checkout')
      })

      // A pickup with its info is all Review needs.
      localStorage.clear()
      withBag({
        checkout: {
          shippingType: { type: 'pickup', delivery: false },
          shippingInfo: null,
          creditInfo: null,
          digitalInfo: null,
          pickupInfo: { name: 'Noa', email: 'noa@example.com', phone: '2125550101' },
          email: 'noa@example.com',
        },
      })
      const second = renderApp('/sign-in')
      await second.router.navigate('/checkout')
      await waitFor(() => {
        expect(path(second.router)).toBe('/checkout')
      })
      await second.router.navigate('/review')
      await waitFor(() => {
        expect(screen.getAllByRole('heading', { level: 1, name: 'Review' }).length).toBeGreaterThan(0)
      })
      expect(path(second.router)).toBe('/review')
    })

    it('lets a guest arriving at /review from anywhere else in', async () => {
      withBag()
      guest()
      const { router } = renderApp('/review')
      expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument()
      expect(path(router)).toBe('/review')
    })
  })

  it('lets a guest with something in the bag into /sign-in', async () => {
    const bag = { products: [pricedLine()], later: [], unavailableCart: [], unavailableLater: [] }
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ bag }))
    guest()
    renderApp('/sign-in')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument()
  })
})
