import { useAtomValue } from 'jotai'
import { displayCurrencyAtom } from '@/lib/currencies'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { formatConverted } from '@/lib/money'
import { messages } from './messages'
import styles from './Price.module.css'

interface PriceProps {
  /** Integer cents. */
  price: number
  /** The "was" price in cents; shown struck through only when higher than `price` (spec 3). */
  fakePrice?: number | null | undefined
}

export function Price({ price, fakePrice }: PriceProps) {
  const t = useT(messages)
  const was = fakePrice != null && fakePrice > price ? fakePrice : undefined
  // Dollar amounts read left to right inside Hebrew text too.
  if (was === undefined) {
    return (
      <span className={styles.price} dir="ltr">
        {formatPrice(price)}
        <Converted price={price} />
      </span>
    )
  }
  // A struck-through price reads as plain text to screen readers, so say which is which.
  return (
    <span className={styles.price} dir="ltr">
      <span className={styles.sale}>
        <span className="visually-hidden">{t('now')} </span>
        {formatPrice(price)}
      </span>{' '}
      <del className={styles.was}>
        <span className="visually-hidden">{t('was')} </span>
        {formatPrice(was)}
      </del>
      <Converted price={price} />
    </span>
  )
}

/** Spec 9: beside the dollar price, the price in the shopper's currency unless that is US Dollar. */
function Converted({ price }: { price: number }) {
  const t = useT(messages)
  const currency = useAtomValue(displayCurrencyAtom)
  if (!currency) return null
  return (
    <span className={styles.converted}>
      <span className="visually-hidden">{t('convertedIn', { currency: currency.name })} </span>
      {formatConverted(price, currency)}
    </span>
  )
}
