import { useStore } from 'jotai'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { bagAtom, bagSummaryAtom } from '@/lib/bag'
import {
  chosenAddress,
  chosenCredit,
  checkoutAtom,
  clearCheckout,
  clearDiscount,
  type CheckoutQuote,
} from '@/lib/checkout'
import { attemptKey, endAttempt, placeOrder, rememberOrderToken, type PlaceOrderRequest } from '@/lib/orders'
import { loadCustomerBag } from '@/lib/customerBag'
import { customerAtom } from '@/lib/session'
import { useAction } from '@/lib/useAction'
import { useBag } from '@/lib/useBag'
import { quoteBody, useQuoteInputs, type QuoteInputs, type QuoteView } from './quote'

/**
 * The order Review shows, as `POST /api/orders` takes it: the checkout quote's fields
 * but its ZIP (the server taxes the order where it goes: the shipping address, the store,
 * or a digital-only bag's billing postal code), how it reaches the shopper, the card
 * (unless the gift cards pay it all), a guest's e-mail, the figures Review showed, and
 * the attempt's idempotency key.
 */
export function placeOrderBody(inputs: QuoteInputs, quote: CheckoutQuote, key: string): PlaceOrderRequest {
  const base = quoteBody(inputs)
  const { state, customer, digitalOnly } = inputs
  const type = state.shippingType
  const body: PlaceOrderRequest = {
    products: base.products,
    gift_cards: base.gift_cards ?? [],
    expected_total: quote.bag.totals.total,
    expected_amount_due: quote.amount_due,
    idempotency_key: key,
    ...(base.shipping ? { shipping: base.shipping } : {}),
    ...(base.discount_code ? { discount_code: base.discount_code } : {}),
  }
  if (!customer) {
    const email = digitalOnly ? (state.digitalInfo?.email ?? '') : state.email || (state.pickupInfo?.email ?? '')
    if (email.trim()) body.email = email.trim()
  }
  if (digitalOnly) {
    const info = state.digitalInfo
    if (info) {
      body.digital_info = { email: info.email.trim(), postal_code: info.postal_code.trim(), country: info.country }
    }
  } else if (type?.type === 'pickup') {
    const info = state.pickupInfo
    if (info) body.pickup_info = { name: info.name.trim(), email: info.email.trim(), phone: info.phone.trim() }
  } else if (type?.type === 'ship') {
    const saved = customer && customer.addresses.length > 0 ? chosenAddress(customer, state) : undefined
    if (saved) body.shipping_info = { address_id: saved.id }
    else if (state.shippingInfo && 'address' in state.shippingInfo)
      body.shipping_info = { address: { ...state.shippingInfo.address, default: false } }
  }
  const credit = chosenCredit(customer, state)
  if (quote.amount_due > 0 && credit) {
    body.payment = credit.paymentId === undefined ? { token: credit.token } : { payment_id: credit.paymentId }
  }
  return body
}

/** What the last attempt to place the order came to, when it did not place it. */
export type PlaceOutcome =
  /** 402: the card was declined; `token` is the card's, so the message goes once another is chosen. */
  | { kind: 'declined'; error: ApiError; token: string | undefined }
  /** 409: a price, stock, a gift card or a discount changed since Review; it is priced again. */
  | { kind: 'changed'; error: ApiError }
  /** 400: something sent does not fit. */
  | { kind: 'refused'; error: ApiError }
  /** No answer, a busy server or its own failure: the same key goes again. */
  | { kind: 'retry'; error: unknown }

/**
 * "Place order": sends the order with the attempt's key, kept (in session storage) until
 * the server answers it, so a retry, a double click or a retry after a reload is charged
 * once. Placed: the order's token is kept for the thank-you page, the bag and checkout
 * are emptied, and the shopper sees the thank-you page.
 */
export function usePlaceOrder(view: QuoteView) {
  const store = useStore()
  const navigate = useNavigate()
  const bag = useBag()
  const inputs = useQuoteInputs()
  const { busy, run } = useAction()
  const [outcome, setOutcome] = useState<PlaceOutcome>()

  const place = useCallback(
    () =>
      run(async () => {
        const quote = view.quote
        if (!quote) return
        const credit = chosenCredit(inputs.customer, inputs.state)
        setOutcome(undefined)
        try {
          const order = await placeOrder(placeOrderBody(inputs, quote, attemptKey()))
          endAttempt()
          if (order.access_token) rememberOrderToken(order.number, order.access_token)
          await navigate(`/thank-you/${order.number}`)
          emptyAfterOrder(store)
        } catch (error) {
          if (!(error instanceof ApiError) || ![400, 402, 409].includes(error.status)) {
            // No answer, or not this request's fault: the key stays for the retry.
            setOutcome({ kind: 'retry', error })
            return
          }
          endAttempt()
          if (error.status === 402) {
            // The declined card cannot pay: a new card is entered where it was.
            if (credit?.paymentId === undefined) store.set(checkoutAtom, (state) => ({ ...state, creditInfo: null }))
            setOutcome({ kind: 'declined', error, token: credit?.token })
          } else if (error.status === 409) {
            setOutcome({ kind: 'changed', error })
            void bag.refresh()
            view.requote()
          } else {
            setOutcome({ kind: 'refused', error })
          }
        }
      }),
    [run, view, inputs, navigate, store, bag],
  )
  return { place, busy, outcome }
}

type Store = ReturnType<typeof useStore>

/**
 * After the order: the bag's lines (not the later list) and the checkout leave. A
 * guest's bag is this device's; a customer's is the server's, which took the ordered
 * lines out with the order itself, so it is read again.
 */
function emptyAfterOrder(store: Store) {
  const lists = store.get(bagAtom)
  store.set(bagAtom, { ...lists, products: [], unavailableCart: [] })
  store.set(bagSummaryAtom, null)
  clearCheckout(store)
  clearDiscount(store)
  // A failed read marks the bag as possibly out of date; the order stands either way.
  if (store.get(customerAtom)) loadCustomerBag(store).catch(() => undefined)
}
