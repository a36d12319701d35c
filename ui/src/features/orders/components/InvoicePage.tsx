import { useAtomValue } from 'jotai'
import { useLayoutEffect } from 'react'
import { Link, useParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { Loading } from '@/components/Loading'
import { AddressLine, AddressLines } from '@/components/order/AddressLines'
import { LineDetails } from '@/components/order/LineDetails'
import { formatInstant, OrderTotals, useLineTitle } from '@/components/order/OrderParts'
import { useCountries } from '@/lib/countries'
import { formatPrice } from '@/lib/format'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { readableOrderNumber, type Order } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { ADDRESS } from '@/lib/storeAddress'
import { storeInfoAtom } from '@/lib/storeInfo'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import styles from './Invoice.module.css'
import { OrderProblem } from './OrderProblem'
import { useOrder, withToken } from './useOrder'

/**
 * `/view-invoice/:order_id` (InvoiceViewer): the order's invoice on a page of its own,
 * without the header and footer (spec 2.4), with a Print button; printed, only the
 * invoice shows, black on white.
 */
export function InvoicePage() {
  const t = useT(messages)
  useDocumentTitle(t('invoice'))
  useDocumentLanguage()
  const number = readableOrderNumber(useParams().order_id ?? '')
  const order = useOrder(number)

  return (
    <main id="main" className={styles.invoice}>
      {order.state === 'loading' && <Loading />}
      {order.state === 'failed' && (
        <>
          <h1>{t('invoice')}</h1>
          <OrderProblem error={order.error} number={number} retry={order.reload} />
        </>
      )}
      {order.state === 'done' && <Invoice order={order.data} token={order.token} />}
    </main>
  )
}

function Invoice({ order, token }: { order: Order; token: string | undefined }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const store = useAtomValue(storeInfoAtom)
  const title = useLineTitle()
  const countries = useCountries()
  const { delivery } = order
  const shipTo = delivery.address
  const storeName = store ? (language === 'heb' ? store.heb_name : store.name) : ADDRESS.lines[language][0]
  const billName = shipTo?.name ?? delivery.contact_name

  return (
    <>
      <div className={styles.top}>
        <address className={styles.store}>
          <strong>{storeName}</strong>
          {ADDRESS.lines[language].slice(1).map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span dir="ltr">{ADDRESS.phone}</span>
        </address>
        <div>
          <h1>{t('invoice')}</h1>
          <dl className={styles.facts}>
            <dt>{t('invoiceNumber')}</dt>
            <dd dir="ltr">{readableOrderNumber(order.number)}</dd>
            <dt>{t('date')}</dt>
            <dd>
              <time dateTime={order.placed_at}>{formatInstant(order.placed_at, language)}</time>
            </dd>
          </dl>
        </div>
      </div>

      <div className={styles.parties}>
        <section aria-labelledby="invoice-bill-to">
          <h2 id="invoice-bill-to">{t('billTo')}</h2>
          <p className={styles.party}>
            {billName && <AddressLine>{billName}</AddressLine>}
            <AddressLine>{order.email}</AddressLine>
          </p>
        </section>
        <section aria-labelledby="invoice-ship-to">
          <h2 id="invoice-ship-to">{t('shipTo')}</h2>
          {delivery.type === 'ship' && shipTo ? (
            <address className={styles.party}>
              <AddressLines address={shipTo} countries={countries} />
            </address>
          ) : (
            <p className={styles.party}>
              {delivery.type === 'pickup' ? t('pickupAt') : t('deliveredTo')}
              {delivery.contact_name && <AddressLine>{delivery.contact_name}</AddressLine>}
            </p>
          )}
        </section>
      </div>

      <table className={styles.table}>
        <caption className="visually-hidden">{t('items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col" className={styles.number}>
              {t('quantity')}
            </th>
            <th scope="col" className={styles.number}>
              {t('unitPrice')}
            </th>
            <th scope="col" className={styles.number}>
              {t('amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => {
            const name = title(line)
            return (
              <tr key={`${line.type}:${line.id}:${index}`}>
                <td>
                  <span {...name.attributes}>{name.text}</span> <span dir="ltr">({line.sku})</span>
                  <LineDetails line={line} labels={line.labels} />
                </td>
                <td className={styles.number}>{line.quantity}</td>
                <td className={styles.number} dir="ltr">
                  {formatPrice(line.unit_price)}
                </td>
                <td className={styles.number} dir="ltr">
                  {formatPrice(line.merchandise)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>

      <div className={styles.totals}>
        <OrderTotals order={order} />
      </div>

      {order.gift_receipt_code && <GiftReceipt order={order} code={order.gift_receipt_code} storeName={storeName} />}

      <div className={styles.actions}>
        <button
          type="button"
          className={formStyles.primary}
          onClick={() => {
            window.print()
          }}
        >
          {t('print')}
        </button>
        <Link to={withToken(`/thank-you/${order.number}`, token)}>{t('backToOrder')}</Link>
      </div>
    </>
  )
}

/**
 * The gift receipt of an order with gift options: a block of its own after the invoice,
 * printed on a page of its own to go in the parcel. The order number and its code, the
 * items and how many, and how to return the gift, but no price anywhere.
 */
function GiftReceipt({ order, code, storeName }: { order: Order; code: string; storeName: string | undefined }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const title = useLineTitle()
  const url = `${window.location.origin}/gift-return`
  // The address is a left-to-right island in the sentence, wherever the language puts it.
  const [before = '', after = ''] = messages[language].giftReceiptHow.split('{url}')
  return (
    <section aria-labelledby="gift-receipt" className={styles.giftReceipt}>
      <div className={styles.giftTop}>
        <strong className={styles.giftStore}>{storeName}</strong>
        <h2 id="gift-receipt">{t('giftReceipt')}</h2>
      </div>
      <dl className={styles.facts}>
        <dt>{t('orderNumber')}</dt>
        <dd dir="ltr">{readableOrderNumber(order.number)}</dd>
        <dt>{t('giftReceiptCode')}</dt>
        <dd dir="ltr" className={styles.giftCode}>
          {code}
        </dd>
      </dl>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('giftReceiptItems')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col" className={styles.number}>
              {t('quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => {
            const name = title(line)
            return (
              <tr key={`${line.type}:${line.id}:${index}`}>
                <td>
                  <span {...name.attributes}>{name.text}</span>
                  <LineDetails line={{ options: line.options, gift_options: false, personalization: {} }} labels={[]} />
                </td>
                <td className={styles.number}>{line.quantity}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className={styles.giftHow}>
        {before}
        <bdi dir="ltr">{url}</bdi>
        {after}
      </p>
    </section>
  )
}

/** Outside the layout, the invoice sets `<html lang dir>` itself (Hebrew is right to left). */
function useDocumentLanguage() {
  const { lang, dir } = useInterfaceLanguage()
  useLayoutEffect(() => {
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  }, [lang, dir])
}

export { InvoicePage as Component }
