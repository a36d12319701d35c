import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import formStyles from '@/components/Form.module.css'
import { SelectField, TextField } from '@/components/FormField'
import { useLineTitle } from '@/components/order/OrderParts'
import { useT } from '@/lib/i18n'
import { MAX_QUANTITY, type ChangeRequest, type Plan, type Subscription, type SubscriptionLine } from '../api'
import { messages } from '../messages'
import { Busy, ItemRow, useMediumDate, usePlanLine } from './Parts'
import styles from './Subscriptions.module.css'

// The controls of the update page. Each sends one change through the page's `Editor`,
// which shows the server's answer; none sends while another change is under way, and
// all are disabled while a delivery is being charged (the server would refuse them).

export interface Editor {
  /** A change is under way. */
  busy: boolean
  /** A delivery is being charged: changes wait. */
  locked: boolean
  /**
   * Sends `change`; on success the page shows the answer and says `said` of it ("Saved."
   * when not given). `moveFocus`: the control pressed goes away with the change, so
   * focus moves to what was said.
   */
  send: (change: ChangeRequest, said?: (subscription: Subscription) => string, moveFocus?: boolean) => Promise<void>
}

/** The submit button of a change: busy while one is under way, named after what it saves. */
function SaveButton({ editor, what }: { editor: Editor; what: string }) {
  const t = useT(messages)
  return (
    <button
      type="submit"
      className={formStyles.secondary}
      disabled={editor.locked}
      aria-disabled={editor.busy || undefined}
    >
      {t('save')}
      <span className="visually-hidden">: {what}</span>
    </button>
  )
}

/** An item of the subscription, with its quantity to change (1 to 20). */
export function QuantityForm({ line, index, editor }: { line: SubscriptionLine; index: number; editor: Editor }) {
  const t = useT(messages)
  const title = useLineTitle()(line).text
  const id = useId()
  const [value, setValue] = useState(String(line.quantity))
  const [problem, setProblem] = useState(false)
  const what = t('quantityOf', { title })

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const quantity = Number(value)
    const fits = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY
    setProblem(!fits)
    if (fits) void editor.send({ action: 'quantity', line: index, quantity })
  }

  return (
    <ItemRow line={line}>
      <form noValidate className={styles.row} onSubmit={onSubmit}>
        <label htmlFor={id}>
          {t('quantity')}
          <span className="visually-hidden">: {title}</span>
        </label>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          disabled={editor.locked}
          aria-invalid={problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`${formStyles.input} ${styles.quantity}`}
          onChange={(event) => {
            setValue(event.target.value)
          }}
        />
        <SaveButton editor={editor} what={what} />
        {problem && (
          <p id={`${id}-problem`} className={styles.problem}>
            {t('quantityProblem', { max: MAX_QUANTITY })}
          </p>
        )}
      </form>
    </ItemRow>
  )
}

interface Choice {
  value: string
  label: string
}

/**
 * One of the subscription's settings (how often, the address, the card) as a select of
 * `choices` with the current one chosen, and Save. A current value no longer among the
 * choices (an address since removed) shows as `missing` until another is chosen. `said`:
 * what a change saved says ("Saved." unless given).
 */
export function ChoiceForm({
  name,
  label,
  current,
  choices,
  missing,
  request,
  said,
  editor,
}: {
  name: string
  label: string
  current: string
  choices: readonly Choice[]
  missing: string
  request: (value: string) => ChangeRequest
  said?: (subscription: Subscription) => string
  editor: Editor
}) {
  const known = choices.some((choice) => choice.value === current)
  const [value, setValue] = useState(known ? current : '')
  return (
    <form
      noValidate
      className={styles.row}
      onSubmit={(event) => {
        event.preventDefault()
        if (value !== '') void editor.send(request(value), said)
      }}
    >
      <SelectField
        label={label}
        name={name}
        value={value}
        disabled={editor.locked}
        onChange={(event) => {
          setValue(event.target.value)
        }}
      >
        {!known && (
          <option value="" disabled>
            {missing}
          </option>
        )}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <SaveButton editor={editor} what={label} />
    </form>
  )
}

/** The plans of a subscription's group as the page loads them. */
export type GroupPlans =
  { state: 'loading' } | { state: 'failed'; reload: () => void } | { state: 'done'; plans: readonly Plan[] }

/**
 * A subscription bought on a plan: the plan it is on, and the other plans of its group
 * to change to (interval, price and the number of deliveries follow the new plan).
 */
