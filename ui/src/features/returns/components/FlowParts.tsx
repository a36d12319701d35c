import { useAtomValue } from 'jotai'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, Navigate } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { useClosedText, useLineRefusal } from '@/components/order/OrderReturns'
import type { LineBack } from '@/components/order/ReturnLine'
import { ApiError } from '@/lib/api/errors'
import { problemText } from '@/lib/api/problem'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import type { Refund, ReturnOptions } from '@/lib/returns'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getReturnOptions } from '../api'
import { reachedStep, returnFlowAtom, type ReturnFlow } from '../flow'
import { messages, type ReturnsKey } from '../messages'
import styles from './Returns.module.css'

// What the return pages share: the screen with its heading (focused on arrival) and step
// indicator, the gate that sends a shopper without a return under way back to the
// start, the order's return options, and how lines and refunds are shown.

export type Step = 'items' | 'refund' | 'return'

const STEPS: readonly { step: Step; label: ReturnsKey; path: string }[] = [
  { step: 'items', label: 'stepItems', path: '/select-items-to-return' },
  { step: 'refund', label: 'stepRefund', path: '/choose-a-refund-method' },
  { step: 'return', label: 'stepReturn', path: '/choose-a-return-method' },
]

/** The path of each step. */
export const STEP_PATH: Record<Step, string> = {
  items: '/select-items-to-return',
  refund: '/choose-a-refund-method',
  return: '/choose-a-return-method',
}

/** What `/return` is told by a step entered without a return under way. */
export const NO_FLOW_NOTICE = { returnNotice: 'noFlow' } as const

/**
 * A return page: its title (the `<h1>` and the tab's), the step indicator on the steps,
 * and its content. The heading takes focus when the page opens (after the layout has
 * focused the main region), so each step starts at its name; unless the shopper is
 * already in one of its controls.
 */
export function ReturnScreen({ title, step, children }: { title: string; step?: Step; children: ReactNode }) {
  useDocumentTitle(title)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      // Never taken from a control the shopper has already moved to.
      const active = document.activeElement
      if (active === null || active === document.body || active.id === 'main') heading.current?.focus()
    })
    return () => {
      cancelAnimationFrame(frame)
    }
  }, [])
  return (
    <div className={`page ${styles.screen}`}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {title}
      </h1>
      {step && <Steps current={step} />}
      {children}
    </div>
  )
}

/** The three steps in order, the current one marked; the steps done link back to themselves. */
function Steps({ current }: { current: Step }) {
  const t = useT(messages)
  const at = STEPS.findIndex((entry) => entry.step === current)
  return (
    <ol className={styles.steps} aria-label={t('steps')}>
      {STEPS.map((entry, index) => (
        <li key={entry.step} aria-current={index === at ? 'step' : undefined}>
          {index < at ? <Link to={entry.path}>{t(entry.label)}</Link> : <span>{t(entry.label)}</span>}
        </li>
      ))}
    </ol>
  )
}

/**
 * The return under way, for a step that needs what the steps before it chose: without
 * one (a bookmark, another tab) the shopper goes to `/return`, told so; with a step
 * before still open, to that step.
 */
export function FlowGate({ step, children }: { step: Step; children: (flow: ReturnFlow) => ReactNode }) {
  const flow = useAtomValue(returnFlowAtom)
  if (!flow) return <Navigate to="/return" replace state={NO_FLOW_NOTICE} />
  const reached = reachedStep(flow)
  const order: Step[] = ['items', 'refund', 'return']
  if (order.indexOf(step) > order.indexOf(reached)) return <Navigate to={STEP_PATH[reached]} replace />
  return children(flow)
}

/** A polite "Loading…" in the shopper's language. */
export function Busy({ text }: { text?: string }) {
  const t = useT(messages)
  return (
    <p role="status" className={styles.muted}>
      {text ?? t('loading')}
    </p>
  )
}

/** The order's return options, asked with the flow's token (a guest's) or the session. */
export function useReturnOptions(flow: Pick<ReturnFlow, 'order' | 'token'>) {
  return useLoad(`return-options:${flow.order}:${flow.token ?? ''}`, (signal) =>
    getReturnOptions(flow.order, flow.token, signal),
  )
}

