import { useAtomValue, useStore } from 'jotai'
import { useEffect, useRef } from 'react'
import { chosenAddress, checkoutAtom } from '@/lib/checkout'
import { setZip, zipLookUpAtom } from '@/lib/location'
import { customerAtom } from '@/lib/session'

/**
 * A customer's order shipping to a saved address is priced where it goes: the zip
 * follows the address chosen (the default, or the first, until they pick another).
 * Each address is located once; a failure is silent (spec 8) and the zip held stays.
 */
export function useZipFollowsAddress(): void {
  const store = useStore()
  const customer = useAtomValue(customerAtom)
  const state = useAtomValue(checkoutAtom)
  const location = useAtomValue(zipLookUpAtom)
  const tried = useRef(new Set<string>())
  const address = customer && state.shippingType?.type === 'ship' ? chosenAddress(customer, state) : undefined
  const zip = address?.postal_code.trim() ?? ''
  const country = address?.country ?? ''

  useEffect(() => {
    if (zip === '' || (location?.zip === zip && location.country === country)) return
    const key = `${country}:${zip}`
    if (tried.current.has(key)) return
    tried.current.add(key)
    void setZip(store, zip, country)
  }, [store, zip, country, location])
}
