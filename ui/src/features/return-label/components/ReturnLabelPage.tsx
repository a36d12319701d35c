import { useAtomValue } from 'jotai'
import JsBarcode from 'jsbarcode'
import { useLayoutEffect, useRef } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { Loading } from '@/components/Loading'
import { AddressLine, AddressLines } from '@/components/order/AddressLines'
import { useLineTitle } from '@/components/order/OrderParts'
import { ApiError } from '@/lib/api/errors'
import { useCountries } from '@/lib/countries'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { rememberedOrderToken, type Order } from '@/lib/orders'
import { languageAtom } from '@/lib/preferences'
import { orderOfReturn, returnConfirmationPath, type GiftReturn, type Return } from '@/lib/returns'
import { ADDRESS } from '@/lib/storeAddress'
import { storeInfoAtom } from '@/lib/storeInfo'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getGiftLabelData, getLabelData, type LabelData } from '../api'
import { messages } from '../messages'
import styles from './ReturnLabel.module.css'

/**
 * `/return-label/:return_id` (ReturnLabel): a return's prepaid label, or its drop-off
 * slip, on a page of its own without the store's header and footer (like the invoice),
 * with a Print button; printed, only the label shows, black on white, on one page.
 * Opens with the link's `?token=` (a guest's), else the token this tab kept for the
 * order, else the customer's session. A gift's return opens with `?code=` (its gift
 * receipt's code) and no token: its recipient may not see the order, so the label is
 * sent from a blank box its sender fills in by hand.
 */
export function ReturnLabelPage() {
  const t = useT(messages)
  useDocumentLanguage()
  const number = (useParams().return_id ?? '').trim()
  const [params] = useSearchParams()
  const given = params.get('token')
  const code = given === null ? (params.get('code') ?? '').trim() : ''
  const token = code ? undefined : (given ?? rememberedOrderToken(orderOfReturn(number)))
  const loaded = useLoad<LabelData>(code ? `gift:${number}:${code}` : `${number}:${token ?? ''}`, (signal) =>
    code ? getGiftLabelData(number, code, signal) : getLabelData(number, token, signal),
  )
  const ret = loaded.state === 'done' ? loaded.data.ret : undefined
  useDocumentTitle(t(ret ? titleKey(ret) : 'pageName'))

  return (
    <main id="main" className={styles.page}>
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'failed' && (
        <>
          <h1>{t('pageName')}</h1>
          <LabelProblem error={loaded.error} retry={loaded.reload} />
        </>
      )}
      {loaded.state === 'done' && <ReturnLabel data={loaded.data} token={token} />}
    </main>
  )
}

/** "Prepaid return label" or "Drop-off slip", by how the items come back. */
const titleKey = (ret: Return | GiftReturn) => (ret.return_method === 'label' ? 'labelTitle' : 'dropOffTitle')

