import { NavLink } from 'react-router'
import { useT } from '@/lib/i18n'
import styles from './AccountNav.module.css'
import { messages } from './messages'

// Spec 2.1's account children (their paths keep the spec's spellings), and the saved
// addresses and cards.
const LINKS = [
  { key: 'accountDashboard', path: '/account/dashboard' },
  { key: 'accountOrders', path: '/account/orders' },
  { key: 'accountFavorites', path: '/account/favorites' },
  { key: 'accountBuyItAgain', path: '/account/buy-it-again' },
  { key: 'accountDigitalLibrary', path: '/account/digital-libary' },
  { key: 'accountSubscriptions', path: '/account/subscriptions' },
  { key: 'accountAddresses', path: '/account/addresses' },
  { key: 'accountPayments', path: '/account/payments' },
] as const

/**
 * The account's sections, the current one marked (`aria-current="page"`). `vertical`
 * stacks them in a column on wide screens, for a sidebar.
 */
export function AccountNav({ vertical = false }: { vertical?: boolean }) {
  const t = useT(messages)
  return (
    <nav aria-label={t('accountNav')} className={vertical ? `${styles.nav} ${styles.vertical}` : styles.nav}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.path}>
            <NavLink to={link.path}>{t(link.key)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
