import { useAtom, useAtomValue } from 'jotai'
import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { CountryField } from '@/components/CountryField'
import { TextField } from '@/components/FormField'
import { chosenAddress, checkoutAtom, samePlace, type GuestAddress, type PickupInfo } from '@/lib/checkout'
import { countryName, useCountries } from '@/lib/countries'
import { useT } from '@/lib/i18n'
import { zipLookUpAtom } from '@/lib/location'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { messages, type CheckoutKey } from '../messages'
import { startAddress, type Problems } from '../problems'
import styles from './Checkout.module.css'

/**
 * Spec 3's guest e-mail (the shipping e-mail); a customer's is their account's. For a
 * digital-only bag it is said for what it is, the receipt's address: each e-gift card
 * goes to the recipient named on it.
 */
export function ContactFields({ problems, digitalOnly }: { problems: Problems; digitalOnly: boolean }) {
  const t = useT(messages)
  const [state, setState] = useAtom(checkoutAtom)
  const customer = useAtomValue(customerAtom)
  if (customer) return <p className={styles.intro}>{t('signedInAs', { email: customer.email })}</p>
  return (
    <TextField
      label={digitalOnly ? t('receiptEmail') : t('email')}
      hint={digitalOnly ? t('receiptHint') : t('emailHint')}
      name="email"
      type="email"
      autoComplete="email"
      dir="ltr"
      required
      value={state.email}
      problem={problems.email}
      onChange={(event) => {
        setState((current) => ({ ...current, email: event.target.value }))
      }}
    />
  )
}

// A guest's address fields, with their labels and what the browser may fill in. Names
// and places are `dir="auto"`: "1 Olive Lane" typed on a Hebrew page reads as typed.
const ADDRESS_FIELDS: Record<
  Exclude<keyof GuestAddress, 'country'>,
  { label: CheckoutKey; autoComplete: string; optional?: true; type?: 'tel'; dir: 'auto' | 'ltr' }
> = {
  name: { label: 'name', autoComplete: 'shipping name', dir: 'auto' },
  line1: { label: 'line1', autoComplete: 'shipping address-line1', dir: 'auto' },
  line2: { label: 'line2', autoComplete: 'shipping address-line2', optional: true, dir: 'auto' },
  postal_code: { label: 'postalCode', autoComplete: 'shipping postal-code', dir: 'ltr' },
  city: { label: 'city', autoComplete: 'shipping address-level2', dir: 'auto' },
  region: { label: 'region', autoComplete: 'shipping address-level1', optional: true, dir: 'auto' },
  phone: { label: 'phone', autoComplete: 'shipping tel', type: 'tel', dir: 'auto' },
}

/**
 * Spec 3's shipping info: a customer's saved addresses to choose from (the default, or
 * the first, chosen until they pick another), or the address a guest types. The checkout
 * page prices the order where it goes (`useLocationFollowsOrder`).
 */
export function AddressFields({ problems }: { problems: Problems }) {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const [state, setState] = useAtom(checkoutAtom)
  const language = useAtomValue(languageAtom)
  const countries = useCountries()
  const legendId = useId()

  if (customer && customer.addresses.length > 0) {
    const chosen = chosenAddress(customer, state)
    return (
      <fieldset className={styles.fieldset}>
        <legend id={legendId}>{t('savedAddresses')}</legend>
        {customer.addresses.map((address) => (
          <label key={address.id} className={styles.choice}>
            <input
              type="radio"
              name="address"
              value={address.id}
              checked={chosen?.id === address.id}
              onChange={() => {
                setState((current) => ({ ...current, shippingInfo: { addressId: address.id } }))
              }}
            />
            <address className={styles.facts}>
              <strong>{address.name}</strong>
              <span>{address.line1}</span>
              {address.line2 && <span>{address.line2}</span>}
              <span>{[address.city, address.region, address.postal_code].filter(Boolean).join(', ')}</span>
              <span>{countryName(countries, address.country, language)}</span>
            </address>
            <span />
          </label>
        ))}
        <p className={styles.muted}>
          <Link to="/account/addresses">{t('manageAddresses')}</Link>
        </p>
      </fieldset>
    )
  }
  return <GuestAddressFields problems={problems} />
}

