import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'
import { bagAtom, bagSummaryAtom, quoteRequest, type BagLists } from '@/lib/bag'
import { shippingOptionsAtom, zipLookUpAtom, type MethodOption, type ZipLocation } from '@/lib/location'

// The bag's estimate of tax and shipping (spec 3's estimatedShippingPrice): the checkout
// quote (`POST /api/checkout/quote`, the figures checkout will show) for the bag, at the
// shopper's known ZIP, shipped the cheapest way. Only the server computes money: the
// estimate's figures are its answer, free shipping over the threshold included.

type EstimateRequest = Schema<'CheckoutQuoteRequest'>
export type EstimateAnswer = Schema<'CheckoutQuoteAnswer'>

/** How long after the last change the estimate is asked for (a few quantity clicks in a row). */
const ESTIMATE_DELAY_MS = 250

/**
 * The checkout quote request for the bag at `location`, by the `cheapest` method; null
 * with nothing to estimate with: no ZIP known, an empty bag, or (for a bag to ship)
 * no shipping options for the ZIP yet.
 */
export function estimateRequest(
  lists: BagLists,
  location: ZipLocation | null,
  cheapest: MethodOption | undefined,
  digitalOnly: boolean,
): EstimateRequest | null {
  if (!location || lists.products.length === 0) return null
  if (!digitalOnly && !cheapest) return null
  const bag = quoteRequest(lists)
  return {
    products: bag.products,
    later: bag.later,
    country: location.country,
    zip_code: location.zip,
    ...(cheapest && !digitalOnly ? { shipping: { type: 'ship', id: cheapest.id } } : {}),
    gift_cards: [],
  }
}

export interface BagEstimate {
  /** The ZIP the figures are for. */
  zip: string
  answer: EstimateAnswer
  /** False while the bag or the ZIP has changed since, and the new estimate is on its way. */
  current: boolean
}

/**
 * The estimate for the bag as it is now, asked for after a short pause whenever the bag,
 * the ZIP or its shipping options change; null when there is none (nothing to estimate
 * with, or the quote failed): the bag then says tax and shipping come at checkout.
 */
export function useBagEstimate(): BagEstimate | null {
  const lists = useAtomValue(bagAtom)
  const location = useAtomValue(zipLookUpAtom)
  const cheapest = useAtomValue(shippingOptionsAtom)?.cheapest
  const digitalOnly = useAtomValue(bagSummaryAtom)?.digital_only ?? false
  const body = useMemo(
    () => estimateRequest(lists, location, cheapest, digitalOnly),
    [lists, location, cheapest, digitalOnly],
  )
  const key = body && JSON.stringify(body)
  const [held, setHeld] = useState<{ key: string; zip: string; answer: EstimateAnswer } | null>(null)
  const [failedKey, setFailedKey] = useState<string | null>(null)

  useEffect(() => {
    if (!body || !key) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      unwrap(api.POST('/checkout/quote', { body, signal: controller.signal })).then(
        (answer) => {
          setHeld({ key, zip: body.zip_code ?? '', answer })
        },
        () => {
          if (!controller.signal.aborted) setFailedKey(key)
        },
      )
    }, ESTIMATE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `key` stands for `body`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  if (!key || !held || failedKey === key) return null
  return { zip: held.zip, answer: held.answer, current: held.key === key }
}
