import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { SubmitButton } from '@/components/FormField'
import formStyles from '@/components/Form.module.css'
import { ReturnLinesBack, type LineBack } from '@/components/order/ReturnLine'
import choiceStyles from '@/components/order/ReturnChoice.module.css'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { returnConfirmationPath, type ReturnMethod, type ReturnOptions } from '@/lib/returns'
import { ADDRESS } from '@/lib/storeAddress'
import { useAction } from '@/lib/useAction'
import { useLoad } from '@/lib/useLoad'
import { previewReturn, requestReturn, type ReturnRequest } from '../api'
import { changeChoices, madeWith, requestOf, returnFlowAtom, type ReturnFlow } from '../flow'
import { messages } from '../messages'
import {
  Busy,
  FlowGate,
  OrderNumber,
  RefundFigures,
  ReturnScreen,
  STEP_PATH,
  useReturnProblem,
  WithOptions,
} from './FlowParts'
import styles from './Returns.module.css'

/**
 * `/choose-a-return-method`, step 3: dropped off at the store (its address shown) or
 * posted with a prepaid label; below, the summary: what comes back, the refund the
 * server works out for exactly these choices (asked again whenever one changes), and
 * where it goes. "Confirm return" asks for it with the summary's idempotency key, so a
 * retry gets the same return; the confirmation page follows and the flow is done.
 */
export function ReturnMethodPage() {
  const t = useT(messages)
  return (
    <ReturnScreen title={t('returnTitle')} step="return">
      <FlowGate step="return">
        {(flow) => (
          <>
            <OrderNumber number={flow.order} />
            <WithOptions flow={flow}>{(options) => <ReturnForm flow={flow} options={options} />}</WithOptions>
          </>
        )}
      </FlowGate>
    </ReturnScreen>
  )
}

/** The chosen lines with what the options say of them (title, picture, choices). */
function linesBack(flow: ReturnFlow, options: ReturnOptions): LineBack[] {
  return flow.lines.flatMap((chosen) => {
    const line = options.lines.find((entry) => entry.position === chosen.position)
    if (!line || chosen.reason === '') return []
    return [
      {
        position: chosen.position,
        title: line.title,
        heb_title: line.heb_title,
        image: line.image,
        options: line.options,
        quantity: chosen.quantity,
        reason: chosen.reason,
        note: chosen.note,
      },
    ]
  })
}

function ReturnForm({ flow, options }: { flow: ReturnFlow; options: ReturnOptions }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const setFlow = useSetAtom(returnFlowAtom)
  const navigate = useNavigate()
  const returnProblem = useReturnProblem()
  const { busy, run } = useAction()
  const problemId = useId()
  const summaryId = useId()
  const [pressed, setPressed] = useState(false)
  const [alert, setAlert] = useState<string>()
  const alertRef = useRef<HTMLParagraphElement>(null)
  // Once the return is made, a click that lands before the confirmation shows asks nothing more.
  const made = useRef(false)
  const lines = linesBack(flow, options)
  const request = requestOf(flow)
  const missing = pressed && flow.returnMethod === null

  // The refusal is said at the top of the form, and focus goes to it.
  useEffect(() => {
    if (alert) alertRef.current?.focus()
  }, [alert])

  const choose = (method: ReturnMethod) => {
    setAlert(undefined)
    setFlow((current) => current && changeChoices(current, { returnMethod: method }))
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (made.current) return
    setPressed(true)
    if (!request) {
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus()
      return
    }
    const { order, token, key } = flow
    void run(async () => {
      setAlert(undefined)
      try {
        const answer = await requestReturn(order, token, { ...request, idempotency_key: key })
        made.current = true
        // The confirmation page ends the flow made with this key (cleared under this step,
        // the flow's gate would send the shopper to the start before the page changed).
        await navigate(returnConfirmationPath(answer.number, token), { state: madeWith(key) })
      } catch (error) {
        setAlert(returnProblem(error, lines))
      }
    })
  }

  return (
    <form noValidate className={styles.form} onSubmit={onSubmit}>
      {alert && (
        <p ref={alertRef} tabIndex={-1} role="alert" className={formStyles.alert}>
          {alert}
        </p>
      )}
      <fieldset className={choiceStyles.choices} aria-describedby={missing ? problemId : undefined}>
        <legend>{t('returnLegend')}</legend>
        <label className={choiceStyles.choice}>
          <input
            type="radio"
            name="return_method"
            value="drop_off"
            checked={flow.returnMethod === 'drop_off'}
            onChange={() => {
              choose('drop_off')
            }}
          />
          <strong>{t('dropOff')}</strong>
          <span className={styles.muted}>{t('dropOffNote')}</span>
          <span className={`${styles.address} ${styles.muted}`}>
            {ADDRESS.lines[language].map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        </label>
        <label className={choiceStyles.choice}>
          <input
            type="radio"
            name="return_method"
            value="label"
            checked={flow.returnMethod === 'label'}
            onChange={() => {
              choose('label')
            }}
          />
          <strong>{t('label')}</strong>
          <span className={styles.muted}>{t('labelNote')}</span>
        </label>
        {missing && (
          <p id={problemId} className={styles.problem}>
            {t('chooseReturn')}
          </p>
        )}
      </fieldset>

      <section aria-labelledby={summaryId} className={styles.section}>
        <h2 id={summaryId}>{t('summary')}</h2>
        <ReturnLinesBack lines={lines} label={t('comingBack')} priced />
        <p className={styles.flush}>
          <Link to={STEP_PATH.items}>{t('changeItems')}</Link>
        </p>
        <p className={styles.flush}>
          {t('refundTo')}:{' '}
          <strong>
            {flow.refundMethod === 'original' && options.card_last4
              ? t('toCard', { last4: options.card_last4 })
              : t('toCredit')}
          </strong>{' '}
          <Link to={STEP_PATH.refund}>{t('changeRefund')}</Link>
        </p>
        {request ? (
          <Preview flow={flow} request={request} lines={lines} cardLast4={options.card_last4} />
        ) : (
          <p className={`${styles.flush} ${styles.muted}`}>{t('chooseReturnFirst')}</p>
        )}
      </section>

      <div className={styles.actions}>
        <SubmitButton busy={busy} label={t('confirm')} busyLabel={t('confirming')} />
        <Link to={STEP_PATH.refund}>{t('back')}</Link>
      </div>
    </form>
  )
}

/** The refund the server works out for exactly `request`, asked again whenever it changes. */
function Preview({
  flow,
  request,
  lines,
  cardLast4,
}: {
  flow: ReturnFlow
  request: ReturnRequest
  lines: readonly LineBack[]
  cardLast4: string | undefined
}) {
  const t = useT(messages)
  const returnProblem = useReturnProblem()
  const { order, token } = flow
  const preview = useLoad(`preview:${order}:${token ?? ''}:${JSON.stringify(request)}`, (signal) =>
    previewReturn(order, token, request, signal),
  )
  if (preview.state === 'loading') return <Busy text={t('working')} />
  if (preview.state === 'failed') {
    return (
      <div role="alert">
        <p className={styles.problem}>{returnProblem(preview.error, lines)}</p>
        <button type="button" className={formStyles.secondary} onClick={preview.reload}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  return <RefundFigures refund={preview.data} cardLast4={cardLast4} label={t('yourRefund')} />
}

export { ReturnMethodPage as Component }
