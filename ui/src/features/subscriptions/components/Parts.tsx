import { useAtomValue } from 'jotai'
import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import { AccountNav } from '@/components/AccountNav'
import formStyles from '@/components/Form.module.css'
import { useLineTitle } from '@/components/order/OrderParts'
import { ApiError } from '@/lib/api/errors'
import { formatCalendarDate } from '@/lib/dates'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { customerAtom } from '@/lib/session'
import type { Plan, Subscription, SubscriptionLine } from '../api'
import { messages, type SubscriptionsKey } from '../messages'
import styles from './Subscriptions.module.css'

// What the subscription screens share: the account's frame, the loading and failure
// states, and how a subscription's schedule, status and items read in words.

/**
 * An account screen: its name (heading and tab title), the account's sections beside
 * it, and its content. The account feature's own frame looks the same; a feature may not
 * import another, so this one is kept here.
 */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className={`page ${styles.screen}`}>
      <h1 className={styles.title}>{title}</h1>
      <AccountNav vertical />
      <div className={styles.content}>{children}</div>
    </div>
  )
}

/** A polite "Loading…" in the shopper's language. */
export function Busy() {
  const t = useT(messages)
  return (
    <p role="status" className={styles.muted}>
      {t('loading')}
    </p>
  )
}

/**
 * A load that failed: a subscription that is not the customer's (404, when `notFound`
 * says it) is said so, with the way back to the list; anything else may pass, so it
 * offers to try again.
 */
export function LoadProblem({
  error,
  reload,
  failed,
  notFound,
}: {
  error: unknown
  reload: () => void
  failed: SubscriptionsKey
  notFound?: SubscriptionsKey
}) {
  const t = useT(messages)
  if (notFound && error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert">
        <p className={styles.flush}>{t(notFound)}</p>
        <Link to="/account/subscriptions">{t('backToList')}</Link>
      </div>
    )
  }
  return (
    <div role="alert">
      <p>{t(failed)}</p>
      <button type="button" className={formStyles.secondary} onClick={reload}>
        {t('tryAgain')}
      </button>
    </div>
  )
}

/** A store-local date (`YYYY-MM-DD`) in the spec's medium format ("Jan 9, 2026"). */
export function useMediumDate() {
  const language = useAtomValue(languageAtom)
  return (date: string) => formatCalendarDate(date, 'medium', language)
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)
const lower = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1)

/**
 * How often it comes, in words: "every 2 weeks" inside a sentence, "Every 2 weeks"
 * standing alone. An interval the interface does not know yet is shown as sent.
 */
export function useIntervalName() {
  const t = useT(messages)
  return (interval: string, alone = false) => {
    const key = `interval_${interval}`
    const words = key in messages.eng ? t(key as SubscriptionsKey) : interval
    return alone ? capitalize(words) : words
  }
}

/** A word of the server's (a status, an outcome, an event) through `prefix`; shown as sent when unknown. */
export function useWord(prefix: 'status_' | 'outcome_' | 'event_') {
  const t = useT(messages)
  return (word: string) => {
    const key = `${prefix}${word}`
    return key in messages.eng ? t(key as SubscriptionsKey) : word
  }
}

/** "Repeat of order 7KQ4-M2XD-9PRT", or "Subscription 12" for one bought on a plan. */
export function useSubscriptionName() {
  const t = useT(messages)
  return (subscription: Subscription) =>
    subscription.repeats_order
      ? t('repeatOf', { number: readableOrderNumber(subscription.repeats_order) })
      : t('subscriptionNumber', { id: subscription.id })
}

const BRANDS: Record<string, SubscriptionsKey> = {
  visa: 'brand_visa',
  mastercard: 'brand_mastercard',
  amex: 'brand_amex',
  discover: 'brand_discover',
}

/** "Visa ending in 4242", in the interface's language. */
export function useCardName() {
  const t = useT(messages)
  return (card: { brand: string; last4: string }) =>
    t('cardName', { brand: t(BRANDS[card.brand] ?? 'brand_other'), last4: card.last4 })
}

/**
 * A plan in words, each part on its own: how often ("Every 2 weeks"), the price per
 * delivery, the saving when there is one, and how many deliveries ("Until you cancel").
 */
export function usePlanWords() {
  const t = useT(messages)
  const intervalName = useIntervalName()
  return (plan: Plan, alone = true) => ({
    interval: intervalName(plan.interval, alone),
    price: t('perDelivery', { price: formatPrice(plan.price) }),
    saving: plan.saving_percent > 0 ? t('savePercent', { n: plan.saving_percent }) : undefined,
    deliveries:
      plan.deliveries === undefined
        ? t('untilCancel')
        : plan.deliveries === 1
          ? t('deliveriesOne')
          : t('deliveriesCount', { n: plan.deliveries }),
  })
}

/**
 * A plan on one line, for a select ("Every month, $16.20 per delivery, save 5%, until
 * you cancel") or, not `alone`, inside a sentence ("every month, …").
 */
