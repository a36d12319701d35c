import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { ReturnStatusBadge } from '@/components/order/OrderReturns'
import { ReturnLinesBack } from '@/components/order/ReturnLine'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { rememberedOrderToken } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { getReturn, orderOfReturn, returnLabelPath, type Return } from '@/lib/returns'
import { customerAtom } from '@/lib/session'
import { ADDRESS } from '@/lib/storeAddress'
import { useLoad } from '@/lib/useLoad'
import { keyMadeWith, returnFlowAtom } from '../flow'
import { messages } from '../messages'
import { Busy, RefundFigures, ReturnScreen } from './FlowParts'
import styles from './Returns.module.css'

/**
 * `/return-confirmation/:return_id`: a return as `GET /api/returns/{number}` answers it
 * (with the link's `?token=`, else the token this tab keeps for its order, else the
 * session): its number and status, what to do next (bring it to the store, or print the
 * label), what comes back, the refund to expect and where it goes, and the way back to
 * the order. Arriving from the summary that made it ends the return's flow in this tab.
 */
export function ConfirmationPage() {
  const t = useT(messages)
  const number = useParams().return_id ?? ''
  const [params] = useSearchParams()
  const token = params.get('token') ?? rememberedOrderToken(orderOfReturn(number))
  const ret = useLoad(`return:${number}:${token ?? ''}`, (signal) => getReturn(number, token, signal))
  useEndFlow(keyMadeWith(useLocation().state))
  return (
    <ReturnScreen title={t('confirmationTitle')}>
      {ret.state === 'loading' && <Busy />}
      {ret.state === 'failed' && (
        <div role="alert">
          {ret.error instanceof ApiError && ret.error.status === 404 ? (
            <p>{t('returnNotFound')}</p>
          ) : (
            <>
              <p>{t('returnFailed')}</p>
              <button type="button" className={formStyles.secondary} onClick={ret.reload}>
                {t('tryAgain')}
              </button>
            </>
          )}
        </div>
      )}
      {ret.state === 'done' && <Confirmation ret={ret.data} token={token} />}
    </ReturnScreen>
  )
}

/** Arrived from the step that made the return: the flow made with `key` is done (another since begun stays). */
function useEndFlow(key: string | undefined) {
  const setFlow = useSetAtom(returnFlowAtom)
  useEffect(() => {
    if (key !== undefined) setFlow((current) => (current?.key === key ? null : current))
  }, [key, setFlow])
}

function Confirmation({ ret, token }: { ret: Return; token: string | undefined }) {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const ids = { status: useId(), next: useId(), items: useId(), refund: useId() }
  // A guest's way back is the status page the token opens; a customer's, their account.
  const orderLink = token
    ? `/orders/guest/${encodeURIComponent(ret.order_number)}/status?token=${encodeURIComponent(token)}`
    : customer
      ? `/account/orders/${encodeURIComponent(ret.order_number)}`
      : `/orders/guest/${encodeURIComponent(ret.order_number)}/status`
  return (
    <>
      <p className={styles.flush}>
        {t('returnNumberIs')}{' '}
        <bdi dir="ltr" className={styles.number}>
          {ret.number}
        </bdi>
      </p>
      {ret.status === 'requested' && <p className={styles.flush}>{t('mailed')}</p>}
      <section aria-labelledby={ids.status} className={styles.section}>
        <h2 id={ids.status}>{t('status')}</h2>
        <p className={styles.flush}>
          <ReturnStatusBadge status={ret.status} />
        </p>
      </section>
      <section aria-labelledby={ids.next} className={styles.section}>
        <h2 id={ids.next}>{t('nextSteps')}</h2>
        <NextSteps ret={ret} token={token} />
      </section>
      <section aria-labelledby={ids.items} className={styles.section}>
        <h2 id={ids.items}>{t('items')}</h2>
        <ReturnLinesBack lines={ret.lines} label={t('items')} priced />
      </section>
      <section aria-labelledby={ids.refund} className={styles.section}>
        <h2 id={ids.refund}>{t('yourRefund')}</h2>
        <RefundFigures refund={ret.refund} />
        {ret.status === 'requested' && <p className={`${styles.note} ${styles.muted}`}>{t('refundWhen')}</p>}
      </section>
      <div className={styles.actions}>
        <Link to={orderLink}>{t('backToOrder')}</Link>
      </div>
    </>
  )
}

/** What the shopper does now, by the return's method and where it stands. */
function NextSteps({ ret, token }: { ret: Return; token: string | undefined }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  if (ret.status === 'received') return <p className={styles.flush}>{t('receivedNext')}</p>
  if (ret.status === 'refunded') return <p className={styles.flush}>{t('refundedNext')}</p>
  if (ret.status === 'rejected') {
    return (
      <>
        <p className={styles.flush}>{t('rejectedNext')}</p>
        {ret.rejection && (
          <p className={styles.flush}>
            <bdi>{ret.rejection}</bdi>
          </p>
        )}
      </>
    )
  }
  if (ret.return_method === 'drop_off') {
    return (
      <>
        <p className={styles.flush}>{t('dropOffNext')}</p>
        <address className={styles.address}>
          {ADDRESS.lines[language].map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </>
    )
  }
  return (
    <>
      <p className={styles.flush}>{t('labelNext')}</p>
      <p className={styles.flush}>
        <Link to={returnLabelPath(ret.number, token)} className={formStyles.primary}>
          {t('printLabel')}
        </Link>
      </p>
    </>
  )
}

export { ConfirmationPage as Component }
