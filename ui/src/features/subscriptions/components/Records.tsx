import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import { formatInstant, useLineTitle } from '@/components/order/OrderParts'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import type { Delivery, HistoryEntry, SubscriptionLine } from '../api'
import { messages } from '../messages'
import { useIntervalName, useMediumDate, useWord } from './Parts'
import styles from './Subscriptions.module.css'

// What the subscription did: its decided deliveries and its history, oldest first as
// the server sends them.

/** Each decided delivery: its date, what came of it, and the order a charged one became. */
export function Deliveries({ deliveries }: { deliveries: readonly Delivery[] }) {
  const t = useT(messages)
  const date = useMediumDate()
  const outcome = useWord('outcome_')
  if (deliveries.length === 0) return <p className={styles.flush}>{t('noDeliveries')}</p>
  return (
    <ol className={styles.records} aria-label={t('deliveries')}>
      {deliveries.map((delivery) => (
        <li key={`${delivery.period}:${delivery.due}`}>
          <time dateTime={delivery.due}>{date(delivery.due)}</time> <strong>{outcome(delivery.outcome)}</strong>
          {delivery.outcome === 'charged' && delivery.order_number && (
            <>
              {' '}
              <Link to={`/account/orders/${delivery.order_number}`}>
                {t('orderLink', { number: readableOrderNumber(delivery.order_number) })}
              </Link>
            </>
          )}
        </li>
      ))}
    </ol>
  )
}

/** Each event with when it happened and what it says beyond its kind. */
export function History({ history, lines }: { history: readonly HistoryEntry[]; lines: readonly SubscriptionLine[] }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const event = useWord('event_')
  const detail = useDetailText(lines)
  if (history.length === 0) return <p className={styles.flush}>{t('noHistory')}</p>
  return (
    <ol className={styles.records} aria-label={t('history')}>
      {history.map((entry, index) => {
        const said = detail(entry)
        return (
          // Two entries may share their moment and kind; their place tells them apart.
          <li key={`${entry.at}:${entry.event}:${index}`}>
            <time dateTime={entry.at}>{formatInstant(entry.at, language, true)}</time>{' '}
            <strong>{event(entry.event)}</strong>
            {said && (
              <>
                {' '}
                <bdi>{said}</bdi>
              </>
            )}
          </li>
        )
      })}
    </ol>
  )
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const INTERVAL = /^interval:(\w+)$/
const QUANTITY = /^quantity:(\d+):(\d+)$/
const ITEM = /^(?:product|variation|bundle):\d+$/

/**
 * A history entry's detail in words. The server writes it for the page to word: a date
 * (the delivery skipped or passed for want of stock, the end of a pause, the card's next
 * try), an order number, `interval:1m`, `quantity:0:2` (the line and its new quantity), `address`, `card`, why
 * it paused or ended (`attention`, `declines`, `empty`), or the item a dropped line was
 * (its title is gone with it: nothing is said). Anything else is shown as it is.
 */
function useDetailText(lines: readonly SubscriptionLine[]) {
  const t = useT(messages)
  const date = useMediumDate()
  const intervalName = useIntervalName()
  const title = useLineTitle()
  return ({ event, detail }: HistoryEntry): string => {
    if (detail === '' || ITEM.test(detail)) return ''
    if (DATE.test(detail)) {
      const on = { date: date(detail) }
      if (event === 'skipped' || event === 'out_of_stock') return t('detailSkipped', on)
      if (event === 'paused') return t('detailUntil', on)
      if (event === 'declined') return t('detailRetry', on)
      return on.date
    }
    const interval = INTERVAL.exec(detail)
    if (interval?.[1]) return t('detailInterval', { interval: intervalName(interval[1]) })
    const quantity = QUANTITY.exec(detail)
    if (quantity?.[1] && quantity[2]) {
      const line = lines[Number(quantity[1])]
      const name = line ? title(line).text : t('anItem')
      return t('detailQuantity', { title: name, n: quantity[2] })
    }
    if (detail === 'address') return t('detailAddress')
    if (detail === 'card') return t('detailCard')
    if (detail === 'attention') return t('detailAttention')
    if (detail === 'declines') return t('detailDeclines')
    if (detail === 'empty') return t('detailEmpty')
    if (event === 'started' || event === 'charged') return t('orderLink', { number: readableOrderNumber(detail) })
    return detail
  }
}
