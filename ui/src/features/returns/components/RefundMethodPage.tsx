import { useSetAtom } from 'jotai'
import { useId, useState, type SubmitEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import formStyles from '@/components/Form.module.css'
import choiceStyles from '@/components/order/ReturnChoice.module.css'
import { useT } from '@/lib/i18n'
import type { RefundMethod, ReturnOptions } from '@/lib/returns'
import { changeChoices, returnFlowAtom, type ReturnFlow } from '../flow'
import { messages } from '../messages'
import { FlowGate, OrderNumber, ReturnScreen, STEP_PATH, WithOptions } from './FlowParts'
import styles from './Returns.module.css'

/**
 * `/choose-a-refund-method`, step 2: the refund back to the card the order was paid with
 * (only when it was; what gift cards paid comes back as store credit), or all of it as
 * store credit, a gift card by e-mail.
 */
export function RefundMethodPage() {
  const t = useT(messages)
  return (
    <ReturnScreen title={t('refundTitle')} step="refund">
      <FlowGate step="refund">
        {(flow) => (
          <>
            <OrderNumber number={flow.order} />
            <WithOptions flow={flow}>{(options) => <RefundForm flow={flow} options={options} />}</WithOptions>
          </>
        )}
      </FlowGate>
    </ReturnScreen>
  )
}

function RefundForm({ flow, options }: { flow: ReturnFlow; options: ReturnOptions }) {
  const t = useT(messages)
  const setFlow = useSetAtom(returnFlowAtom)
  const navigate = useNavigate()
  const problemId = useId()
  const [pressed, setPressed] = useState(false)
  const offered: RefundMethod[] = options.card_last4 ? ['original', 'store_credit'] : ['store_credit']
  // A card choice kept from before is no choice when the order has no card.
  const chosen = flow.refundMethod !== null && offered.includes(flow.refundMethod) ? flow.refundMethod : null
  const problem = pressed && chosen === null

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setPressed(true)
    if (chosen === null) {
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus()
      return
    }
    void navigate(STEP_PATH.return)
  }

  const choose = (method: RefundMethod) => {
    setFlow((current) => current && changeChoices(current, { refundMethod: method }))
  }

  return (
    <form noValidate className={styles.form} onSubmit={onSubmit}>
      <fieldset className={choiceStyles.choices} aria-describedby={problem ? problemId : undefined}>
        <legend>{t('refundLegend')}</legend>
        {options.card_last4 && (
          <label className={choiceStyles.choice}>
            <input
              type="radio"
              name="refund_method"
              value="original"
              checked={chosen === 'original'}
              onChange={() => {
                choose('original')
              }}
            />
            <strong>{t('refundOriginal', { last4: options.card_last4 })}</strong>
            <span className={styles.muted}>{t('refundOriginalNote')}</span>
          </label>
        )}
        <label className={choiceStyles.choice}>
          <input
            type="radio"
            name="refund_method"
            value="store_credit"
            checked={chosen === 'store_credit'}
            onChange={() => {
              choose('store_credit')
            }}
          />
          <strong>{t('refundCredit')}</strong>
          <span className={styles.muted}>{t('refundCreditNote')}</span>
        </label>
        {problem && (
          <p id={problemId} className={styles.problem}>
            {t('chooseRefund')}
          </p>
        )}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={formStyles.primary}>
          {t('continue')}
        </button>
        <Link to={STEP_PATH.items}>{t('back')}</Link>
      </div>
    </form>
  )
}

export { RefundMethodPage as Component }
