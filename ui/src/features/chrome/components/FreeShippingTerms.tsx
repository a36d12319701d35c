import { useAtomValue } from 'jotai'
import { deferred } from '@/lib/deferred'
import { freeShippingTermsOpenAtom } from '@/lib/panels'

/** The terms popup, whose code loads when a Details button is headed for or pressed. */
export const FreeShippingTermsDialog = deferred(() =>
  import('./FreeShippingTermsDialog').then((module) => module.FreeShippingTermsDialog),
)

/** Spec 2.9: the free-shipping terms popup while it is open; the layout keeps it in place. */
export function FreeShippingTerms() {
  return useAtomValue(freeShippingTermsOpenAtom) ? <FreeShippingTermsDialog /> : null
}