export function PlanForm({ current, group, editor }: { current: number; group: GroupPlans; editor: Editor }) {
  const t = useT(messages)
  const planLine = usePlanLine()
  if (group.state === 'loading') return <Busy />
  if (group.state === 'failed') {
    return (
      <div role="alert" className={styles.row}>
        <p className={styles.flush}>{t('plansFailed')}</p>
        <button type="button" className={formStyles.secondary} onClick={group.reload}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  const plan = group.plans.find((entry) => entry.id === current)
  const others = group.plans.filter((entry) => entry.id !== current)
  return (
    <>
      {plan && <p className={styles.flush}>{t('currentPlan', { plan: planLine(plan, false) })}</p>}
      {others.length === 0 ? (
        <p className={styles.flush}>{t('noOtherPlans')}</p>
      ) : (
        <ChoiceForm
          // Afresh once the plan has changed: the plan chosen is then the current one.
          key={current}
          name="plan"
          label={t('changePlan')}
          current={String(current)}
          choices={others.map((entry) => ({ value: String(entry.id), label: planLine(entry) }))}
          missing={t('chooseAnotherPlan')}
          request={(value) => ({ action: 'plan', plan_id: Number(value) })}
          said={() => t('planSaid')}
          editor={editor}
        />
      )}
    </>
  )
}

/** Today's calendar date in the shopper's time, `days` on, as `YYYY-MM-DD`. */
function localDate(days: number, years = 0): string {
  const now = new Date()
  const date = new Date(now.getFullYear() + years, now.getMonth(), now.getDate() + days)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}

/** Pause, until a date (from tomorrow, within a year: the server's range) or until resumed. */
export function PauseForm({ editor }: { editor: Editor }) {
  const t = useT(messages)
  const date = useMediumDate()
  const [until, setUntil] = useState('')
  const [problem, setProblem] = useState(false)
  const min = localDate(1)
  const max = localDate(0, 1)

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // Dates as YYYY-MM-DD compare as text.
    const fits = until === '' || (until >= min && until <= max)
    setProblem(!fits)
    if (!fits) return
    void editor.send(
      until ? { action: 'pause', until } : { action: 'pause' },
      (answer) => (answer.resume_on ? t('pausedSaid', { date: date(answer.resume_on) }) : t('pausedOpenSaid')),
      true,
    )
  }

  return (
    <form noValidate className={styles.row} onSubmit={onSubmit}>
      <TextField
        type="date"
        name="until"
        label={t('pauseUntil')}
        hint={t('pauseHint')}
        problem={problem ? t('untilProblem') : undefined}
        min={min}
        max={max}
        value={until}
        disabled={editor.locked}
        onChange={(event) => {
          setUntil(event.target.value)
        }}
      />
      <button
        type="submit"
        className={formStyles.secondary}
        disabled={editor.locked}
        aria-disabled={editor.busy || undefined}
      >
        {t('pause')}
      </button>
    </form>
  )
}

/**
 * Cancel, asked first in the page: the question takes focus on its safe answer (keep
 * it); keeping it brings focus back to Cancel.
 */
export function CancelControl({ editor }: { editor: Editor }) {
  const t = useT(messages)
  const [asking, setAsking] = useState(false)
  const questionId = useId()
  const keep = useRef<HTMLButtonElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    if (asking) keep.current?.focus()
    else if (asked.current) cancel.current?.focus()
    asked.current = asking
  }, [asking])

  if (!asking) {
    return (
      <button
        ref={cancel}
        type="button"
        className={formStyles.secondary}
        disabled={editor.locked}
        onClick={() => {
          setAsking(true)
        }}
      >
        {t('cancel')}
      </button>
    )
  }
  return (
    <div role="group" aria-labelledby={questionId} className={styles.confirm}>
      <p id={questionId} className={styles.question}>
        {t('confirmCancel')}
      </p>
      <button
        type="button"
        className={formStyles.danger}
        disabled={editor.locked}
        aria-disabled={editor.busy || undefined}
        onClick={() => {
          void editor.send({ action: 'cancel' }, () => t('cancelledSaid'), true)
        }}
      >
        {t('yesCancel')}
      </button>
      <button
        ref={keep}
        type="button"
        className={formStyles.secondary}
        onClick={() => {
          setAsking(false)
        }}
      >
        {t('keep')}
      </button>
    </div>
  )
}
