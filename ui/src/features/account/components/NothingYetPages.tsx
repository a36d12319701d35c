import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { messages, type AccountKey } from '../messages'
import styles from './Account.module.css'
import { AccountScreen } from './AccountScreen'

// The account screens whose contents come with subscriptions (a later issue): each
// says honestly that there is nothing yet.

function NothingYet({ title, empty }: { title: AccountKey; empty: AccountKey }) {
  const t = useT(messages)
  return (
    <AccountScreen title={t(title)}>
      <div className={styles.empty}>
        <p>{t(empty)}</p>
        <Link to="/">{t('startShopping')}</Link>
      </div>
    </AccountScreen>
  )
}

export const SubscriptionsPage = () => <NothingYet title="subscriptions" empty="noSubscriptions" />
