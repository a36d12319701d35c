import { useAtomValue } from 'jotai'
import { useCountries } from '@/lib/countries'
import { formatCalendarDate } from '@/lib/dates'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import type { Order, OrderLine, OrderStatus } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import { AddressLine, AddressLines } from './AddressLines'
import { LineDetails, recipientOf, RecipientDetails, type FieldLabel, type LineChoices } from './LineDetails'
import { messages, type OrderKey } from './messages'
import styles from './Order.module.css'

// The parts of an order every order screen shows: its lines, its figures, how it
// reaches the shopper and what happened to it. Money is the server's, in cents.

const LOCALES: Record<Language, string> = { eng: 'en-US', heb: 'he-IL' }

/**
 * An RFC 3339 instant as a date in the shopper's language, in spec 9's medium format
 * ("Nov 25, 2026"), the one the spec's screens show beside the long one.
 */
export function formatInstant(at: string, language: Language, withTime = false): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return at
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  }).format(date)
}

/** An order status in the shopper's language. */
export function useStatusName() {
  const t = useT(messages)
  return (status: OrderStatus) => t(`status_${status}` as OrderKey)
}

/** What a line's title is made of. */
type TitledLine = Pick<OrderLine, 'title' | 'heb_title'>

/** A line's title in the language that applies, with its attributes. */
export function useLineTitle() {
  const language = useAtomValue(languageAtom)
  return (line: TitledLine) => localize(language, hebrewApplies(language, line), line.title, line.heb_title)
}

/** The order's lines: picture, title, quantity, unit price and details, and what the line costs. */
export function OrderLines({ order }: { order: Order }) {
  const t = useT(messages)
  const title = useLineTitle()
  return (
    <ul className={styles.lines} aria-label={t('items')}>
      {order.lines.map((line, index) => {
        const name = title(line)
        return (
          <li key={`${line.type}:${line.id}:${index}`} className={styles.line}>
            {line.image ? (
              <img className={styles.image} src={line.image} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className={styles.image} />
            )}
            <div className={styles.lineText}>
              <a href={line.path} {...name.attributes}>
                {name.text}
              </a>
              <LineDetails
                line={line}
                labels={line.labels}
                lead={[
                  { key: 'quantity', node: t('quantityIs', { n: line.quantity }) },
                  {
                    key: 'each',
                    node: <bdi dir="ltr">{t('each', { price: formatPrice(line.unit_price) })}</bdi>,
                  },
                ]}
              />
            </div>
            <span dir="ltr">{formatPrice(line.merchandise)}</span>
          </li>
        )
      })}
    </ul>
  )
}

/** Every figure of the order: subtotal to total, the gift cards and what the card paid. */
export function OrderTotals({ order }: { order: Order }) {
  const t = useT(messages)
  const { totals } = order
  const rows: [string, string][] = [[t('subtotal'), formatPrice(totals.subtotal)]]
  if (totals.gift_options > 0) rows.push([t('giftOptions'), formatPrice(totals.gift_options)])
  if (totals.personalization_fees > 0) rows.push([t('personalizationFees'), formatPrice(totals.personalization_fees)])
  if (totals.discount > 0) {
    const code = order.discount_code ? ` (${order.discount_code})` : ''
    rows.push([`${t('discount')}${code}`, `−${formatPrice(totals.discount)}`])
  }
  rows.push([t('tax'), formatPrice(totals.tax)])
  if (order.delivery.type !== 'digital') {
    rows.push([t('shipping'), totals.shipping === 0 ? t('free') : formatPrice(totals.shipping)])
  }
  return (
    <dl className={styles.totals} aria-label={t('totals')}>
      {rows.map(([term, amount]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd dir={/\d/.test(amount) ? 'ltr' : undefined}>{amount}</dd>
        </div>
      ))}
      <div className={styles.grandTotal}>
        <dt>{t('total')}</dt>
        <dd dir="ltr">{formatPrice(totals.total)}</dd>
      </div>
      {order.gift_cards.map((card) => (
        <div key={card.last_four}>
          <dt>{t('giftCard', { last4: card.last_four })}</dt>
          <dd dir="ltr">−{formatPrice(card.amount)}</dd>
        </div>
      ))}
      {order.card && (
        <div>
          <dt>{t('paidByCard', { last4: order.card.last4 })}</dt>
          <dd dir="ltr">{formatPrice(totals.amount_due)}</dd>
        </div>
      )}
    </dl>
  )
}

/** How the order reaches the shopper: the method and address, pickup, or who each e-gift card goes to. */
export function OrderDelivery({ order }: { order: Order }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const countries = useCountries()
  const { delivery } = order
  const promised = delivery.promised_on ? formatCalendarDate(delivery.promised_on, 'long', language) : undefined
  if (delivery.type === 'digital') {
    return <DigitalRecipients lines={order.lines.map((line) => ({ line, labels: line.labels }))} email={order.email} />
  }
  if (delivery.type === 'pickup') {
    return (
      <p className={styles.facts}>
        <strong>{t('pickup')}</strong>
        {promised && <span>{t('readyOn', { date: promised })}</span>}
        {delivery.contact_name && <AddressLine>{t('contact', { name: delivery.contact_name })}</AddressLine>}
        {delivery.contact_phone && <AddressLine ltr>{delivery.contact_phone}</AddressLine>}
      </p>
    )
  }
  // The server has the method's Hebrew name from the order on; the English one stands in before.
  const method = (language === 'heb' && delivery.heb_method_name) || delivery.method_name
  return (
    <address className={styles.facts}>
      {method && <strong>{method}</strong>}
      {promised && <span>{t('arriving', { date: promised })}</span>}
      {delivery.address && <AddressLines address={delivery.address} countries={countries} />}
    </address>
  )
}

/**
 * Where an e-mailed order goes: each e-gift card to its recipient on its day, anything
 * else to the shopper; and the receipt to the shopper. Review and the order screens
 * both tell it so.
 */
export function DigitalRecipients({
  lines,
  email,
}: {
  lines: readonly { line: LineChoices & TitledLine; labels: readonly FieldLabel[] }[]
  email: string
}) {
  const t = useT(messages)
  const title = useLineTitle()
  const gifts = lines.flatMap(({ line, labels }) => {
    const recipient = recipientOf(line, labels)
    return recipient && (recipient.name || recipient.email) ? [{ line, recipient }] : []
  })
  const toShopper = gifts.length < lines.length
  return (
    <div className={styles.facts}>
      {gifts.map(({ line, recipient }, index) => {
        const name = title(line)
        return (
          <div key={index} className={styles.lineText}>
            <strong {...name.attributes}>{name.text}</strong>
            <RecipientDetails recipient={recipient} />
          </div>
        )
      })}
      <span>
        {toShopper ? t('digitalTo') : t('receiptTo')} <bdi>{email}</bdi>
      </span>
    </div>
  )
}

/** What happened to the order, oldest first, with when. */
export function OrderHistory({ order }: { order: Order }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const statusName = useStatusName()
  return (
    <ol className={styles.history} aria-label={t('history')}>
      {order.history.map((change) => (
        <li key={`${change.status}:${change.at}`}>
          <strong>{statusName(change.status)}</strong>{' '}
          <time dateTime={change.at} className={styles.muted}>
            {formatInstant(change.at, language, true)}
          </time>
        </li>
      ))}
    </ol>
  )
}

/** The order's current status, as a small badge. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const statusName = useStatusName()
  return <span className={styles.status}>{statusName(status)}</span>
}

export { messages as orderMessages }
