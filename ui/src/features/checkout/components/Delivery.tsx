import { CountryField } from '@/components/CountryField'
import { useAtom, useAtomValue } from 'jotai'
import { useEffect, useId } from 'react'
import { TextField } from '@/components/FormField'
import { bagSummaryAtom } from '@/lib/bag'
import { checkoutAtom, type CheckoutQuote, type DigitalInfo, type ShippingType } from '@/lib/checkout'
import { useCountries } from '@/lib/countries'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import {
  DEFAULT_COUNTRY,
  shippingOptionsAtom,
  shippingStatusAtom,
  zipLookUpAtom,
  type MethodOption,
  type ShippingOptions,
} from '@/lib/location'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { messages } from '../messages'
import type { Problems } from '../problems'
import { methodArrival, pickupReady } from '../shippingMessages'
import styles from './Checkout.module.css'

const valueOf = (type: ShippingType | null) =>
  type === null ? '' : type.type === 'pickup' ? 'pickup' : `ship-${type.id}`

/**
 * What a method costs this order: the quote's price for the method chosen; for the
 * others their price, or nothing when the server's figures say this bag ships free by it
 * (a method that counts for free shipping, and nothing left to reach the threshold).
 */
export function methodPrice(
  method: MethodOption,
  options: ShippingOptions,
  quote: CheckoutQuote | null,
  freeRemaining: number | undefined,
): number {
  if (quote?.shipping?.type === 'ship' && quote.shipping.id === method.id) return quote.shipping.price
  const counts = options.shipping_ids_not_excluded_from_free_shipping.split(',').map(Number).includes(method.id)
  const reached = options.over_price === undefined || freeRemaining === 0
  return counts && reached ? 0 : method.price
}

/**
 * Spec 3's shipping type: the methods to the zip held, each with its price and arrival
 * date, and pickup when the store offers it. A choice the options no longer offer is dropped.
 */
export function DeliveryChoice({ quote, problem }: { quote: CheckoutQuote | null; problem?: string }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const status = useAtomValue(shippingStatusAtom)
  const options = useAtomValue(shippingOptionsAtom)
  const [state, setState] = useAtom(checkoutAtom)
  const customer = useAtomValue(customerAtom)
  const summary = useAtomValue(bagSummaryAtom)
  const legendId = useId()
  const problemId = useId()
  const chosen = state.shippingType

  useEffect(() => {
    if (!options || !chosen) return
    const offered =
      chosen.type === 'pickup' ? options.pickup !== undefined : options.methods.some((m) => m.id === chosen.id)
    if (!offered) setState((current) => ({ ...current, shippingType: null }))
  }, [options, chosen, setState])

  if (status === 'noZip') return <p className={styles.muted}>{t('noZip')}</p>
  if (status === 'loading')
    return (
      <p role="status" className={styles.muted}>
        {t('loadingOptions')}
      </p>
    )
  if (!options || (options.methods.length === 0 && !options.pickup)) {
    return <p className={styles.problem}>{t('noOptions')}</p>
  }

  const freeRemaining = quote?.bag.free_shipping_remaining ?? summary?.free_shipping_remaining
  const choose = (type: ShippingType) => {
    setState((current) => ({
      ...current,
      shippingType: type,
      // Pickup starts from what checkout already knows of the shopper.
      pickupInfo:
        type.type === 'pickup' && current.pickupInfo === null
          ? { name: customer?.name ?? '', email: customer?.email ?? current.email, phone: '' }
          : current.pickupInfo,
    }))
  }
  const price = (cents: number) => (cents === 0 ? t('free') : formatPrice(cents))

  return (
    <fieldset className={styles.fieldset} aria-describedby={problem ? problemId : undefined}>
      <legend id={legendId}>{t('deliveryLegend')}</legend>
      {options.methods.map((method) => (
        <label key={method.id} className={styles.choice}>
          <input
            type="radio"
            name="delivery"
            value={`ship-${method.id}`}
            checked={valueOf(chosen) === `ship-${method.id}`}
            onChange={() => {
              choose({ type: 'ship', id: method.id, delivery: true })
            }}
          />
          <span className={styles.choiceText}>
            <strong>{language === 'heb' ? method.heb_name : method.name}</strong>
            <span>{methodArrival(method, language)}</span>
          </span>
          <span className={styles.price} dir="ltr">
            {price(methodPrice(method, options, quote, freeRemaining))}
          </span>
        </label>
      ))}
      {options.pickup && (
        <label className={styles.choice}>
          <input
            type="radio"
            name="delivery"
            value="pickup"
            checked={valueOf(chosen) === 'pickup'}
            onChange={() => {
              choose({ type: 'pickup', delivery: false })
            }}
          />
          <span className={styles.choiceText}>
            <strong>{t('pickup')}</strong>
            <span>{pickupReady(options.pickup, language)}</span>
          </span>
          <span className={styles.price}>{t('free')}</span>
        </label>
      )}
      {problem && (
        <p id={problemId} className={styles.problem}>
          {problem}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Whether nothing can be chosen where the order is priced: no place known yet, or no
 * method or pickup there. The shipping address is then asked at once, since its ZIP is
 * what brings the options.
 */
export function useNoDeliveryOptions(): boolean {
  const status = useAtomValue(shippingStatusAtom)
  const options = useAtomValue(shippingOptionsAtom)
  if (status === 'noZip' || status === 'none') return true
  return options !== null && options.methods.length === 0 && !options.pickup
}

/**
 * Spec 3's digital info for a digital-only order: the card's billing postal code and
 * country, where the server taxes it. Nothing is shipped, so nothing else is asked. The
 * order's e-mail (its receipt; each e-gift card goes to the recipient named on it) is
 * the guest's contact e-mail or the customer's own, kept here as it changes.
 */
export function DigitalDelivery({ problems }: { problems: Problems }) {
  const t = useT(messages)
  const [state, setState] = useAtom(checkoutAtom)
  const customer = useAtomValue(customerAtom)
  const location = useAtomValue(zipLookUpAtom)
  const countries = useCountries()
  const email = customer?.email ?? state.email
  const country = location?.country ?? DEFAULT_COUNTRY
  const info: DigitalInfo = state.digitalInfo ?? { email, postal_code: '', country }
  useEffect(() => {
    if (state.digitalInfo?.email !== email && (state.digitalInfo !== null || email !== '')) {
      setState((current) => ({
        ...current,
        digitalInfo: { ...(current.digitalInfo ?? { postal_code: '', country }), email },
      }))
    }
  }, [state.digitalInfo, email, country, setState])
  const change = (name: keyof DigitalInfo) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setState((current) => ({ ...current, digitalInfo: { ...(current.digitalInfo ?? info), [name]: value } }))
  }
  return (
    <>
      <p className={styles.intro}>{t('digitalIntro')}</p>
      {customer && <p className={styles.muted}>{t('receiptTo', { email: customer.email })}</p>}
      <div className={styles.pair}>
        <TextField
          label={t('billingPostalCode')}
          hint={t('billingHint')}
          name="digital_postal_code"
          autoComplete="billing postal-code"
          dir="ltr"
          required
          value={info.postal_code}
          problem={problems.digital_postal_code}
          onChange={change('postal_code')}
        />
        <CountryField
          countries={countries}
          label={t('billingCountry')}
          name="digital_country"
          autoComplete="billing country"
          value={info.country}
          onChange={change('country')}
        />
      </div>
    </>
  )
}
