import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import { formatInstant, useLineTitle } from '@/components/order/OrderParts'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { formatPrice } from '@/lib/format'
import type { Delivery, HistoryEntry, Plan, SubscriptionLine } from '../api'
import { messages } from '../messages'
import { useIntervalName, useMediumDate, usePlanLine, useWord } from './Parts'
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

/**
 * Each event with when it happened and what it says beyond its kind. `plans`: those of
 * the subscription's group, when it was bought on one, to say which plan it changed to.
 */
export function History({
  history,
  lines,
  plans = [],
}: {
  history: readonly HistoryEntry[]
  lines: readonly SubscriptionLine[]
  plans?: readonly Plan[]
}) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const word = useWord('event_')
  // A change of plan is said as such, not as a change of something.
  const event = (entry: HistoryEntry) =>
    entry.event === 'changed' && PLAN.test(entry.detail) ? t('event_plan_changed') : word(entry.event)
  const detail = useDetailText(lines, plans)
  if (history.length === 0) return <p className={styles.flush}>{t('noHistory')}</p>
  return (
    <ol className={styles.records} aria-label={t('history')}>
      {history.map((entry, index) => {
        const said = detail(entry)
        return (
          // Two entries may share their moment and kind; their place tells them apart.
          <li key={`${entry.at}:${entry.event}:${index}`}>
            <time dateTime={entry.at}>{formatInstant(entry.at, language, true)}</time> <strong>{event(entry)}</strong>
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
const PLAN = /^plan:(\d+)$/
const PRICE_NOTICE = /^(\d+):(\d{4}-\d{2}-\d{2})$/

/**
 * A history entry's detail in words. The server writes it for the page to word: a date
 * (the delivery skipped or passed for want of stock, the end of a pause, the card's next
 * try), an order number, `interval:1m`, `quantity:0:2` (the line and its new quantity), `address`, `card`, why
 * it paused or ended (`attention`, `declines`, `empty`), the item a dropped line was
 * (its title is gone with it: nothing is said), `plan:13` (the plan changed to: named
 * when `plans` has it), or a price notice's `1700:2026-02-01` (the price per delivery,
 * before tax and shipping, from the first delivery on or after that date). Anything
 * else is shown as it is.
 */
function useDetailText(lines: readonly SubscriptionLine[], plans: readonly Plan[]) {
  const t = useT(messages)
  const date = useMediumDate()
  const intervalName = useIntervalName()
  const planLine = usePlanLine()
  const title = useLineTitle()
  return ({ event, detail }: HistoryEntry): string => {
    if (detail === '' || ITEM.test(detail)) return ''
    const plan = PLAN.exec(detail)
    if (plan?.[1]) {
      const chosen = plans.find((entry) => entry.id === Number(plan[1]))
      return chosen ? t('detailPlan', { plan: planLine(chosen, false) }) : ''
    }
    const notice = event === 'price_notice' ? PRICE_NOTICE.exec(detail) : null
    if (notice?.[1] && notice[2]) {
      return t('detailPriceNotice', { price: formatPrice(Number(notice[1])), date: date(notice[2]) })
    }
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
