import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { useSharedErrorHandler } from '@/lib/sharedError'
import { bagAtom, bagStaleAtom, bagSummaryAtom, isEmptyBag, type BagLine, type BagSummary } from '@/lib/bag'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { useBag } from '@/lib/useBag'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/useMediaQuery'
import formStyles from '@/components/Form.module.css'
import { useBagEstimate, type BagEstimate } from '../estimate'
import { messages } from '../messages'
import styles from './Bag.module.css'
import { BagLineItem, type LineList } from './BagLineItem'

const lineKey = (line: BagLine, index: number, lines: BagLine[]) => {
  // Stable while a line gains or loses its personalization key: the item and its place
  // among the lines of the same item. (A key change would remount the line mid-edit.)
  const same = lines.slice(0, index).filter((other) => other.id === line.id && other.type === line.type).length
  return `${line.type}:${line.id}:${same}`
}

function Lines({ lines, list }: { lines: BagLine[]; list: LineList }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line, index) => (
        <BagLineItem key={lineKey(line, index, lines)} line={line} list={list} />
      ))}
    </ul>
  )
}

export function BagPage() {
  const t = useT(messages)
  useDocumentTitle(t('bag'))
  const store = useStore()
  const lists = useAtomValue(bagAtom)
  const summary = useAtomValue(bagSummaryAtom)
  const stale = useAtomValue(bagStaleAtom)
  const { refresh } = useBag()
  const estimate = useBagEstimate()
  // A phone shows the lines first and the summary far below them: Check out also leads.
  const mobile = useMediaQuery(MOBILE_QUERY)

  // Spec 4.1: prices and stock may have changed since the bag was stored; ask again.
  // Spec 8: a failed load with an answer goes to the shared handler (a server error to
  // /500); with none (offline) the bag stays shown, marked as possibly out of date.
  const handleError = useSharedErrorHandler()
  useEffect(() => {
    if (!isEmptyBag(store.get(bagAtom))) void refresh(handleError)
  }, [store, refresh, handleError])

  const unavailable = lists.unavailableCart.length + lists.unavailableLater.length > 0
  const bagEmpty = lists.products.length === 0 && lists.unavailableCart.length === 0
  const payable = lists.products.length > 0 && summary !== null

  return (
    <div className="page">
      <h1>{t('bag')}</h1>
      {stale && (
        <p role="status" className={styles.notice}>
          {t('stale')}
        </p>
      )}
      {mobile && payable && <CheckoutLink lead />}
      <div className={styles.layout}>
        <div className={styles.lists}>
          <section aria-labelledby="bag-lines" className={styles.section}>
            <h2 id="bag-lines">{t('inBag')}</h2>
            {lists.products.length > 0 ? (
              <Lines lines={lists.products} list="products" />
            ) : (
              <div className={styles.empty}>
                <p>{t('empty')}</p>
                {bagEmpty && <Link to="/">{t('continueShopping')}</Link>}
              </div>
            )}
          </section>

          {unavailable && (
            <section aria-labelledby="bag-unavailable" className={styles.section}>
              <h2 id="bag-unavailable">{t('unavailable')}</h2>
              <p className={styles.muted}>{t('unavailableNote')}</p>
              {lists.unavailableCart.length > 0 && <Lines lines={lists.unavailableCart} list="unavailableCart" />}
              {lists.unavailableLater.length > 0 && <Lines lines={lists.unavailableLater} list="unavailableLater" />}
            </section>
          )}

          {lists.later.length > 0 && (
            <section aria-labelledby="bag-later" className={styles.section}>
              <h2 id="bag-later">{t('later')}</h2>
              <Lines lines={lists.later} list="later" />
            </section>
          )}
        </div>

        {payable && <Totals summary={summary} estimate={estimate} />}
      </div>
    </div>
  )
}

/** Check out: below the summary, and (`lead`) above the lines on a phone. */
function CheckoutLink({ lead = false }: { lead?: boolean }) {
  const t = useT(messages)
  return (
    <Link to="/checkout" className={`${formStyles.primary} ${lead ? styles.checkoutLead : styles.checkout}`}>
      {t('checkout')}
    </Link>
  )
}

/**
 * Spec 4.1's order summary, every figure as the server gave it: with an estimate, the
 * estimate's (tax and shipping for the shopper's ZIP, so checkout holds no surprise);
 * without one, the bag's own, saying plainly that tax and shipping come at checkout
 * rather than showing a tax of $0.00 that was never worked out.
 */
function Totals({ summary, estimate }: { summary: BagSummary; estimate: BagEstimate | null }) {
  const t = useT(messages)
  const totals = estimate ? estimate.answer.bag.totals : summary.totals
  const digitalOnly = estimate ? estimate.answer.bag.digital_only : summary.digital_only
  // Lines for charges the bag does not have ("Gift options $0.00") are left out.
  const rows: [string, string][] = [
    [t('subtotal'), formatPrice(totals.subtotal)],
    ...charge(t('giftOptions'), totals.gift_options),
    ...charge(t('personalizationFees'), totals.personalization_fees),
    ...charge(t('discount'), -totals.discount),
  ]
  if (estimate) {
    if (!digitalOnly) {
      const shipping = totals.shipping === 0 ? t('free') : formatPrice(totals.shipping)
      rows.push([t('estimatedShipping', { zip: estimate.zip }), shipping])
    }
    rows.push([t('estimatedTax', { zip: estimate.zip }), formatPrice(totals.tax)])
  }
  const remaining = summary.free_shipping_remaining
  return (
    <section aria-labelledby="bag-summary" className={styles.summary}>
      <h2 id="bag-summary">{t('summary')}</h2>
      {/* Announced when an edit changes the figures. */}
      <div aria-live="polite" aria-busy={estimate ? !estimate.current : undefined}>
        <dl className={styles.totals}>
          {rows.map(([label, amount]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="ltr">{amount}</dd>
            </div>
          ))}
          <div className={styles.grandTotal}>
            <dt>{estimate ? t('estimatedTotal') : t('total')}</dt>
            <dd dir="ltr">{formatPrice(totals.total)}</dd>
          </div>
        </dl>
        {!estimate && <p className={styles.atCheckout}>{t('taxAtCheckout')}</p>}
        {!digitalOnly && (
          <p className={styles.shipping}>
            {remaining !== undefined && remaining > 0 ? <Away amount={remaining} /> : t('shipsFree')}
          </p>
        )}
      </div>
      <CheckoutLink />
    </section>
  )
}

/** A row for a charge the bag has; none for one it does not. */
const charge = (label: string, amount: number): [string, string][] =>
  amount === 0 ? [] : [[label, formatPrice(amount)]]

/** "$12.00 away from free shipping", the amount isolated so it reads left to right in Hebrew too. */
function Away({ amount }: { amount: number }) {
  const t = useT(messages)
  const [before = '', after = ''] = t('freeShippingAway').split('{amount}')
  return (
    <>
      {before}
      <bdi dir="ltr">{formatPrice(amount)}</bdi>
      {after}
    </>
  )
}

export { BagPage as Component }
