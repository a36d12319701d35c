import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './Detail.module.css'

/** `max` is the stock the server has for sale; 0 means none. */
export function StockStatus({ max }: { max: number }) {
  const t = useT(messages)
  return max > 0 ? (
    <p className={styles.inStock}>{t('inStock')}</p>
  ) : (
    <p className={styles.outOfStock}>{t('outOfStock')}</p>
  )
}