export function usePlanLine() {
  const words = usePlanWords()
  return (plan: Plan, alone = true) => {
    const { interval, price, saving, deliveries } = words(plan, alone)
    // Only the first part starts with a capital (and only standing alone).
    return [interval, price, saving && lower(saving), lower(deliveries)].filter((part) => part !== undefined).join(', ')
  }
}

/** A saved address on one line: who, the street and the city. */
export const addressLine = (address: { name: string; line1: string; city: string }) =>
  `${address.name}, ${address.line1}, ${address.city}`

/** Its status in words, as a small badge. */
export function StatusBadge({ status }: { status: string }) {
  const word = useWord('status_')
  return <span className={styles.badge}>{word(status)}</span>
}

/**
 * Where its schedule stands: the next delivery's date, or what stands instead (paused
 * until a date, paused until resumed, cancelled, finished); and, for a plan of a fixed
 * number of deliveries, how many are left.
 */
export function ScheduleLine({ subscription }: { subscription: Subscription }) {
  const t = useT(messages)
  const date = useMediumDate()
  const { status, next_delivery, resume_on, deliveries_left } = subscription
  let text: string
  if (status === 'paused') text = resume_on ? t('pausedUntil', { date: date(resume_on) }) : t('pausedOpen')
  else if (status === 'cancelled') text = t('cancelledNote')
  else if (status === 'finished') text = t('finishedNote')
  else text = next_delivery ? t('nextDelivery', { date: date(next_delivery) }) : t('noNextDelivery')
  const open = status === 'active' || status === 'paused'
  return (
    <>
      <p className={styles.flush}>{text}</p>
      {open && deliveries_left !== undefined && (
        <p className={styles.flush}>
          {deliveries_left === 1 ? t('deliveriesLeftOne') : t('deliveriesLeft', { n: deliveries_left })}
        </p>
      )}
    </>
  )
}

/** The card keeps declining at the delivery being charged: said, with the way to change it. */
export function DeclinedWarning({ subscription, change }: { subscription: Subscription; change?: ReactNode }) {
  const t = useT(messages)
  if (subscription.card_declines === 0) return null
  return (
    <p className={styles.warning}>
      {t('declined')} {change}
    </p>
  )
}

/** What each delivery brings: picture, title, quantity and price, and whether it is still sold. */
export function ItemList({ lines, label }: { lines: readonly SubscriptionLine[]; label: string }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <Item key={`${line.line_type}:${line.item_id}:${line.item_key}`} line={line} />
      ))}
    </ul>
  )
}

function Item({ line }: { line: SubscriptionLine }) {
  const t = useT(messages)
  return (
    <ItemRow line={line}>
      <span>{t('quantityIs', { n: line.quantity })}</span>
    </ItemRow>
  )
}

/** One item's picture, title, price and note; `children` say or change its quantity. */
export function ItemRow({ line, children }: { line: SubscriptionLine; children: ReactNode }) {
  const t = useT(messages)
  // The Hebrew title in Hebrew, when the item has one.
  const name = useLineTitle()(line)
  return (
    <li className={styles.line}>
      {line.image ? (
        <img className={styles.image} src={line.image} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={styles.image} />
      )}
      <div className={styles.lineText}>
        <Link to={line.path} {...name.attributes}>
          {name.text}
        </Link>
        <span className={styles.muted}>
          <bdi>{t('each', { price: formatPrice(line.unit_price) })}</bdi>
        </span>
        {!line.sold && <span className={styles.problem}>{t('notSold')}</span>}
        {children}
      </div>
    </li>
  )
}

export type NoticeState = { type: 'status' | 'alert'; text: string } | undefined

/**
 * What the last change did: a confirmation, read out politely, or the server's refusal,
 * read out at once. The status region is always there, so what is put in it is
 * announced; it can take focus when the control the shopper used has gone.
 */
export function Notice({ notice, ref }: { notice: NoticeState; ref?: Ref<HTMLDivElement> }) {
  return (
    <>
      <div role="status" ref={ref} tabIndex={-1} className={styles.notice}>
        {notice?.type === 'status' && <p className={formStyles.status}>{notice.text}</p>}
      </div>
      {notice?.type === 'alert' && (
        <p role="alert" className={formStyles.alert}>
          {notice.text}
        </p>
      )}
    </>
  )
}

/** Where it ships and the card that pays, from the customer's saved ones. */
export function ShipsAndPays({ subscription }: { subscription: Subscription }) {
  const t = useT(messages)
  const cardName = useCardName()
  const customer = useAtomValue(customerAtom)
  const address = customer?.addresses.find((entry) => entry.id === subscription.address_id)
  const card = customer?.payments.find((entry) => entry.id === subscription.payment_id)
  if (!address && !card) return null
  return (
    <dl className={styles.facts}>
      {address && (
        <div>
          <dt>{t('shipsTo')}</dt>
          <dd>
            <bdi>{addressLine(address)}</bdi>
          </dd>
        </div>
      )}
      {card && (
        <div>
          <dt>{t('paidWith')}</dt>
          <dd>{cardName(card)}</dd>
        </div>
      )}
    </dl>
  )
}
