import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { LineDetails } from '@/components/order/LineDetails'
import { ApiError } from '@/lib/api/errors'
import { useProblemText } from '@/lib/api/problem'
import type { CheckoutQuote } from '@/lib/checkout'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { messages, type CheckoutKey } from '../messages'
import type { QuoteView } from '../quote'
import styles from './Checkout.module.css'

/** The bag's lines as the quote priced them, each with what it is ordered with. */
export function OrderLines({ quote }: { quote: CheckoutQuote }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (
    <ul className={styles.lines} aria-label={t('items')}>
      {quote.bag.products.map((line) => {
        const title = localize(language, hebrewApplies(language, line), line.title, line.heb_title)
        return (
          <li key={`${line.type}:${line.id}:${line.item_key}`} className={styles.line}>
            {line.image ? (
              <img className={styles.lineImage} src={line.image} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className={styles.lineImage} />
            )}
            <div className={styles.lineText}>
              <span className={styles.lineTitle} {...title.attributes}>
                {title.text}
              </span>
              <LineDetails
                line={line}
                labels={line.meta.personalization}
                lead={[{ key: 'quantity', node: t('quantityIs', { n: line.quantity }) }]}
              />
            </div>
            <span dir="ltr">{formatPrice(line.line_subtotal)}</span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Every figure of the order, as the checkout quote gives it: the lines, subtotal, gift
 * options, personalization, discount, tax, shipping, total, gift cards and what is left
 * to pay. While a new quote is asked for the last one stays, marked as updating.
 */
export function OrderSummary({
  view,
  failed = true,
  children,
}: {
  view: QuoteView
  /** Whether a failure of the quote is the summary's to tell (not a field's). */
  failed?: boolean
  children?: ReactNode
}) {
  const t = useT(messages)
  const problemText = useProblemText()
  const quote = view.quote ?? view.last
  return (
    <section aria-labelledby="checkout-summary" className={styles.summary}>
      <h2 id="checkout-summary">{t('summary')}</h2>
      <div role="status">{view.loading && <p className={styles.muted}>{t('updating')}</p>}</div>
      {view.error !== undefined && failed && (
        <p role="alert" className={styles.problem}>
          {view.error instanceof ApiError && view.error.status === 429 ? problemText(view.error) : t('quoteFailed')}
        </p>
      )}
      {quote ? (
        <div className={view.quote ? undefined : styles.busy} aria-busy={view.loading}>
          <OrderLines quote={quote} />
          {quote.bag.unavailable_cart.length > 0 && <p className={styles.muted}>{t('unavailable')}</p>}
          <Figures quote={quote} />
        </div>
      ) : (
        !view.error && <p className={styles.muted}>{t('loading')}</p>
      )}
      {children}
    </section>
  )
}

function Figures({ quote }: { quote: CheckoutQuote }) {
  const t = useT(messages)
  const { totals } = quote.bag
  const rows: [CheckoutKey, string, string?][] = [['subtotal', formatPrice(totals.subtotal)]]
  if (totals.gift_options > 0) rows.push(['giftOptions', formatPrice(totals.gift_options)])
  if (totals.personalization_fees > 0) rows.push(['personalizationFees', formatPrice(totals.personalization_fees)])
  if (quote.discount) rows.push(['discountLine', `−${formatPrice(quote.discount.amount)}`, quote.discount.code])
  if (quote.location) rows.push(['tax', formatPrice(totals.tax)])
  if (!quote.bag.digital_only) {
    const shipping = quote.shipping
    rows.push([
      'shipping',
      shipping ? (shipping.price === 0 ? t('free') : formatPrice(shipping.price)) : t('shippingLater'),
    ])
  }
  return (
    <dl className={styles.totals}>
      {rows.map(([key, amount, note]) => (
        <div key={key}>
          <dt>
            {t(key)}
            {note && (
              <>
                {' '}
                (<bdi>{note}</bdi>)
              </>
            )}
          </dt>
          <dd dir={/\d/.test(amount) ? 'ltr' : undefined}>{amount}</dd>
        </div>
      ))}
      <div className={styles.grandTotal}>
        <dt>{t('total')}</dt>
        <dd dir="ltr">{formatPrice(totals.total)}</dd>
      </div>
      {quote.gift_cards.length > 0 && (
        <div>
          <dt>{t('giftCardsLine')}</dt>
          <dd dir="ltr">−{formatPrice(quote.gift_card_total)}</dd>
        </div>
      )}
      <div className={styles.due}>
        <dt>{t('amountDue')}</dt>
        <dd dir="ltr">{formatPrice(quote.amount_due)}</dd>
      </div>
    </dl>
  )
}
