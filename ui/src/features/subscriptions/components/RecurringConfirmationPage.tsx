import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { idParam } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getSubscription, type Subscription } from '../api'
import { messages } from '../messages'
import { Busy, ItemList, LoadProblem, ScheduleLine, ShipsAndPays, useIntervalName, useMediumDate } from './Parts'
import styles from './Subscriptions.module.css'

/**
 * `/recurring-confirmation/:recurring_id`, where "Repeat this order" lands: how often
 * the order repeats, its first delivery, the reminder before each, what it brings and
 * where, and the ways to manage it. Signed-in customers only (the route's guard).
 */
export function RecurringConfirmationPage() {
  const t = useT(messages)
  const param = useParams().recurring_id
  // An id that cannot name a subscription is answered like another customer's (404).
  const loaded = useLoad(`subscription:${param ?? ''}`, async (signal) => getSubscription(idParam(param), signal))
  useDocumentTitle(t('confirmationTitle'))
  return (
    <div className={`page ${styles.single}`}>
      <h1 className={styles.title}>{t('confirmationTitle')}</h1>
      {loaded.state === 'loading' && <Busy />}
      {loaded.state === 'failed' && (
        <LoadProblem error={loaded.error} reload={loaded.reload} failed="loadFailed" notFound="recurringNotFound" />
      )}
      {loaded.state === 'done' && <Confirmation subscription={loaded.data.subscription} />}
    </div>
  )
}

function Confirmation({ subscription }: { subscription: Subscription }) {
  const t = useT(messages)
  const date = useMediumDate()
  const intervalName = useIntervalName()
  const itemsId = useId()
  const upcoming = subscription.status === 'active' && subscription.next_delivery
  return (
    <>
      <div className={styles.said}>
        <p>{t('repeatsEvery', { interval: intervalName(subscription.interval) })}</p>
        {upcoming ? (
          <p>{t('firstDelivery', { date: date(upcoming) })}</p>
        ) : (
          <ScheduleLine subscription={subscription} />
        )}
        <p>{t('remind')}</p>
        <p>{t('anyTime')}</p>
      </div>
      <section aria-labelledby={itemsId} className={styles.section}>
        <h2 id={itemsId}>{t('items')}</h2>
        <ItemList lines={subscription.lines} label={t('items')} />
        <ShipsAndPays subscription={subscription} />
      </section>
      <p className={styles.links}>
        <Link to={`/account/subscriptions-update/${subscription.id}`}>{t('manageThis')}</Link>
        <Link to="/account/subscriptions">{t('allSubscriptions')}</Link>
      </p>
    </>
  )
}

export { RecurringConfirmationPage as Component }
