import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { useLoad } from '@/lib/useLoad'
import { getSubscriptions, type Subscription } from '../api'
import { messages } from '../messages'
import {
  AccountFrame,
  Busy,
  DeclinedWarning,
  ItemList,
  LoadProblem,
  ScheduleLine,
  StatusBadge,
  useIntervalName,
  useSubscriptionName,
} from './Parts'
import styles from './Subscriptions.module.css'

/**
 * `/account/subscriptions`: the customer's subscriptions and recurring orders, newest
 * first, each with what it brings, how often, where it stands and the way to manage it.
 */
export function SubscriptionsPage() {
  const t = useT(messages)
  const list = useLoad('customer-subscriptions', (signal) => getSubscriptions(signal))
  return (
    <AccountFrame title={t('title')}>
      {list.state === 'loading' && <Busy />}
      {list.state === 'failed' && <LoadProblem error={list.error} reload={list.reload} failed="listFailed" />}
      {list.state === 'done' &&
        (list.data.subscriptions.length === 0 ? (
          <div className={styles.empty}>
            <p>{t('noSubscriptions')}</p>
            <Link to="/">{t('startShopping')}</Link>
          </div>
        ) : (
          <ul className={styles.cards} aria-label={t('listLabel')}>
            {list.data.subscriptions.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        ))}
    </AccountFrame>
  )
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const t = useT(messages)
  const intervalName = useIntervalName()
  const name = useSubscriptionName()(subscription)
  const manage = `/account/subscriptions-update/${subscription.id}`
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h2>{name}</h2>
        <StatusBadge status={subscription.status} />
      </div>
      <p className={styles.flush}>
        <strong>{intervalName(subscription.interval, true)}</strong>
      </p>
      <ScheduleLine subscription={subscription} />
      <DeclinedWarning subscription={subscription} change={<Link to={manage}>{t('changeCard')}</Link>} />
      <ItemList lines={subscription.lines} label={t('itemsOf', { name })} />
      <p className={styles.flush}>
        <Link to={manage} className={styles.manage}>
          {t('manage')}
          <span className="visually-hidden">: {name}</span>
        </Link>
      </p>
    </li>
  )
}

export { SubscriptionsPage as Component }
