import { useAtomValue } from 'jotai'
import { useId } from 'react'
import { Link } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { problemText, refusalOf, sentence } from '@/lib/api/problem'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { readableOrderNumber, type Order } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import {
  canReturnSomething,
  getReturnOptions,
  returnConfirmationPath,
  startReturnPath,
  type Return,
  type ReturnOptions,
  type ReturnStatus,
} from '@/lib/returns'
import { useLoad } from '@/lib/useLoad'
import { messages, type OrderKey } from './messages'
import styles from './Order.module.css'
import { useLineTitle } from './OrderParts'

// An order's returns, as its pages show them (issue 28): a way to start one while the
// order is delivered, and the returns so far with their status and refund, each opening
// its confirmation page. Shared by the account's order page and a guest's status page;
// the parts of a return's lines (their pictures, a refusal naming one) also by the
// return pages and a gift's return page.

const HEBREW_LETTER = /[\u05d0-\u05ea]/

/**
 * Why nothing can come back now, in the shopper's language. The server words `closed`
 * in English only (it is data, not a `message` the API translates): the Hebrew
 * interface says it in its own words, told apart by whether the order has a return
 * window (delivered) or not.
 */
export function useClosedText() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (options: Pick<ReturnOptions, 'closed' | 'window_closes_at'>): string => {
    const closed = options.closed ?? ''
    if (language === 'eng' && closed) return sentence(closed)
    if (HEBREW_LETTER.test(closed)) return sentence(closed)
    return options.window_closes_at ? t('closedWindow') : t('closedNotDelivered')
  }
}

/** A line's picture on the return pages (decorative: its title is beside it). */
export function LineImage({ image }: { image: string | undefined }) {
  return image ? (
    <img className={styles.image} src={image} alt="" width={56} height={56} loading="lazy" />
  ) : (
    <span className={styles.image} />
  )
}

/** A line a refusal may name: its place in the order, and its title. */
interface NamedLine {
  position: number
  title: string
  heb_title?: string | undefined
}

/**
 * A refused return (a 400: `field: reason`) as the shopper is told it: the server's
 * reason in the shopper's language and, where it names an order line by its place
 * (`lines[2]: only 1 of this item can still be returned`), with the line's title in
 * front. Undefined for any other failure.
 */
export function useLineRefusal() {
  const language = useAtomValue(languageAtom)
  const title = useLineTitle()
  return (error: unknown, lines: readonly NamedLine[]): { field: string; text: string } | undefined => {
    const refusal = refusalOf(error)
    if (!refusal) return undefined
    const reason = problemText(new ApiError(400, sentence(refusal.reason)), language)
    const position = /^lines\[(\d+)\]$/.exec(refusal.field)?.[1]
    const line = position === undefined ? undefined : lines.find((entry) => entry.position === Number(position))
    return { field: refusal.field, text: line ? `${title(line).text}: ${reason}` : reason }
  }
}

/** A return's status in the shopper's language. */
export function useReturnStatusName() {
  const t = useT(messages)
  return (status: ReturnStatus) => t(`returnStatus_${status}` as OrderKey)
}

/** A return's status, as a small badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const name = useReturnStatusName()
  return <span className={styles.status}>{name(status)}</span>
}

/**
 * The order's "Returns" section, for a delivered order only (no other can send anything
 * back, nor has returns): the returns are asked for with the order's `token` (a guest's)
 * or the session. A failure to load them leaves the way to start a return and nothing
 * else: the order page stands without them.
 */
export function OrderReturns({
  order,
  token,
  className,
}: {
  order: Pick<Order, 'number' | 'status'>
  token?: string | undefined
  className?: string
}) {
  if (order.status !== 'delivered') return null
  return <DeliveredReturns number={readableOrderNumber(order.number)} token={token} className={className} />
}

function DeliveredReturns({
  number,
  token,
  className,
}: {
  number: string
  token: string | undefined
  className: string | undefined
}) {
  const t = useT(messages)
  const headingId = useId()
  const closedText = useClosedText()
  const options = useLoad(`returns:${number}:${token ?? ''}`, (signal) => getReturnOptions(number, token, signal))
  const loaded = options.state === 'done' ? options.data : undefined
  const returns = loaded?.returns ?? []
  const open = loaded === undefined || canReturnSomething(loaded)
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId}>{t('returns')}</h2>
      {open ? (
        <p className={styles.flush}>
          <Link to={startReturnPath(number, token)} aria-label={t('returnItemsFrom', { number })}>
            {t('returnItems')}
          </Link>
        </p>
      ) : (
        <p className={`${styles.flush} ${styles.muted}`}>
          {loaded.closed !== undefined ? closedText(loaded) : t('nothingLeft')}
        </p>
      )}
      {returns.length > 0 && (
        <ul className={styles.returns} aria-label={t('returnsSoFar')}>
          {returns.map((ret) => (
            <ReturnSummary key={ret.number} ret={ret} token={token} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ReturnSummary({ ret, token }: { ret: Return; token: string | undefined }) {
  const t = useT(messages)
  const title = useLineTitle()
  return (
    <li className={styles.returnItem}>
      <p className={styles.returnHead}>
        <Link to={returnConfirmationPath(ret.number, token)} aria-label={t('viewReturn', { number: ret.number })}>
          {t('returnWord')} <bdi dir="ltr">{ret.number}</bdi>
        </Link>{' '}
        <ReturnStatusBadge status={ret.status} />
      </p>
      <ul className={styles.details}>
        {ret.lines.map((line) => {
          const name = title(line)
          return (
            <li key={line.position}>
              <bdi {...name.attributes}>{name.text}</bdi> × {line.quantity}
            </li>
          )
        })}
      </ul>
      <p className={styles.flush}>
        {t('refundWord')} <bdi dir="ltr">{formatPrice(ret.refund.total)}</bdi>
      </p>
    </li>
  )
}