/**
 * The one address form of a guest (or a customer with none saved): its ZIP and country
 * are where the order is priced and which delivery options it has (no second ZIP to
 * type), and its city and region are filled from the ZIP's lookup while the shopper has
 * not typed their own.
 */
function GuestAddressFields({ problems }: { problems: Problems }) {
  const t = useT(messages)
  const [state, setState] = useAtom(checkoutAtom)
  const countries = useCountries()
  const location = useAtomValue(zipLookUpAtom)
  const start = startAddress(location)
  const info = state.shippingInfo
  const address = info && 'address' in info ? info.address : start
  const change = (name: keyof GuestAddress) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setState((current) => {
      const held = current.shippingInfo && 'address' in current.shippingInfo ? current.shippingInfo.address : start
      return { ...current, shippingInfo: { address: { ...held, [name]: value } } }
    })
  }

  // What the last lookup filled in: a city or region still as it left them is the
  // lookup's, not the shopper's, and follows a new ZIP; one typed is never replaced.
  const filled = useRef({ city: start.city, region: start.region })
  const { postal_code: zip, country } = address
  useEffect(() => {
    if (!location || !samePlace({ zip, country }, location)) return
    const answer = { city: location.city ?? '', region: location.state ?? '' }
    const before = filled.current
    filled.current = answer
    setState((current) => {
      const held = current.shippingInfo && 'address' in current.shippingInfo ? current.shippingInfo.address : undefined
      if (!held) return current
      const ours = (field: 'city' | 'region') => held[field].trim() === '' || held[field] === before[field]
      const next = {
        ...held,
        city: ours('city') ? answer.city : held.city,
        region: ours('region') ? answer.region : held.region,
      }
      if (next.city === held.city && next.region === held.region) return current
      return { ...current, shippingInfo: { address: next } }
    })
  }, [location, zip, country, setState])

  const field = (name: keyof typeof ADDRESS_FIELDS) => {
    const { label, autoComplete, optional, type, dir } = ADDRESS_FIELDS[name]
    return (
      <TextField
        label={t(label)}
        name={`ship_${name}`}
        type={type}
        autoComplete={autoComplete}
        required={!optional}
        dir={dir}
        value={address[name]}
        problem={problems[`ship_${name}`]}
        onChange={change(name)}
      />
    )
  }
  return (
    <div className={styles.fieldset}>
      {field('name')}
      {field('line1')}
      {field('line2')}
      <div className={styles.pair}>
        {field('postal_code')}
        <CountryField
          countries={countries}
          label={t('country')}
          name="ship_country"
          autoComplete="shipping country"
          value={address.country}
          problem={problems.ship_country}
          onChange={change('country')}
        />
      </div>
      <div className={styles.pair}>
        {field('city')}
        {field('region')}
      </div>
      {field('phone')}
    </div>
  )
}

/** Spec 3's pickup info: who picks the order up. */
export function PickupFields({ problems }: { problems: Problems }) {
  const t = useT(messages)
  const [state, setState] = useAtom(checkoutAtom)
  const info: PickupInfo = state.pickupInfo ?? { name: '', email: '', phone: '' }
  const change = (name: keyof PickupInfo) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setState((current) => ({
      ...current,
      pickupInfo: { ...(current.pickupInfo ?? { name: '', email: '', phone: '' }), [name]: value },
    }))
  }
  return (
    <div className={styles.fieldset}>
      <TextField
        label={t('name')}
        name="pickup_name"
        autoComplete="name"
        required
        dir="auto"
        value={info.name}
        problem={problems.pickup_name}
        onChange={change('name')}
      />
      <TextField
        label={t('email')}
        name="pickup_email"
        type="email"
        autoComplete="email"
        dir="ltr"
        required
        value={info.email}
        problem={problems.pickup_email}
        onChange={change('email')}
      />
      <TextField
        label={t('phone')}
        name="pickup_phone"
        type="tel"
        autoComplete="tel"
        dir="auto"
        required
        value={info.phone}
        problem={problems.pickup_phone}
        onChange={change('phone')}
      />
    </div>
  )
}
