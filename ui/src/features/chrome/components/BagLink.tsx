import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { bagCountLabel } from '../bagCount'
import { messages } from '../messages'
import styles from './Chrome.module.css'

/** The bag icon with its item count (the header passes the stored bag's count). */
export function BagLink({ count }: { count: number }) {
  const t = useT(messages)
  const badge = bagCountLabel(count)
  return (
    <Link to="/bag" className={styles.bag} aria-label={badge ? t('bagWithCount', { count: badge }) : t('bag')}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M5 8h14l-1 12H6z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      {badge && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  )
}
