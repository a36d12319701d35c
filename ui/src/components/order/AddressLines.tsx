import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import type { GuestAddress } from '@/lib/checkout'
import { countryName, type Countries } from '@/lib/countries'
import { languageAtom } from '@/lib/preferences'
import styles from './Order.module.css'

/**
 * One line of an address or contact. The line keeps the block's direction (so it lines
 * up with the rest), and its text is isolated in `<bdi>`: a Latin "1 Olive Lane" reads
 * the right way round in Hebrew. `ltr` marks a phone number, never reordered.
 */
export function AddressLine({ children, ltr = false }: { children: ReactNode; ltr?: boolean }) {
  return (
    <span className={styles.addressLine}>
      <bdi dir={ltr ? 'ltr' : undefined}>{children}</bdi>
    </span>
  )
}

/**
 * An address's lines, for a block that stacks them: the name, the street, the city
 * line, the country by its name in the page's language, and the phone.
 */
export function AddressLines({ address, countries }: { address: GuestAddress; countries: Countries }) {
  const language = useAtomValue(languageAtom)
  return (
    <>
      <AddressLine>
        <strong>{address.name}</strong>
      </AddressLine>
      <AddressLine>{address.line1}</AddressLine>
      {address.line2 && <AddressLine>{address.line2}</AddressLine>}
      <AddressLine>{[address.city, address.region, address.postal_code].filter(Boolean).join(', ')}</AddressLine>
      <AddressLine>{countryName(countries, address.country, language)}</AddressLine>
      {address.phone && <AddressLine ltr>{address.phone}</AddressLine>}
    </>
  )
}
