import { useAtom, useAtomValue } from 'jotai'
import { useId, type ChangeEvent } from 'react'
import { Link } from 'react-router'
import { SelectField, TextField } from '@/components/FormField'
import { chosenAddress, checkoutAtom, EMPTY_ADDRESS, type GuestAddress, type PickupInfo } from '@/lib/checkout'
import { countryName, useCountries, type Countries } from '@/lib/countries'
import { useT } from '@/lib/i18n'
import { zipLookUpAtom } from '@/lib/location'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { messages, type CheckoutKey } from '../messages'
import styles from './Checkout.module.css'

import type { Problems } from '../problems'

/** Spec 3's guest e-mail (the shipping e-mail); a customer's is their account's. */
export function ContactFields({ problems }: { problems: Problems }) {
  const t = useT(messages)
  const [state, setState] = useAtom(checkoutAtom)
  const customer = useAtomValue(customerAtom)
  if (customer) return <p className={styles.intro}>{t('signedInAs', { email: customer.email })}</p>
  return (
    <TextField
      label={t('email')}
      hint={t('emailHint')}
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

// A guest's address fields in the form's order, with their labels and what the browser may fill in.
const ADDRESS_FIELDS: {
  name: Exclude<keyof GuestAddress, 'country' | 'phone'>
  label: CheckoutKey
  autoComplete: string
}[] = [
  { name: 'name', label: 'name', autoComplete: 'shipping name' },
  { name: 'line1', label: 'line1', autoComplete: 'shipping address-line1' },
  { name: 'line2', label: 'line2', autoComplete: 'shipping address-line2' },
  { name: 'city', label: 'city', autoComplete: 'shipping address-level2' },
  { name: 'region', label: 'region', autoComplete: 'shipping address-level1' },
  { name: 'postal_code', label: 'postalCode', autoComplete: 'shipping postal-code' },
]
const OPTIONAL: readonly string[] = ['line2', 'region']

/** A country of the countries list, named in the interface language; the choice stays shown while the list loads. */
export function CountryField({
  countries,
  label,
  name,
  autoComplete,
  value,
  problem,
  onChange,
}: {
  countries: Countries
  label: string
  name: string
  autoComplete: string
  value: string
  problem?: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const list = countries && 'list' in countries ? countries.list : undefined
  return (
    <SelectField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={value}
      problem={problem}
      aria-busy={countries === undefined || undefined}
      onChange={onChange}
    >
      {list ? (
        list.map((country) => (
          <option key={country.value} value={country.value}>
            {language === 'heb' ? country.heb_label : country.label}
          </option>
        ))
      ) : (
        <option value={value}>{countries ? value : t('loadingCountries')}</option>
      )}
    </SelectField>
  )
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
  const location = useAtomValue(zipLookUpAtom)

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

  // A new address starts in the place checkout already prices for.
  const start = location ? { ...EMPTY_ADDRESS, postal_code: location.zip, country: location.country } : EMPTY_ADDRESS
  const info = state.shippingInfo
  const address = info && 'address' in info ? info.address : start
  const change = (name: keyof GuestAddress) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setState((current) => {
      const held = current.shippingInfo && 'address' in current.shippingInfo ? current.shippingInfo.address : start
      return { ...current, shippingInfo: { address: { ...held, [name]: value } } }
    })
  }
  return (
    <div className={styles.fieldset}>
      {ADDRESS_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={t(field.label)}
          name={`ship_${field.name}`}
          autoComplete={field.autoComplete}
          required={!OPTIONAL.includes(field.name)}
          dir={field.name === 'postal_code' ? 'ltr' : undefined}
          value={address[field.name]}
          problem={problems[`ship_${field.name}`]}
          onChange={change(field.name)}
        />
      ))}
      <CountryField
        countries={countries}
        label={t('country')}
        name="ship_country"
        autoComplete="shipping country"
        value={address.country}
        problem={problems.ship_country}
        onChange={change('country')}
      />
      <TextField
        label={t('phone')}
        name="ship_phone"
        type="tel"
        autoComplete="shipping tel"
        dir="ltr"
        required
        value={address.phone}
        problem={problems.ship_phone}
        onChange={change('phone')}
      />
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
        dir="ltr"
        required
        value={info.phone}
        problem={problems.pickup_phone}
        onChange={change('phone')}
      />
    </div>
  )
}