function ReturnLabel({ data, token }: { data: LabelData; token: string | undefined }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const store = useAtomValue(storeInfoAtom)
  const title = useLineTitle()
  const { ret } = data
  const storeName = store ? (language === 'heb' ? store.heb_name : store.name) : ADDRESS.lines[language][0]
  const done = ret.status === 'received' || ret.status === 'refunded'
  // A gift's recipient starts again from the gift return page (it has no page of its own).
  const back = data.kind === 'gift' ? '/gift-return' : returnConfirmationPath(ret.number, token)

  return (
    <>
      <article className={styles.label} aria-labelledby="return-label-title">
        <div className={styles.head}>
          <p className={styles.store}>{storeName}</p>
          <h1 id="return-label-title" className={styles.title}>
            {t(titleKey(ret))}
          </h1>
        </div>

        {(done || ret.status === 'rejected') && (
          <p className={styles.notice}>{t(done ? 'alreadyReceived' : 'rejected')}</p>
        )}

        <div className={styles.code}>
          <p className={styles.numberName}>{t('returnNumber')}</p>
          <p className={styles.number} dir="ltr">
            {ret.number}
          </p>
          {/* Bars read left to right in either language. */}
          <div className={styles.barcode} dir="ltr">
            <Barcode value={ret.number} label={t('barcode', { number: ret.number })} />
          </div>
        </div>

        <div className={styles.parties}>
          <section aria-labelledby="return-label-from">
            <h2 id="return-label-from">{t('from')}</h2>
            {data.kind === 'gift' ? <HandwrittenFrom /> : <OrderFrom order={data.order} />}
          </section>
          <section aria-labelledby="return-label-to" className={styles.to}>
            <h2 id="return-label-to">{t('to')}</h2>
            <address className={styles.address}>
              {ADDRESS.lines[language].map((line, index) => (
                <AddressLine key={line}>{index === 0 ? <strong>{line}</strong> : line}</AddressLine>
              ))}
            </address>
          </section>
        </div>

        <section aria-labelledby="return-label-items">
          <h2 id="return-label-items">{t('items')}</h2>
          <ul className={styles.items}>
            {ret.lines.map((line, index) => {
              const name = title(line)
              return (
                <li key={`${line.position}:${index}`}>
                  <span {...name.attributes}>{name.text}</span>{' '}
                  <span className={styles.quantity}>{t('quantity', { n: line.quantity })}</span>
                </li>
              )
            })}
          </ul>
        </section>

        <p className={styles.steps}>{t(ret.return_method === 'label' ? 'labelSteps' : 'dropOffSteps')}</p>
      </article>

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
        <Link to={back}>{t('backToReturn')}</Link>
      </div>
    </>
  )
}

/** Where a return is sent from: the address its order was shipped to, else the order's contact and e-mail. */
function OrderFrom({ order }: { order: Order }) {
  const countries = useCountries()
  const { delivery } = order
  const shippedFrom = delivery.type === 'ship' ? delivery.address : undefined
  return (
    <address className={styles.address}>
      {shippedFrom ? (
        <AddressLines address={shippedFrom} countries={countries} />
      ) : (
        <>
          {delivery.contact_name && (
            <AddressLine>
              <strong>{delivery.contact_name}</strong>
            </AddressLine>
          )}
          <AddressLine ltr>{order.email}</AddressLine>
        </>
      )}
    </address>
  )
}

/** Where a gift's return is sent from, left blank: a box of ruled lines its sender writes their name and address on. */
function HandwrittenFrom() {
  const t = useT(messages)
  return (
    <div className={styles.handwritten}>
      <p className={styles.handwrittenName}>{t('handwrittenFrom')}</p>
      {[0, 1, 2, 3].map((line) => (
        <span key={line} className={styles.writingLine} aria-hidden="true" />
      ))}
    </div>
  )
}

/**
 * The return number as a Code 128 barcode, drawn by JsBarcode into the `<svg>` (React
 * renders no children into it, so the bars are JsBarcode's alone); one image to
 * assistive technology, named by `label`. Black on white, with a quiet zone of ten
 * modules each side, so a scanner reads it on screen and on paper.
 */
function Barcode({ value, label }: { value: string; label: string }) {
  const svg = useRef<SVGSVGElement>(null)
  useLayoutEffect(() => {
    if (!svg.current) return
    JsBarcode(svg.current, value, {
      format: 'CODE128',
      displayValue: false,
      width: 2,
      height: 72,
      margin: 20,
      background: '#ffffff',
      lineColor: '#000000',
    })
  }, [value])
  return <svg ref={svg} role="img" aria-label={label} className={styles.bars} />
}

/** Why the label is not shown: no such return (or not this shopper's), or it failed to load, with a way on. */
function LabelProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT(messages)
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert">
        <p>{t('notFound')}</p>
        <Link to="/return">{t('goToReturns')}</Link>
      </div>
    )
  }
  return (
    <div role="alert">
      <p>{t('failed')}</p>
      <button type="button" className={formStyles.secondary} onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  )
}

/** Outside the layout, the label sets `<html lang dir>` itself (Hebrew is right to left). */
function useDocumentLanguage() {
  const { lang, dir } = useInterfaceLanguage()
  useLayoutEffect(() => {
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  }, [lang, dir])
}

export { ReturnLabelPage as Component }
