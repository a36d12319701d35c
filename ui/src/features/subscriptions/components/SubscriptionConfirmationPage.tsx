import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { idParam } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getSubscription, type SubscriptionDetail } from '../api'
import { messages } from '../messages'
import { Busy, ItemList, LoadProblem, ScheduleLine, ShipsAndPays, useIntervalName, useMediumDate } from './Parts'
import styles from './Subscriptions.module.css'

/**
 * `/subscription-confirmation/:subscription_id`, where buying a plan lands: that it is
 * confirmed, what each delivery brings and how often, when the first is charged, how
 * many are left of a plan of a fixed number, where it ships and the card, the mails
 * (the confirmation, a reminder before each delivery), and the ways to manage it.
 * Signed-in customers only (the route's guard).
 */
export function SubscriptionConfirmationPage() {
  const t = useT(messages)
  const param = useParams().subscription_id
  // An id that cannot name a subscription is answered like another customer's (404).
  const loaded = useLoad(`subscription:${param ?? ''}`, async (signal) => getSubscription(idParam(param), signal))
  useDocumentTitle(t('subscriptionConfirmationTitle'))
  return (
    <div className={`page ${styles.single}`}>
      <h1 className={styles.title}>{t('subscriptionConfirmationTitle')}</h1>
      {loaded.state === 'loading' && <Busy />}
      {loaded.state === 'failed' && (
        <LoadProblem error={loaded.error} reload={loaded.reload} failed="loadFailed" notFound="notFound" />
      )}
      {loaded.state === 'done' && <Confirmation detail={loaded.data} />}
    </div>
  )
}

function Confirmation({ detail }: { detail: SubscriptionDetail }) {
  const t = useT(messages)
  const date = useMediumDate()
  const intervalName = useIntervalName()
  const itemsId = useId()
  const { subscription } = detail
  // The first delivery, once decided (bought before the day's charge hour, it waits for it).
  const first = detail.deliveries[0]
  const charged = first?.outcome === 'charged' ? first : undefined
  const upcoming = !first && subscription.status === 'active' ? subscription.next_delivery : undefined
  const left = subscription.deliveries_left
  return (
    <>
      <div className={styles.said}>
        <p className={styles.confirmed}>{t('subscriptionConfirmed')}</p>
        <p>{t('comesEvery', { interval: intervalName(subscription.interval) })}</p>
        {charged && (
          <p>
            {t('firstCharged', { date: date(charged.due) })}
            {charged.order_number && (
              <>
                {' '}
                <Link to={`/account/orders/${charged.order_number}`}>
                  {t('orderLink', { number: readableOrderNumber(charged.order_number) })}
                </Link>
              </>
            )}
          </p>
        )}
        {upcoming ? (
          <>
            <p>{t('firstChargeOn', { date: date(upcoming) })}</p>
            {left !== undefined && <p>{left === 1 ? t('deliveriesLeftOne') : t('deliveriesLeft', { n: left })}</p>}
          </>
        ) : (
          // The next delivery (or what stands instead), and how many are left.
          <ScheduleLine subscription={subscription} />
        )}
        <p>{t('mailed')}</p>
        <p>{t('remind')}</p>
        <p>{t('anyTime')}</p>
      </div>
      <section aria-labelledby={itemsId} className={styles.section}>
        <h2 id={itemsId}>{t('eachDeliveryBrings')}</h2>
        <ItemList lines={subscription.lines} label={t('eachDeliveryBrings')} />
        <ShipsAndPays subscription={subscription} />
      </section>
      <p className={styles.links}>
        <Link to={`/account/subscriptions-update/${subscription.id}`}>{t('manageSubscription')}</Link>
        <Link to="/account/subscriptions">{t('allSubscriptions')}</Link>
      </p>
    </>
  )
}

export { SubscriptionConfirmationPage as Component }
