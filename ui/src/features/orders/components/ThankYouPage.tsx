import { useAtomValue } from 'jotai'
import type { ComponentType } from 'react'
import { Link, useParams } from 'react-router'
import { Loading } from '@/components/Loading'
import { OrderDelivery, OrderLines, OrderTotals } from '@/components/order/OrderParts'
import { useT } from '@/lib/i18n'
import { readableOrderNumber, type Order } from '@/lib/orders'
import { customerAtom } from '@/lib/session'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import { OrderProblem } from './OrderProblem'
import styles from './Orders.module.css'
import { useOrder, withToken } from './useOrder'

/**
 * `/thank-you/:id`: the order just placed: its number, where the confirmation went, its
 * lines, figures and delivery, and links to the invoice and (a guest's) status page. A
 * guest is offered an account under the order's e-mail; a customer, to have a shipped
 * order delivered again on a schedule: `Repeat`, "Repeat this order", which the route
 * hands in (it is the subscriptions feature's, and a feature does not import another).
 */
export function ThankYouPage({ Repeat }: { Repeat?: ComponentType<{ order: Order; className?: string }> }) {
  const t = useT(messages)
  useDocumentTitle(t('thankYou'))
  const number = readableOrderNumber(useParams().id ?? '')
  const customer = useAtomValue(customerAtom)
  const order = useOrder(number)

  return (
    <div className={`page ${styles.screen}`}>
      <h1>{t('thankYouHeading')}</h1>
      {order.state === 'loading' && <Loading />}
      {order.state === 'failed' && <OrderProblem error={order.error} number={number} retry={order.reload} />}
      {order.state === 'done' && (
        <>
          <p>
            {t('orderNumberIs')}{' '}
            <strong className={styles.number} dir="ltr">
              {readableOrderNumber(order.data.number)}
            </strong>
          </p>
          <p>{t('sentTo', { email: order.data.email })}</p>
          <section aria-labelledby="thanks-items" className={styles.section}>
            <h2 id="thanks-items">{t('items')}</h2>
            <OrderLines order={order.data} />
          </section>
          <section aria-labelledby="thanks-totals" className={styles.section}>
            <h2 id="thanks-totals">{t('totals')}</h2>
            <OrderTotals order={order.data} />
          </section>
          <section aria-labelledby="thanks-delivery" className={styles.section}>
            <h2 id="thanks-delivery">{t('delivery')}</h2>
            <OrderDelivery order={order.data} />
          </section>
          {customer && Repeat && <Repeat order={order.data} className={styles.section} />}
          {!customer && (
            <section aria-labelledby="thanks-account" className={styles.section}>
              <h2 id="thanks-account">{t('accountTitle')}</h2>
              {/* The register page fills the e-mail in; once it is confirmed, the server adds this e-mail's orders. */}
              <p className={styles.flush}>
                <Link to={`/register?email=${encodeURIComponent(order.data.email)}`}>{t('createAccount')}</Link>
              </p>
              <p className={styles.flush}>{t('accountOrders')}</p>
            </section>
          )}
          <div className={styles.links}>
            <Link to={withToken(`/view-invoice/${order.data.number}`, order.token)}>{t('viewInvoice')}</Link>
            {!customer && (
              <Link to={withToken(`/orders/guest/${order.data.number}/status`, order.token)}>{t('trackOrder')}</Link>
            )}
            <Link to="/">{t('continueShopping')}</Link>
          </div>
        </>
      )}
    </div>
  )
}

export { ThankYouPage as Component }
