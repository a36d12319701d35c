import { useAtomValue } from 'jotai'
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react'
import { Link } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { focusFirstProblem, SubmitButton, TextField, useFieldChecks } from '@/components/FormField'
import { formatInstant } from '@/components/order/OrderParts'
import { useLineRefusal } from '@/components/order/OrderReturns'
import choiceStyles from '@/components/order/ReturnChoice.module.css'
import {
  ChoosableReturnLine,
  ReturnLineFields,
  ReturnLineList,
  ReturnLineNote,
  ReturnLinesBack,
  UnavailableReturnLine,
  type LineChoice,
} from '@/components/order/ReturnLine'
import { isRefusal } from '@/lib/api/errors'
import { problemText, sentence } from '@/lib/api/problem'
import { looksLikeEmail } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { languageAtom, type Language } from '@/lib/preferences'
import {
  giftLabelPath,
  newReturnKey,
  NOTE_MAX,
  returnableNow,
  useNotReturnableText,
  type GiftReturn,
  type ReturnableLine,
  type ReturnMethod,
  type ReturnReason,
} from '@/lib/returns'
import { ADDRESS } from '@/lib/storeAddress'
import { useAction } from '@/lib/useAction'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { lookUpGift, requestGiftReturn, type GiftReceipt, type GiftReturnOptions, type GiftReturnRequest } from '../api'
import { messages } from '../messages'
import styles from './GiftReturn.module.css'

/**
 * `/gift-return` (GiftReturn): a gift's recipient returns it for store credit, in three
 * steps on one page: the gift receipt (the order number and its code), the items with
 * how they go back and where the credit is mailed, and the confirmation. No prices
 * anywhere, nothing of the buyer. The steps live in this page's state only (a reload
 * starts again), and each step's heading takes focus as it opens.
 */
export function GiftReturnPage() {
  const t = useT(messages)
  useDocumentTitle(t('pageTitle'))
  const [step, setStep] = useState<Step>({ name: 'lookUp', arrival: true })

  return (
    <div className={`page ${styles.screen}`}>
      {step.name === 'lookUp' && (
        <LookUpStep
          arrival={step.arrival === true}
          onFound={(receipt, options) => {
            setStep({ name: 'items', receipt, options })
          }}
        />
      )}
      {step.name === 'items' && (
        <ItemsStep
          receipt={step.receipt}
          options={step.options}
          onDone={(ret) => {
            setStep({ name: 'done', receipt: step.receipt, ret })
          }}
          onBack={() => {
            setStep({ name: 'lookUp' })
          }}
        />
      )}
      {step.name === 'done' && <DoneStep receipt={step.receipt} ret={step.ret} />}
    </div>
  )
}

type Step =
  /** `arrival`: the page has just opened (not come back to the first step). */
  | { name: 'lookUp'; arrival?: boolean }
  | { name: 'items'; receipt: GiftReceipt; options: GiftReturnOptions }
  | { name: 'done'; receipt: GiftReceipt; ret: GiftReturn }

/**
 * A step's heading: it takes focus when the step opens, so each step starts at its name.
 * On `arrival` at the page, a frame later: after the layout has focused the main region.
 */
function StepHeading({ arrival = false, children }: { arrival?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!arrival) {
      heading.current?.focus()
      return
    }
    const frame = requestAnimationFrame(() => heading.current?.focus())
    return () => {
      cancelAnimationFrame(frame)
    }
  }, [arrival])
  return (
    <h1 ref={heading} tabIndex={-1} className={styles.heading}>
      {children}
    </h1>
  )
}

/** The server's refusal at the form: announced, and focused so the keyboard starts from it. */
function FocusedAlert({ message }: { message: string | undefined }) {
  const alert = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message) alert.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <p ref={alert} tabIndex={-1} role="alert" className={`${formStyles.alert} ${styles.alert}`}>
      {message}
    </p>
  )
}

/** `{name}` placeholders of `template` filled with nodes (an e-mail, a link), in the sentence's own order. */
function fill(template: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    return name !== undefined && name in nodes ? <span key={index}>{nodes[name]}</span> : part
  })
}

/**
 * What to tell the recipient about a failed call: the server's words, in the language
 * asked for. A 400 naming an order line (`lines[2]: ...`, its position in the order)
 * puts the line's title in its place.
 */
function useGiftProblem() {
  const language = useAtomValue(languageAtom)
  const lineRefusal = useLineRefusal()
  return (error: unknown, lines: readonly ReturnableLine[] = []): string =>
    lineRefusal(error, lines)?.text ?? problemText(error, language)
}

// (a) The gift receipt.

type ReceiptField = keyof GiftReceipt

