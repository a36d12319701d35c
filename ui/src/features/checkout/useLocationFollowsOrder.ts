import { useAtomValue, useStore } from 'jotai'
import { useEffect, useState } from 'react'
import { checkoutAtom, orderPlace, samePlace, type CheckoutState, type ShippingType } from '@/lib/checkout'
import { setZip, zipLookUpAtom } from '@/lib/location'
import { customerAtom, type Customer } from '@/lib/session'

/** A typed code rests this long before it is located: one lookup per code, not per key. */
const FOLLOW_DELAY_MS = 400

/**
 * Whether the quote is made where the order goes: `here` (located there, or nothing to
 * follow: pickup, or no valid place yet), `moving` (being located) or `unknown` (the
 * lookup refused the place).
 */
export type PlaceStatus = 'here' | 'moving' | 'unknown'

// Any shipping method: where the order would ship, before one is chosen.
const SHIPPED: ShippingType = { type: 'ship', id: 0, delivery: true }

/**
 * Where the order goes (`orderPlace`) or, before a delivery is chosen, where the shipping
 * address shown says it would: that address is the one place a ZIP is typed, so it
 * brings the delivery options to choose from.
 */
function followedPlace(customer: Customer | null, state: CheckoutState, digitalOnly: boolean) {
  if (digitalOnly || state.shippingType !== null) return orderPlace(customer, state, digitalOnly)
  return orderPlace(customer, { ...state, shippingType: SHIPPED }, false)
}

/**
 * The server taxes and zones an order where it goes and refuses (409) one whose quote
 * was made elsewhere, so the location that prices checkout follows the order's place
 * (`followedPlace`): a customer's saved address, the address a guest types, a
 * digital-only bag's billing postal code; a ZIP entered elsewhere gives way to it. A
 * place the lookup refuses is not asked again until it changes (nor one it answers as
 * another place, so the following never loops); it is told as `unknown`.
 */
export function useLocationFollowsOrder(digitalOnly: boolean): PlaceStatus {
  const store = useStore()
  const customer = useAtomValue(customerAtom)
  const state = useAtomValue(checkoutAtom)
  const location = useAtomValue(zipLookUpAtom)
  const [refused, setRefused] = useState<string>()
  const place = followedPlace(customer, state, digitalOnly)
  const here = place === null || samePlace(place, location)
  const zip = place?.zip.trim() ?? ''
  const country = place?.country ?? ''
  const key = `${country}:${zip.toUpperCase()}`

  useEffect(() => {
    if (here || key === refused) return
    const timer = setTimeout(() => {
      void setZip(store, zip, country).then((result) => {
        if (!result.ok || !samePlace({ zip, country }, result.location)) setRefused(key)
      })
    }, FOLLOW_DELAY_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [store, here, zip, country, key, refused])

  if (here) return 'here'
  return key === refused ? 'unknown' : 'moving'
}
