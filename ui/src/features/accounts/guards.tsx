import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '@/components/Loading'
import { bagAtom, bagSummaryAtom } from '@/lib/bag'
import { checkoutAtom, checkoutQuoteAtom, hasNeededInfo } from '@/lib/checkout'
import { usePreviousPath } from '@/lib/previousPath'
import { sessionAtom, type Customer } from '@/lib/session'

/** What a rule knows of a visit. */
export interface Visit {
  /** The path asked for, with its query and hash. */
  path: string
  /** The page before, or null on the first page of the visit. */
  previousPath: string | null
  /** How many lines the bag holds. */
  bagLines: number
  /** Whether the checkout has the info Review needs (spec 2.1; `hasNeededInfo`). */
  checkoutReady: boolean
}

/** Where to send the shopper instead (with the path to return to after signing in), or null to let them in. */
export type Redirect = { to: string; prevUrl?: string } | null

export type Rule = (customer: Customer | null, visit: Visit) => Redirect

// Spec 2.1's entry rules.

/** `/account` and its children, `/subscription/...`: a guest signs in first, then comes back. */
export const requireSignIn: Rule = (customer, visit) => (customer ? null : { to: '/login', prevUrl: visit.path })

/** `/login`, `/register`, `/forgot-password`, `/password/reset/:token`: a customer goes Home. */
export const guestOnly: Rule = (customer) => (customer ? { to: '/' } : null)

/**
 * `/sign-in` (checkout's): only for a guest with something in the bag; anyone else goes
 * back. A customer with a bag who lands here has just signed in on the way to checkout
 * (Login returns to `/sign-in`), so "back" is the checkout, which sends them to Review;
 * the page before, Login, would only send them Home.
 */
export const checkoutSignIn: Rule = (customer, visit) => {
  if (visit.bagLines === 0) return { to: visit.previousPath ?? '/' }
  return customer ? { to: '/checkout' } : null
}

/**
 * `/checkout`: an empty bag goes to the bag; a customer goes to Review; a guest coming
 * from SignIn or Review stays; anyone else signs in (or chooses to go on as a guest) first.
 */
export const checkoutEntry: Rule = (customer, visit) => {
  if (visit.bagLines === 0) return { to: '/bag' }
  if (customer) return { to: '/review' }
  if (visit.previousPath === '/sign-in' || visit.previousPath === '/review') return null
  return { to: '/sign-in' }
}

/**
 * `/review`: an empty bag goes to the bag; a guest arriving from Checkout without the
 * info Review needs goes back to Checkout; every other arrival is let in.
 */
export const reviewEntry: Rule = (customer, visit) => {
  if (visit.bagLines === 0) return { to: '/bag' }
  if (!customer && visit.previousPath === '/checkout' && !visit.checkoutReady) return { to: '/checkout' }
  return null
}

/** `/favorites`: a customer's favorites are in the account. */
export const guestFavorites: Rule = (customer) => (customer ? { to: '/account/favorites' } : null)

/**
 * Where a sign-in ends: back to checkout's `/sign-in` when Login was reached from it,
 * else the path a guest was stopped at (the `prevUrl` the redirect to Login carries in
 * its location state), else Home.
 */
export function returnPath(state: unknown, previousPath: string | null): string {
  if (previousPath === '/sign-in') return '/sign-in'
  const prevUrl = typeof state === 'object' && state !== null && 'prevUrl' in state ? state.prevUrl : undefined
  // Only a path of this site (not `//host`).
  return typeof prevUrl === 'string' && prevUrl.startsWith('/') && !prevUrl.startsWith('//') ? prevUrl : '/'
}

/**
 * A layout route that lets its children in by `rule`. While the start-up session check
 * has not answered, it waits rather than guess.
 */
export function Guard({ rule }: { rule: Rule }) {
  const known = useAtomValue(sessionAtom) !== undefined
  const { pathname } = useLocation()
  // What the rules read, subscribed to from the start, so the stored values (another
  // tab's too) are read by the time the session check answers.
  useAtomValue(bagAtom)
  useAtomValue(checkoutAtom)
  if (!known) return <Loading />
  // Each new path is a new visit, judged afresh.
  return <Verdict key={pathname} rule={rule} />
}

/**
 * The rule is applied once, on arrival. Signing in or out on a guarded page is followed
 * by the form or the sign-out itself: judged again, a Login page would send the
 * customer who just signed in Home before the form could take them where they were going.
 */
function Verdict({ rule }: { rule: Rule }) {
  const customer = useAtomValue(sessionAtom) ?? null
  const { pathname, search, hash } = useLocation()
  const previousPath = usePreviousPath()
  const bagLines = useAtomValue(bagAtom).products.length
  const checkoutReady = useCheckoutReady(customer)
  const [redirect] = useState(() =>
    rule(customer, { path: `${pathname}${search}${hash}`, previousPath, bagLines, checkoutReady }),
  )
  if (!redirect) return <Outlet />
  return <Navigate to={redirect.to} replace state={redirect.prevUrl ? { prevUrl: redirect.prevUrl } : undefined} />
}

/** Whether the checkout has what Review needs, by the last quote's figures (spec 2.1). */
function useCheckoutReady(customer: Customer | null): boolean {
  const state = useAtomValue(checkoutAtom)
  const quote = useAtomValue(checkoutQuoteAtom)?.answer ?? null
  const summary = useAtomValue(bagSummaryAtom)
  const digitalOnly = quote?.bag.digital_only ?? summary?.digital_only ?? false
  return hasNeededInfo(customer, state, digitalOnly, quote)
}
