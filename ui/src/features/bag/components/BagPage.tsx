import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { bagAtom, bagStaleAtom, bagSummaryAtom, isEmptyBag, type BagLine, type BagSummary } from '@/lib/bag'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { useBag } from '@/lib/useBag'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import formStyles from '@/components/Form.module.css'
import { messages, type BagKey } from '../messages'
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

  // Spec 4.1: prices and stock may have changed since the bag was stored; ask again.
  useEffect(() => {
    if (!isEmptyBag(store.get(bagAtom))) void refresh()
  }, [store, refresh])

  const unavailable = lists.unavailableCart.length + lists.unavailableLater.length > 0
  const bagEmpty = lists.products.length === 0 && lists.unavailableCart.length === 0

  return (
    <div className="page">
      <h1>{t('bag')}</h1>
      {stale && (
        <p role="status" className={styles.notice}>
          {t('stale')}
        </p>
      )}
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

        {lists.products.length > 0 && summary && <Totals summary={summary} />}
      </div>
    </div>
  )
}

/** Spec 4.1's order summary, every figure as the last quote gave it. */
function Totals({ summary }: { summary: BagSummary }) {
  const t = useT(messages)
  const { totals } = summary
  const rows: [BagKey, number][] = [
    ['subtotal', totals.subtotal],
    ['giftOptions', totals.gift_options],
    ['personalizationFees', totals.personalization_fees],
    ...(totals.discount > 0 ? [['discount', -totals.discount] as [BagKey, number]] : []),
    ['tax', totals.tax],
  ]
  const remaining = summary.free_shipping_remaining
  return (
    <section aria-labelledby="bag-summary" className={styles.summary}>
      <h2 id="bag-summary">{t('summary')}</h2>
      {/* Announced when an edit changes the figures. */}
      <div aria-live="polite">
        <dl className={styles.totals}>
          {rows.map(([key, amount]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd dir="ltr">{formatPrice(amount)}</dd>
            </div>
          ))}
          <div className={styles.grandTotal}>
            <dt>{t('total')}</dt>
            <dd dir="ltr">{formatPrice(totals.total)}</dd>
          </div>
        </dl>
        {!summary.digital_only && (
          <p className={styles.shipping}>
            {remaining !== undefined && remaining > 0 ? <Away amount={remaining} /> : t('shipsFree')}
          </p>
        )}
      </div>
      <Link to="/checkout" className={`${formStyles.primary} ${styles.checkout}`}>
        {t('checkout')}
      </Link>
    </section>
  )
}

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
