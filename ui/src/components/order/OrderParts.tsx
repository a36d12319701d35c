import { useAtomValue } from 'jotai'
import { formatCalendarDate } from '@/lib/dates'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import type { Order, OrderLine, OrderStatus } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import { messages, type OrderKey } from './messages'
import styles from './Order.module.css'

// The parts of an order every order screen shows: its lines, its figures, how it
// reaches the shopper and what happened to it. Money is the server's, in cents.

const LOCALES: Record<Language, string> = { eng: 'en-US', heb: 'he-IL' }

/** An RFC 3339 instant as a date in the shopper's language ("November 25, 2026"). */
export function formatInstant(at: string, language: Language, withTime = false): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return at
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  }).format(date)
}

/** An order status in the shopper's language. */
export function useStatusName() {
  const t = useT(messages)
  return (status: OrderStatus) => t(`status_${status}` as OrderKey)
}

/** A line's title in the language that applies, with its attributes. */
export function useLineTitle() {
  const language = useAtomValue(languageAtom)
  return (line: Pick<OrderLine, 'title' | 'heb_title'>) =>
    localize(language, hebrewApplies(language, line), line.title, line.heb_title)
}

/** The order's lines: picture, title, quantity and unit price, and what the line costs. */
export function OrderLines({ order }: { order: Order }) {
  const t = useT(messages)
  const title = useLineTitle()
  return (
    <ul className={styles.lines} aria-label={t('items')}>
      {order.lines.map((line, index) => {
        const name = title(line)
        const personalization = Object.entries(line.personalization as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
        )
        return (
          <li key={`${line.type}:${line.id}:${index}`} className={styles.line}>
            {line.image ? (
              <img className={styles.image} src={line.image} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className={styles.image} />
            )}
            <span>
              <a href={line.path} {...name.attributes}>
                {name.text}
              </a>
              <span className={styles.muted}>
                {' '}
                · {t('quantityIs', { n: line.quantity })} ·{' '}
                <bdi dir="ltr">{t('each', { price: formatPrice(line.unit_price) })}</bdi>
              </span>
              {personalization.length > 0 && (
                <span className={styles.facts}>
                  {personalization.map(([key, value]) => (
                    <span key={key} className={styles.muted}>
                      <bdi>{value}</bdi>
                    </span>
                  ))}
                </span>
              )}
            </span>
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

/** How the order reaches the shopper: the address and method, pickup, or the e-mail. */
export function OrderDelivery({ order }: { order: Order }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const { delivery } = order
  const promised = delivery.promised_on ? formatCalendarDate(delivery.promised_on, 'long', language) : undefined
  if (delivery.type === 'digital') {
    return (
      <p className={styles.facts}>
        <span>{t('digital', { email: order.email })}</span>
      </p>
    )
  }
  if (delivery.type === 'pickup') {
    return (
      <p className={styles.facts}>
        <strong>{t('pickup')}</strong>
        {promised && <span>{t('readyOn', { date: promised })}</span>}
        {delivery.contact_name && <span>{t('contact', { name: delivery.contact_name })}</span>}
        {delivery.contact_phone && <span dir="ltr">{delivery.contact_phone}</span>}
      </p>
    )
  }
  const address = delivery.address
  return (
    <address className={styles.facts}>
      {delivery.method_name && <strong>{delivery.method_name}</strong>}
      {promised && <span>{t('arriving', { date: promised })}</span>}
      {address && (
        <>
          <span>{address.name}</span>
          <span>{address.line1}</span>
          {address.line2 && <span>{address.line2}</span>}
          <span>{[address.city, address.region, address.postal_code].filter(Boolean).join(', ')}</span>
          <span>{address.country}</span>
          {address.phone && <span dir="ltr">{address.phone}</span>}
        </>
      )}
    </address>
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
