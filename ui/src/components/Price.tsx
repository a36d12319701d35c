import { formatPrice } from '@/lib/format'
import styles from './Price.module.css'

interface PriceProps {
  /** Integer cents. */
  price: number
  /** The "was" price in cents; shown struck through only when higher than `price` (spec 3). */
  fakePrice?: number | null | undefined
}

export function Price({ price, fakePrice }: PriceProps) {
  const was = fakePrice != null && fakePrice > price ? fakePrice : undefined
  if (was === undefined) {
    return <span className={styles.price}>{formatPrice(price)}</span>
  }
  // A struck-through price reads as plain text to screen readers, so say which is which.
  return (
    <span className={styles.price}>
      <span className={styles.sale}>
        <span className="visually-hidden">Now </span>
        {formatPrice(price)}
      </span>{' '}
      <del className={styles.was}>
        <span className="visually-hidden">Was </span>
        {formatPrice(was)}
      </del>
    </span>
  )
}
