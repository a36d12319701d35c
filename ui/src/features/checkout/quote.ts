import { useAtomValue, useStore } from 'jotai'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { bagAtom, bagSummaryAtom, quoteRequest, type BagLists } from '@/lib/bag'
import {
  checkoutAtom,
  checkoutQuoteAtom,
  discountAtom,
  giftCardsAtom,
  looksLikeEmail,
  type CheckoutQuote,
  type CheckoutState,
} from '@/lib/checkout'
import { DEFAULT_COUNTRY, zipLookUpAtom, type ZipLocation } from '@/lib/location'
import { customerAtom, type Customer } from '@/lib/session'
import { ApiError } from '@/lib/api/errors'
import { quoteCheckout, type QuoteRequest } from './api'

/** How long the quote waits after the last change before asking (typing a ZIP, two quick clicks). */
export const QUOTE_DELAY_MS = 250

/** When a busy server names no time, the quote is asked for again after this long. */
const RETRY_SECONDS = 5

/** Too many requests, or a busy server: worth asking again after a while. */
const isBusy = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 429 || error.status === 503)

export interface QuoteInputs {
  lists: BagLists
  location: ZipLocation | null
  state: CheckoutState
  giftCards: string[]
  discountCode: string | undefined
  customer: Customer | null
  digitalOnly: boolean
}

/**
 * The quote request for what checkout knows: the bag, where it goes, the delivery chosen
 * (none for a digital-only bag), the gift cards in the order added, the discount code and
 * (spec 3) a guest's discount e-mail: the digital e-mail for a digital-only bag, else the
 * shipping e-mail. A customer's own address is the server's to use.
 */
export function quoteBody(inputs: QuoteInputs): QuoteRequest {
  const { state, location, discountCode } = inputs
  const bag = quoteRequest(inputs.lists)
  const type = state.shippingType
  const email = inputs.digitalOnly ? (state.digitalInfo?.email ?? '') : state.email
  return {
    products: bag.products,
    later: bag.later,
    country: location?.country ?? DEFAULT_COUNTRY,
    ...(location ? { zip_code: location.zip } : {}),
    ...(type && !inputs.digitalOnly
      ? { shipping: type.type === 'pickup' ? { type: 'pickup' } : { type: 'ship', id: type.id } }
      : {}),
    gift_cards: inputs.giftCards,
    ...(discountCode ? { discount_code: discountCode } : {}),
    ...(discountCode && !inputs.customer && looksLikeEmail(email.trim()) ? { email: email.trim() } : {}),
  }
}

/** The request as the key of the quote that answered it. */
export const keyOf = (body: QuoteRequest) => JSON.stringify(body)

/** What checkout knows now, as `quoteBody` reads it. */
export function useQuoteInputs(): QuoteInputs {
  const lists = useAtomValue(bagAtom)
  const location = useAtomValue(zipLookUpAtom)
  const state = useAtomValue(checkoutAtom)
  const giftCards = useAtomValue(giftCardsAtom)
  const discountCode = useAtomValue(discountAtom).code
  const customer = useAtomValue(customerAtom)
  const summary = useAtomValue(bagSummaryAtom)
  const held = useAtomValue(checkoutQuoteAtom)
  const digitalOnly = held?.answer.bag.digital_only ?? summary?.digital_only ?? false
  return useMemo(
    () => ({ lists, location, state, giftCards, discountCode, customer, digitalOnly }),
    [lists, location, state, giftCards, discountCode, customer, digitalOnly],
  )
}

export interface QuoteView {
  /** The answer for what checkout knows now; null while it is asked for, or when it failed. */
  quote: CheckoutQuote | null
  /** The last answer of this visit, maybe for what checkout knew before. */
  last: CheckoutQuote | null
  /** The failure of the quote for what checkout knows now. */
  error: unknown
  loading: boolean
  /** Asks for the quote again, though nothing changed here (the server said something else did). */
  requote: () => void
}

/**
 * The checkout quote for what checkout knows now: asked for whenever that changes (after
 * a short pause), kept in `checkoutQuoteAtom` for the guards and the other screen.
 * Only its figures are shown.
 */
export function useCheckoutQuote(): QuoteView {
  const store = useStore()
  const inputs = useQuoteInputs()
  const body = useMemo(() => quoteBody(inputs), [inputs])
  const key = keyOf(body)
  const held = useAtomValue(checkoutQuoteAtom)
  const [failure, setFailure] = useState<{ key: string; error: unknown }>()
  // Bumped to ask again after a busy server's Retry-After.
  const [attempt, setAttempt] = useState(0)
  const empty = body.products.length === 0

  useEffect(() => {
    if (empty || store.get(checkoutQuoteAtom)?.key === key) return
    const controller = new AbortController()
    let retry: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(() => {
      quoteCheckout(body, controller.signal).then(
        (answer) => {
          store.set(checkoutQuoteAtom, { key, answer })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          setFailure({ key, error })
          if (isBusy(error)) {
            retry = setTimeout(
              () => {
                setAttempt((n) => n + 1)
              },
              (error.retryAfter ?? RETRY_SECONDS) * 1000,
            )
          }
        },
      )
    }, QUOTE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      clearTimeout(retry)
      controller.abort()
    }
    // `key` stands for `body`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, empty, store, attempt])

  const requote = useCallback(() => {
    // The last answer stays shown (as `last`, marked as updating) until the new one comes.
    store.set(checkoutQuoteAtom, (held) => held && { key: `stale:${held.key}`, answer: held.answer })
    setFailure(undefined)
    setAttempt((n) => n + 1)
  }, [store])
  const quote = held?.key === key ? held.answer : null
  const error = !quote && failure?.key === key ? failure.error : undefined
  return { quote, last: held?.answer ?? null, error, loading: !quote && error === undefined && !empty, requote }
}