/** The order's options once in; a failure to load them said, with a way on. */
export function WithOptions({
  flow,
  children,
}: {
  flow: Pick<ReturnFlow, 'order' | 'token'>
  children: (options: ReturnOptions) => ReactNode
}) {
  const t = useT(messages)
  const options = useReturnOptions(flow)
  if (options.state === 'loading') return <Busy />
  if (options.state === 'failed') {
    if (options.error instanceof ApiError && options.error.status === 404) {
      return (
        <div role="alert">
          <p>{t('orderNotFound')}</p>
          <Link to="/return">{t('backToStart')}</Link>
        </div>
      )
    }
    return (
      <div role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className={formStyles.secondary} onClick={options.reload}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  if (options.data.closed !== undefined) return <Closed options={options.data} />
  return children(options.data)
}

/** Nothing of the order can come back now: why, and the way back. */
function Closed({ options }: { options: ReturnOptions }) {
  const t = useT(messages)
  const closedText = useClosedText()
  return (
    <div className={styles.form}>
      <p className={formStyles.status}>{closedText(options)}</p>
      <p className={styles.flush}>
        <Link to="/return">{t('backToStart')}</Link>
      </p>
    </div>
  )
}

/** "Order 7KQ4-M2XD-9PRT", the number read left to right in either language. */
export function OrderNumber({ number }: { number: string }) {
  const t = useT(messages)
  return (
    <p className={styles.flush}>
      {t('orderWord')}{' '}
      <bdi dir="ltr" className={styles.number}>
        {number}
      </bdi>
    </p>
  )
}

/**
 * The refund's figures: the items, the shipping given back (when any), the label's cost
 * taken off (when any, with why), the total, and where it goes: to the card (its last
 * four digits when known) and as store credit.
 */
export function RefundFigures({
  refund,
  cardLast4,
  label,
}: {
  refund: Refund
  cardLast4?: string | undefined
  /** The figures' name, where no heading names them already. */
  label?: string
}) {
  const t = useT(messages)
  const rows: { key: string; term: string; amount: string; className?: string }[] = [
    { key: 'items', term: t('itemsAmount'), amount: formatPrice(refund.items) },
  ]
  if (refund.shipping > 0)
    rows.push({ key: 'shipping', term: t('shippingAmount'), amount: formatPrice(refund.shipping) })
  if (refund.label_fee > 0) {
    rows.push({ key: 'label', term: t('labelFeeAmount'), amount: `−${formatPrice(refund.label_fee)}` })
  }
  rows.push({ key: 'total', term: t('totalAmount'), amount: formatPrice(refund.total), className: styles.total })
  if (refund.to_card > 0) {
    rows.push({
      key: 'card',
      term: cardLast4 ? t('toCard', { last4: cardLast4 }) : t('toYourCard'),
      amount: formatPrice(refund.to_card),
    })
  }
  if (refund.to_store_credit > 0) {
    rows.push({ key: 'credit', term: t('toCredit'), amount: formatPrice(refund.to_store_credit) })
  }
  return (
    <>
      <dl className={styles.figures} aria-label={label}>
        {rows.map((row) => (
          <div key={row.key} className={row.className}>
            <dt>{row.term}</dt>
            <dd dir="ltr">{row.amount}</dd>
          </div>
        ))}
      </dl>
      {refund.label_fee > 0 && <p className={`${styles.note} ${styles.muted}`}>{t('labelFeeWhy')}</p>}
    </>
  )
}

/**
 * What to tell the shopper about a refused preview or request. A 400 names the order
 * line by its position (`lines[2]: only 1 of this item can still be returned`): the
 * line's title is put in its place.
 */
export function useReturnProblem() {
  const language = useAtomValue(languageAtom)
  const lineRefusal = useLineRefusal()
  return (error: unknown, lines: readonly Pick<LineBack, 'position' | 'title' | 'heb_title'>[]): string => {
    const refusal = lineRefusal(error, lines)
    if (refusal && (refusal.field === 'lines' || /^lines\[\d+\]$/.test(refusal.field))) return refusal.text
    return problemText(error, language)
  }
}
