import { useAtomValue, useSetAtom } from 'jotai'
import { useState, type SubmitEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { FormAlert } from '@/components/FormField'
import { formatInstant } from '@/components/order/OrderParts'
import {
  ChoosableReturnLine,
  ReturnLineFields,
  ReturnLineList,
  ReturnLineNote,
  UnavailableReturnLine,
} from '@/components/order/ReturnLine'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { reasonsOf, returnableNow, useNotReturnableText, type ReturnableLine, type ReturnOptions } from '@/lib/returns'
import { changeChoices, returnFlowAtom, type ChosenLine, type ReturnFlow } from '../flow'
import { messages, type ReturnsKey } from '../messages'
import { FlowGate, OrderNumber, ReturnScreen, STEP_PATH, WithOptions } from './FlowParts'
import styles from './Returns.module.css'

/**
 * `/select-items-to-return`, step 1: each line of the order, to send back or not. A line
 * that can come back has a checkbox, and once chosen its quantity (1 to what is left),
 * its reason (a personalized line only the store's faults) and a note. A line that never
 * can is greyed with why; one already all back says so. The choices are kept as they are
 * made (a reload keeps them); Continue checks that something is chosen, each with a reason.
 */
export function SelectItemsPage() {
  const t = useT(messages)
  return (
    <ReturnScreen title={t('selectTitle')} step="items">
      <FlowGate step="items">
        {(flow) => (
          <>
            <OrderNumber number={flow.order} />
            <WithOptions flow={flow}>{(options) => <ItemsForm flow={flow} options={options} />}</WithOptions>
          </>
        )}
      </FlowGate>
    </ReturnScreen>
  )
}

/** The chosen lines that still fit the options: only lines that may come back, at most what is left of each. */
function fitting(lines: readonly ChosenLine[], options: ReturnOptions): ChosenLine[] {
  return lines.flatMap((chosen) => {
    const line = options.lines.find((entry) => entry.position === chosen.position)
    if (!line || !returnableNow(line)) return []
    const reason = chosen.reason !== '' && reasonsOf(line).includes(chosen.reason) ? chosen.reason : ''
    return [{ ...chosen, quantity: Math.min(Math.max(1, chosen.quantity), line.left), reason }]
  })
}

type Problems = Partial<Record<string, ReturnsKey>>

function problemsOf(lines: readonly ChosenLine[]): Problems {
  if (lines.length === 0) return { none: 'chooseItem' }
  const problems: Problems = {}
  for (const line of lines) if (line.reason === '') problems[`reason-${line.position}`] = 'chooseReasonProblem'
  return problems
}

function ItemsForm({ flow, options }: { flow: ReturnFlow; options: ReturnOptions }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const setFlow = useSetAtom(returnFlowAtom)
  const navigate = useNavigate()
  const [pressed, setPressed] = useState(false)
  const chosen = fitting(flow.lines, options)
  const problems = pressed ? problemsOf(chosen) : {}

  const change = (position: number, line: ChosenLine | null) => {
    setFlow((current) => {
      if (!current) return current
      const others = current.lines.filter((entry) => entry.position !== position)
      const lines = line ? [...others, line].sort((a, b) => a.position - b.position) : others
      return changeChoices(current, { lines })
    })
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setPressed(true)
    const found = problemsOf(chosen)
    const first = Object.keys(found)[0]
    if (first !== undefined) {
      const target = first === 'none' ? 'input[type="checkbox"]' : `[name="${first}"]`
      form.querySelector<HTMLElement>(target)?.focus()
      return
    }
    // What is sent on is what the options allow now (a line since returned in another tab is dropped).
    setFlow((current) =>
      current && JSON.stringify(current.lines) !== JSON.stringify(chosen)
        ? changeChoices(current, { lines: chosen })
        : current,
    )
    void navigate(STEP_PATH.refund)
  }

  return (
    <form noValidate className={styles.form} onSubmit={onSubmit}>
      {options.window_closes_at && (
        <p className={`${styles.flush} ${styles.muted}`}>
          {t('returnUntil', { date: formatInstant(options.window_closes_at, language) })}
        </p>
      )}
      <FormAlert message={problems.none && t(problems.none)} />
      <ReturnLineList label={t('orderItems')}>
        {options.lines.map((line) => (
          <li key={line.position}>
            {returnableNow(line) ? (
              <ChoosableLine
                line={line}
                labelFee={options.label_fee}
                chosen={chosen.find((entry) => entry.position === line.position)}
                problem={problems[`reason-${line.position}`]}
                onChange={(next) => {
                  change(line.position, next)
                }}
              />
            ) : (
              <UnavailableLine line={line} />
            )}
          </li>
        ))}
      </ReturnLineList>
      <div className={styles.actions}>
        <button type="submit" className={formStyles.primary}>
          {t('continue')}
        </button>
        <Link to="/return">{t('back')}</Link>
      </div>
    </form>
  )
}

function ChoosableLine({
  line,
  labelFee,
  chosen,
  problem,
  onChange,
}: {
  line: ReturnableLine
  labelFee: number
  chosen: ChosenLine | undefined
  problem: ReturnsKey | undefined
  onChange: (line: ChosenLine | null) => void
}) {
  const t = useT(messages)
  return (
    <ChoosableReturnLine
      line={line}
      lead={{ key: 'ordered', node: t('ordered', { n: line.quantity }) }}
      named="legend"
      notes={
        <>
          {line.faults_only && <ReturnLineNote>{t('faultsOnly')}</ReturnLineNote>}
          {line.label_fee && <ReturnLineNote>{t('labelFeeLine', { fee: formatPrice(labelFee) })}</ReturnLineNote>}
          {line.taken > 0 && <ReturnLineNote muted>{t('someReturned', { n: line.taken })}</ReturnLineNote>}
        </>
      }
      checkboxLabel={t('returnThis')}
      checked={chosen !== undefined}
      onCheck={(checked) => {
        onChange(checked ? { position: line.position, quantity: 1, reason: '', note: '' } : null)
      }}
    >
      {chosen && (
        <ReturnLineFields
          line={line}
          choice={chosen}
          labels={{
            quantity: t('quantity'),
            reason: t('reason'),
            chooseReason: t('chooseReason'),
            note: t('note'),
            noteHint: t('noteHint'),
          }}
          reasonProblem={problem && t(problem)}
          onChange={(change) => {
            onChange({ ...chosen, ...change })
          }}
        />
      )}
    </ChoosableReturnLine>
  )
}

/** A line that cannot be chosen: greyed, with why. */
function UnavailableLine({ line }: { line: ReturnableLine }) {
  const t = useT(messages)
  const notReturnable = useNotReturnableText()
  const why = line.not_returnable
    ? notReturnable(line.not_returnable)
    : line.taken > 0
      ? t('alreadyReturned')
      : undefined
  return (
    <UnavailableReturnLine line={line} lead={{ key: 'ordered', node: t('ordered', { n: line.quantity }) }} why={why} />
  )
}

export { SelectItemsPage as Component }