function LookUpStep({
  arrival,
  onFound,
}: {
  arrival: boolean
  onFound: (receipt: GiftReceipt, options: GiftReturnOptions) => void
}) {
  const t = useT(messages)
  const problem = useGiftProblem()
  const { busy, run } = useAction()
  const [values, setValues] = useState<GiftReceipt>({ order_number: '', code: '' })
  const [alert, setAlert] = useState<string>()
  // Both as printed, however typed: case, spaces and dashes do not matter.
  const receipt: GiftReceipt = {
    order_number: readableOrderNumber(values.order_number),
    code: readableOrderNumber(values.code),
  }
  const found: Partial<Record<ReceiptField, string>> = {}
  if (!receipt.order_number) found.order_number = t('required')
  if (!receipt.code) found.code = t('required')
  const checks = useFieldChecks(found)
  const change = (name: ReceiptField) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((now) => ({ ...now, [name]: value }))
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    checks.showAll(Object.keys(found) as ReceiptField[])
    setAlert(undefined)
    if (focusFirstProblem(event.currentTarget, found)) return
    void run(async () => {
      try {
        onFound(receipt, await lookUpGift(receipt))
      } catch (error) {
        setAlert(problem(error))
      }
    })
  }

  return (
    <>
      <StepHeading arrival={arrival}>{t('lookUpHeading')}</StepHeading>
      <div className={styles.intro}>
        <p>{t('intro')}</p>
        <p>{t('creditNote')}</p>
        <p>{t('privacyNote')}</p>
      </div>
      <form
        noValidate
        aria-label={t('receiptForm')}
        className={`${formStyles.form} ${styles.lookUp}`}
        onSubmit={onSubmit}
        onBlur={checks.onBlur}
      >
        <FocusedAlert message={alert} />
        <TextField
          label={t('orderNumber')}
          hint={t('orderNumberHint')}
          name="order_number"
          value={values.order_number}
          onChange={change('order_number')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          dir="ltr"
          required
          problem={checks.shown.order_number}
        />
        <TextField
          label={t('code')}
          hint={t('codeHint')}
          name="code"
          value={values.code}
          onChange={change('code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          dir="ltr"
          required
          problem={checks.shown.code}
        />
        <div>
          <SubmitButton busy={busy} label={t('findGift')} busyLabel={t('finding')} />
        </div>
      </form>
    </>
  )
}

// (b) The items, how they go back, and where the credit goes.

type Choice = LineChoice

function ItemsStep({
  receipt,
  options,
  onDone,
  onBack,
}: {
  receipt: GiftReceipt
  options: GiftReturnOptions
  onDone: (ret: GiftReturn) => void
  onBack: () => void
}) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const open = options.closed === undefined
  const returnable = open ? options.lines.filter(returnableNow) : []
  // Why nothing can come back now, as the server words it in the shopper's language.
  const closedText = options.closed === undefined ? undefined : sentence(options.closed)

  return (
    <>
      <StepHeading>{t('itemsHeading')}</StepHeading>
      <p className={styles.flush}>
        {t('fromOrder')}{' '}
        <strong className={styles.number} dir="ltr">
          {readableOrderNumber(options.order_number)}
        </strong>
      </p>
      {closedText !== undefined || returnable.length === 0 ? (
        <>
          <p className={`${formStyles.status} ${styles.flush}`}>{closedText ?? t('nothingToReturn')}</p>
          <ReturnLineList label={t('items')}>
            {options.lines.map((line) => (
              <li key={line.position}>
                <UnavailableLine line={line} closed={!open} />
              </li>
            ))}
          </ReturnLineList>
          <div className={styles.actions}>
            <button type="button" className={formStyles.secondary} onClick={onBack}>
              {t('otherGift')}
            </button>
          </div>
        </>
      ) : (
        <>
          {options.window_closes_at && (
            <p className={`${styles.flush} ${styles.muted}`}>
              {t('returnUntil', { date: formatInstant(options.window_closes_at, language) })}
            </p>
          )}
          <ItemsForm receipt={receipt} options={options} returnable={returnable} onDone={onDone} onBack={onBack} />
        </>
      )}
    </>
  )
}

function ItemsForm({
  receipt,
  options,
  returnable,
  onDone,
  onBack,
}: {
  receipt: GiftReceipt
  options: GiftReturnOptions
  returnable: readonly ReturnableLine[]
  onDone: (ret: GiftReturn) => void
  onBack: () => void
}) {
  const t = useT(messages)
  const problem = useGiftProblem()
  const { busy, run } = useAction()
  const [choices, setChoices] = useState<ReadonlyMap<number, Choice>>(() => new Map())
  const [method, setMethod] = useState<ReturnMethod>()
  const [email, setEmail] = useState('')
  const [alert, setAlert] = useState<string>()
  // One key per attempt, kept while the server has not settled it (a lost answer, a
  // busy server), so a retry answers the same return; a refusal ends the attempt.
  const attempt = useRef<string | undefined>(undefined)
  const linesProblemId = useId()
  const methodProblemId = useId()

  const chosen = returnable.flatMap((line) => {
    const choice = choices.get(line.position)
    return choice ? [{ line, choice }] : []
  })
  const typedEmail = email.trim()
  // Every problem as the form stands, in the order of the page (the first is focused).
  const found: Partial<Record<string, string>> = {}
  if (chosen.length === 0) found.lines = t('chooseItem')
  for (const { line, choice } of chosen) {
    if (choice.reason === '') found[`reason-${line.position}`] = t('chooseReasonProblem')
  }
  if (!method) found.return_method = t('chooseMethod')
  if (!typedEmail) found.email = t('required')
  else if (!looksLikeEmail(typedEmail)) found.email = t('emailProblem')
  const checks = useFieldChecks(found)
  const shown = checks.shown

  const choose = (position: number, choice: Choice | undefined) => {
    setChoices((now) => {
      const next = new Map(now)
      if (choice) next.set(position, choice)
      else next.delete(position)
      return next
    })
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    checks.showAll(Object.keys(found))
    setAlert(undefined)
    const first = Object.keys(found)[0]
    if (first !== undefined) {
      const name = first === 'lines' ? `return-${String(returnable[0]?.position)}` : first
      form.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
      return
    }
    if (!method) return
    attempt.current ??= newReturnKey('gift-return')
    const body: GiftReturnRequest = {
      order_number: receipt.order_number,
      code: receipt.code,
      email: typedEmail,
      return_method: method,
      idempotency_key: attempt.current,
      lines: chosen.map(({ line, choice }) => {
        const note = choice.note.trim()
        return {
          position: line.position,
          quantity: choice.quantity,
          reason: choice.reason as ReturnReason,
          ...(note ? { note } : {}),
        }
      }),
    }
    void run(async () => {
      try {
        onDone(await requestGiftReturn(body))
      } catch (error) {
        if (isRefusal(error)) attempt.current = undefined
        setAlert(problem(error, options.lines))
      }
    })
  }

  return (
    <form noValidate aria-label={t('itemsHeading')} className={styles.form} onSubmit={onSubmit} onBlur={checks.onBlur}>
      <FocusedAlert message={alert} />
      {shown.lines && (
        <p id={linesProblemId} role="alert" className={`${formStyles.alert} ${styles.alert}`}>
          {shown.lines}
        </p>
      )}
      <ReturnLineList label={t('items')}>
        {options.lines.map((line) => (
          <li key={line.position}>
            {returnableNow(line) ? (
              <ChoosableLine
                line={line}
                choice={choices.get(line.position)}
                reasonProblem={shown[`reason-${line.position}`]}
                describedBy={shown.lines ? linesProblemId : undefined}
                onChange={(choice) => {
                  choose(line.position, choice)
                }}
              />
            ) : (
              <UnavailableLine line={line} closed={false} />
            )}
          </li>
        ))}
      </ReturnLineList>

      <MethodChoice method={method} problem={shown.return_method} problemId={methodProblemId} onChange={setMethod} />

      <TextField
        label={t('email')}
        hint={t('emailHint')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        maxLength={254}
        required
        value={email}
        problem={shown.email}
        onChange={(event) => {
          setEmail(event.target.value)
        }}
      />

      <div className={styles.actions}>
        <SubmitButton busy={busy} label={t('submit')} busyLabel={t('sending')} />
        <button type="button" className={formStyles.secondary} onClick={onBack}>
          {t('otherGift')}
        </button>
      </div>
    </form>
  )
}

function ChoosableLine({
  line,
  choice,
  reasonProblem,
  describedBy,
  onChange,
}: {
  line: ReturnableLine
  choice: Choice | undefined
  reasonProblem: string | undefined
  describedBy: string | undefined
  onChange: (choice: Choice | undefined) => void
}) {
  const t = useT(messages)
  return (
    <ChoosableReturnLine
      line={line}
      lead={{ key: 'received', node: t('received', { n: line.quantity }) }}
      named="title"
      notes={line.faults_only && <ReturnLineNote>{t('faultsOnly')}</ReturnLineNote>}
      checkboxLabel={t('returnThis')}
      checked={choice !== undefined}
      describedBy={describedBy}
      onCheck={(checked) => {
        onChange(checked ? { quantity: 1, reason: '', note: '' } : undefined)
      }}
    >
      {choice && (
        <ReturnLineFields
          line={line}
          choice={choice}
          labels={{
            quantity: t('quantity'),
            reason: t('reason'),
            chooseReason: t('chooseReason'),
            note: t('note'),
            noteHint: t('noteHint', { left: NOTE_MAX - choice.note.length }),
          }}
          reasonProblem={reasonProblem}
          noteDir="auto"
          onChange={(change) => {
            onChange({ ...choice, ...change })
          }}
        />
      )}
    </ChoosableReturnLine>
  )
}

/** A line that cannot be chosen: greyed, with why (while the gift is `closed`, nothing is left of any line). */
function UnavailableLine({ line, closed }: { line: ReturnableLine; closed: boolean }) {
  const t = useT(messages)
  const notReturnable = useNotReturnableText()
  const reason = line.not_returnable
    ? notReturnable(line.not_returnable)
    : !closed && line.left === 0
      ? t('alreadyReturned')
      : undefined
  return (
    <UnavailableReturnLine
      line={line}
      lead={{ key: 'received', node: t('received', { n: line.quantity }) }}
      why={reason}
    />
  )
}

/** Drop off at the store (its address in the interface's language) or a prepaid label printed at home. */
function MethodChoice({
  method,
  problem,
  problemId,
  onChange,
}: {
  method: ReturnMethod | undefined
  problem: string | undefined
  problemId: string
  onChange: (method: ReturnMethod) => void
}) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const legendId = useId()
  const choices: { value: ReturnMethod; label: string; note: ReactNode }[] = [
    {
      value: 'drop_off',
      label: t('dropOff'),
      note: (
        <>
          <span>{t('dropOffNote')}</span>
          <StoreAddress language={language} />
        </>
      ),
    },
    { value: 'label', label: t('label'), note: <span>{t('labelNote')}</span> },
  ]
  return (
    <fieldset className={choiceStyles.choices} aria-describedby={problem ? problemId : undefined}>
      <legend id={legendId}>{t('methodLegend')}</legend>
      {choices.map((choice) => {
        const id = `${legendId}-${choice.value}`
        return (
          // The whole card picks its method; the radio is named by its title alone, its note describes it.
          <label key={choice.value} className={choiceStyles.choice}>
            <input
              type="radio"
              name="return_method"
              value={choice.value}
              checked={method === choice.value}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-note`}
              onChange={() => {
                onChange(choice.value)
              }}
            />
            <span id={`${id}-label`} className={styles.choiceLabel}>
              {choice.label}
            </span>
            <span id={`${id}-note`} className={styles.choiceNote}>
              {choice.note}
            </span>
          </label>
        )
      })}
      {problem && (
        <p id={problemId} className={formStyles.problem}>
          {problem}
        </p>
      )}
    </fieldset>
  )
}

function StoreAddress({ language }: { language: Language }) {
  return (
    <span className={styles.address}>
      {ADDRESS.lines[language].map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  )
}

// (c) The confirmation.

function DoneStep({ receipt, ret }: { receipt: GiftReceipt; ret: GiftReturn }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const itemsId = useId()
  const nextId = useId()
  const creditId = useId()
  return (
    <>
      <StepHeading>{t('doneHeading')}</StepHeading>
      <p className={styles.flush}>
        {t('returnNumberIs')}:{' '}
        <strong className={styles.number} dir="ltr">
          {ret.number}
        </strong>
      </p>

      <section aria-labelledby={itemsId} className={styles.section}>
        <h2 id={itemsId}>{t('returning')}</h2>
        <ReturnLinesBack lines={ret.lines} />
      </section>

      <section aria-labelledby={nextId} className={styles.section}>
        <h2 id={nextId}>{t('nextSteps')}</h2>
        {ret.return_method === 'drop_off' ? (
          <>
            <p className={styles.flush}>{t('dropOffNext')}</p>
            <address className={styles.address}>
              {ADDRESS.lines[language].map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </>
        ) : (
          <>
            <p className={styles.flush}>{t('labelNext')}</p>
            <p className={styles.flush}>
              <Link className={formStyles.primary} to={giftLabelPath(ret.number, receipt.code)}>
                {t('printLabel')}
              </Link>
            </p>
          </>
        )}
      </section>

      <section aria-labelledby={creditId} className={styles.section}>
        <h2 id={creditId}>{t('yourCredit')}</h2>
        <p className={styles.flush}>
          {fill(messages[language].creditWhen, {
            email: (
              <bdi dir="ltr" className={styles.email}>
                {ret.email}
              </bdi>
            ),
          })}
        </p>
        <p className={`${styles.flush} ${styles.muted}`}>{t('mailed')}</p>
      </section>
    </>
  )
}

export { GiftReturnPage as Component }
