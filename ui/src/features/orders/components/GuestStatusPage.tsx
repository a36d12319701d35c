import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Loading } from '@/components/Loading'
import { OrderLookUpForm } from '@/components/order/OrderLookUpForm'
import { formatInstant, OrderDelivery, OrderHistory, OrderLines, StatusBadge } from '@/components/order/OrderParts'
import { OrderReturns } from '@/components/order/OrderReturns'
import { ApiError } from '@/lib/api/errors'
import { problemText, refusalOf, sentence } from '@/lib/api/problem'
import { useT } from '@/lib/i18n'
import { getOrder, readableOrderNumber, type Order } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { messages } from '../messages'
import { OrderProblem } from './OrderProblem'
import styles from './Orders.module.css'

/**
 * `/orders/guest/:order_id/status`: a guest's order, found by its number and e-mail
 * (`POST /api/orders/{number}/status`), or opened at once by the signed link of the
 * confirmation mail (`?token=`): its status and history, lines and delivery, and a
 * delivered order's returns with a way to start one.
 */
export function GuestStatusPage() {
  const t = useT(messages)
  useDocumentTitle(t('statusTitle'))
  const number = readableOrderNumber(useParams().order_id ?? '')
  const token = useSearchParams()[0].get('token')
  const [found, setFound] = useState<Order>()

  return (
    <div className={`page ${styles.screen}`}>
      <h1>{t('statusTitle')}</h1>
      {found ? (
        <OrderStatus order={found} token={found.access_token} />
      ) : token ? (
        <SignedLink number={number} token={token} />
      ) : (
        <LookUpForm number={number} onFound={setFound} />
      )}
    </div>
  )
}

function SignedLink({ number, token }: { number: string; token: string }) {
  const order = useLoad(`${number}:${token}`, (signal) => getOrder(number, token, signal))
  if (order.state === 'loading') return <Loading />
  if (order.state === 'failed') return <OrderProblem error={order.error} number={number} retry={order.reload} />
  return <OrderStatus order={order.data} token={token} />
}

/** What the look-up's failure means for the shopper: no such order (404), too many tries (429), a field (400). */
function lookUpProblem(error: unknown, language: Language, noSuchOrder: string): string {
  if (error instanceof ApiError && error.status === 404) return noSuchOrder
  const refusal = refusalOf(error)
  if (refusal) return problemText(new ApiError(400, sentence(refusal.reason)), language)
  return problemText(error, language)
}

function LookUpForm({ number, onFound }: { number: string; onFound: (order: Order) => void }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (
    <OrderLookUpForm
      number={number}
      words={{
        orderNumber: t('orderNumber'),
        email: t('email'),
        required: t('required'),
        submit: t('show'),
        busy: t('looking'),
      }}
      label={t('lookUp')}
      className={styles.form}
      intro={<p>{t('statusIntro')}</p>}
      problemOf={(error) => lookUpProblem(error, language, t('noSuchOrder'))}
      onFound={onFound}
    />
  )
}

/** The order as its guest sees it; `token` (the link's, else the look-up's) opens its returns. */
function OrderStatus({ order, token }: { order: Order; token?: string | undefined }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (
    <>
      <p>
        <strong className={styles.number} dir="ltr">
          {readableOrderNumber(order.number)}
        </strong>
        <br />
        {t('placedOn', { date: formatInstant(order.placed_at, language) })}
      </p>
      <section aria-labelledby="status-now" className={styles.section}>
        <h2 id="status-now">{t('status')}</h2>
        <p>
          <StatusBadge status={order.status} />
        </p>
        <OrderHistory order={order} />
      </section>
      <section aria-labelledby="status-items" className={styles.section}>
        <h2 id="status-items">{t('items')}</h2>
        <OrderLines order={order} />
      </section>
      <section aria-labelledby="status-delivery" className={styles.section}>
        <h2 id="status-delivery">{t('delivery')}</h2>
        <OrderDelivery order={order} />
      </section>
      <OrderReturns order={order} token={token ?? order.access_token} className={styles.section} />
    </>
  )
}

export { GuestStatusPage as Component }
