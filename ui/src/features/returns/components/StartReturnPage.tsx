import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useId } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { OrderLookUpForm } from '@/components/order/OrderLookUpForm'
import { formatInstant } from '@/components/order/OrderParts'
import { ApiError } from '@/lib/api/errors'
import { problemText, refusalOf, sentence } from '@/lib/api/problem'
import { useT } from '@/lib/i18n'
import { getCustomerOrders, readableOrderNumber, rememberOrderToken, type Order } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import { canReturnSomething, startReturnPath, type ReturnOptions } from '@/lib/returns'
import { customerAtom } from '@/lib/session'
import { useLoad } from '@/lib/useLoad'
import { getReturnOptions } from '../api'
import { returnFlowAtom, startFlow } from '../flow'
import { messages } from '../messages'
import { Busy, ReturnScreen, STEP_PATH } from './FlowParts'
import styles from './Returns.module.css'

/**
 * `/return`: where a return starts. A signed-in customer sees their delivered orders
 * that still have something to send back, each with "Return items"; anyone may find an
 * order by its number and e-mail (the guest status page's look-up). A link with
 * `?order=NUMBER&token=TOKEN` (a mail's, the status page's), or `?order=NUMBER` for a
 * customer, starts at once.
 */
export function StartReturnPage() {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const [params] = useSearchParams()
  const notice = noticeOf(useLocation().state)
  const begin = useBegin()
  const order = params.get('order')
  const token = params.get('token') ?? undefined
  // A guest without the token must prove the e-mail: the number is only filled in.
  const startsNow = order !== null && order.trim() !== '' && (token !== undefined || customer !== null)

  useEffect(() => {
    if (startsNow) begin(order, token, true)
  }, [startsNow, order, token, begin])

  return (
    <ReturnScreen title={t('startTitle')}>
      {notice && <p className={`${formStyles.status} ${styles.flush}`}>{t('noFlow')}</p>}
      {startsNow ? (
        <Busy />
      ) : (
        <>
          <p className={styles.flush}>{t('startIntro')}</p>
          {customer && <ReturnableOrders />}
          <LookUp number={order ?? ''} />
        </>
      )}
    </ReturnScreen>
  )
}

function noticeOf(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'returnNotice' in state
}

/** Starts (or picks up) the return of `order` and goes to its first step. */
function useBegin() {
  const setFlow = useSetAtom(returnFlowAtom)
  const navigate = useNavigate()
  return useCallback(
    (order: string, token: string | undefined, replace = false) => {
      setFlow((current) => startFlow(current, readableOrderNumber(order), token))
      void navigate(STEP_PATH.items, { replace })
    },
    [setFlow, navigate],
  )
}

interface Returnable {
  order: Order
  /** Undefined when they could not be loaded: the order is offered, and the first step says more. */
  options: ReturnOptions | undefined
}

/** The customer's delivered orders with something that may still go back, newest first. */
async function returnableOrders(signal: AbortSignal): Promise<Returnable[]> {
  const { orders } = await getCustomerOrders(signal)
  const delivered = orders.filter((order) => order.status === 'delivered')
  const checked = await Promise.all(
    delivered.map(async (order): Promise<Returnable | null> => {
      try {
        const options = await getReturnOptions(readableOrderNumber(order.number), undefined, signal)
        return canReturnSomething(options) ? { order, options } : null
      } catch (error) {
        if (signal.aborted) throw error
        return { order, options: undefined }
      }
    }),
  )
  return checked.filter((entry) => entry !== null)
}

function ReturnableOrders() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const headingId = useId()
  const orders = useLoad('returnable-orders', returnableOrders)
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{t('yourOrders')}</h2>
      {orders.state === 'loading' && <Busy />}
      {orders.state === 'failed' && (
        <div role="alert">
          <p className={styles.flush}>{t('ordersFailed')}</p>
          <button type="button" className={formStyles.secondary} onClick={orders.reload}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {orders.state === 'done' && orders.data.length === 0 && (
        <>
          <p className={styles.flush}>{t('noReturnableOrders')}</p>
          <p className={styles.flush}>
            <Link to="/account/orders">{t('allOrders')}</Link>
          </p>
        </>
      )}
      {orders.state === 'done' && orders.data.length > 0 && (
        <ul className={styles.orders} aria-label={t('returnableOrders')}>
          {orders.data.map(({ order, options }) => {
            const number = readableOrderNumber(order.number)
            const delivered = order.history.findLast((change) => change.status === 'delivered')
            return (
              <li key={order.number} className={styles.order}>
                <div>
                  <p>
                    <strong>
                      {t('orderWord')} <bdi dir="ltr">{number}</bdi>
                    </strong>
                  </p>
                  {delivered && (
                    <p className={styles.muted}>{t('deliveredOn', { date: formatInstant(delivered.at, language) })}</p>
                  )}
                  {options?.window_closes_at && (
                    <p className={styles.muted}>
                      {t('returnUntil', { date: formatInstant(options.window_closes_at, language) })}
                    </p>
                  )}
                </div>
                <Link to={startReturnPath(number)} aria-label={t('returnItemsFrom', { number })}>
                  {t('returnItems')}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** What the look-up's failure means for the shopper: the server's words (no such order, too many tries), or a field's. */
function lookUpProblem(error: unknown, language: Language): string {
  const refusal = refusalOf(error)
  if (refusal) return problemText(new ApiError(400, sentence(refusal.reason)), language)
  return problemText(error, language)
}

/** The guest status page's look-up, by the order's number and e-mail; the token it answers opens the return. */
function LookUp({ number }: { number: string }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const headingId = useId()
  const begin = useBegin()
  return (
    <section aria-labelledby={headingId} className={`${styles.section} ${styles.lookUp}`}>
      <h2 id={headingId}>{t('findOrder')}</h2>
      <OrderLookUpForm
        number={number}
        words={{
          orderNumber: t('orderNumber'),
          email: t('email'),
          required: t('required'),
          submit: t('find'),
          busy: t('looking'),
        }}
        labelledBy={headingId}
        className={styles.form}
        intro={<p className={styles.flush}>{t('findIntro')}</p>}
        problemOf={(error) => lookUpProblem(error, language)}
        onFound={(found) => {
          if (found.access_token) rememberOrderToken(found.number, found.access_token)
          begin(found.number, found.access_token)
        }}
      />
    </section>
  )
}

export { StartReturnPage as Component }
