import { useId, type ReactNode } from 'react'
import formStyles from '@/components/Form.module.css'
import { CheckboxField, FormField, SelectField } from '@/components/FormField'
import type { Schema } from '@/lib/api/client'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { NOTE_MAX, reasonsOf, useReasonName, type ReturnableLine, type ReturnReason } from '@/lib/returns'
import { LineDetails, type Part } from './LineDetails'
import { messages } from './messages'
import { useLineTitle } from './OrderParts'
import { LineImage } from './OrderReturns'
import styles from './ReturnLine.module.css'

// An order line on a return's pages, shared by the return flow and a gift's return: a
// line to choose (its checkbox, then its quantity, reason and note), a greyed line that
// cannot come back, and the list of what comes back. Each page brings its own words
// (labels, notes, the line's first detail): the two speak to different shoppers.

/** What is chosen of a line: how many, why (none yet: ''), and the shopper's note. */
export interface LineChoice {
  quantity: number
  reason: ReturnReason | ''
  note: string
}

/** The words of a chosen line's fields, in the page's own voice. */
export interface LineFieldLabels {
  quantity: string
  reason: string
  /** The reason select's placeholder. */
  chooseReason: string
  note: string
  noteHint: string
}

/** The list of a return's lines (choosable or not), named by `label`. */
export function ReturnLineList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {children}
    </ul>
  )
}

/** A remark under a line's head (personalized, a label fee, some returned already). */
export function ReturnLineNote({ muted = false, children }: { muted?: boolean; children: ReactNode }) {
  return <p className={muted ? `${styles.note} ${styles.muted}` : styles.note}>{children}</p>
}

/** A line's picture, its title (in Hebrew where it has one) and what it is: `lead` first, then its variation's choices. */
function HeadParts({ line, lead, titleId }: { line: ReturnableLine; lead: Part; titleId?: string | undefined }) {
  const name = useLineTitle()(line)
  return (
    <>
      <LineImage image={line.image} />
      <span className={styles.lineText}>
        <span id={titleId} className={styles.title} {...name.attributes}>
          {name.text}
        </span>
        <LineDetails
          line={{ options: line.options, gift_options: false, personalization: {} }}
          labels={[]}
          lead={[lead]}
        />
      </span>
    </>
  )
}

/**
 * A line that may be chosen: a group with its head, its `notes`, the checkbox and, once
 * checked, `children` (its fields). The group is `named` by a legend of the whole head
 * (picture, title and details) or by the title alone.
 */
export function ChoosableReturnLine({
  line,
  lead,
  named,
  notes,
  checkboxLabel,
  checked,
  describedBy,
  onCheck,
  children,
}: {
  line: ReturnableLine
  lead: Part
  named: 'legend' | 'title'
  notes?: ReactNode
  checkboxLabel: string
  checked: boolean
  describedBy?: string | undefined
  onCheck: (checked: boolean) => void
  children?: ReactNode
}) {
  const titleId = useId()
  return (
    <fieldset className={styles.line} aria-labelledby={named === 'title' ? titleId : undefined}>
      {named === 'legend' ? (
        <legend className={styles.lineHead}>
          <HeadParts line={line} lead={lead} />
        </legend>
      ) : (
        <div className={styles.lineHead}>
          <HeadParts line={line} lead={lead} titleId={titleId} />
        </div>
      )}
      {notes}
      <CheckboxField
        label={checkboxLabel}
        name={`return-${String(line.position)}`}
        checked={checked}
        aria-describedby={describedBy}
        onChange={(event) => {
          onCheck(event.target.checked)
        }}
      />
      {checked && children}
    </fieldset>
  )
}

/**
 * A chosen line's fields: how many (1 to what is left), why (a personalized line only
 * the store's faults) and an optional note of at most NOTE_MAX characters.
 */
export function ReturnLineFields({
  line,
  choice,
  labels,
  reasonProblem,
  noteDir,
  onChange,
}: {
  line: Pick<ReturnableLine, 'position' | 'left' | 'faults_only'>
  choice: LineChoice
  labels: LineFieldLabels
  reasonProblem?: string | undefined
  /** The note's direction, where the page lets it follow what is typed. */
  noteDir?: 'auto'
  onChange: (change: Partial<LineChoice>) => void
}) {
  const reasonName = useReasonName()
  const reasons = reasonsOf(line)
  const position = String(line.position)
  return (
    <div className={styles.fields}>
      <SelectField
        label={labels.quantity}
        name={`quantity-${position}`}
        value={Math.min(choice.quantity, line.left)}
        onChange={(event) => {
          onChange({ quantity: Number(event.target.value) })
        }}
      >
        {Array.from({ length: line.left }, (_, index) => index + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={labels.reason}
        name={`reason-${position}`}
        value={choice.reason}
        required
        problem={reasonProblem}
        onChange={(event) => {
          const picked = reasons.find((reason) => reason === event.target.value)
          onChange({ reason: picked ?? '' })
        }}
      >
        <option value="" disabled>
          {labels.chooseReason}
        </option>
        {reasons.map((reason) => (
          <option key={reason} value={reason}>
            {reasonName(reason)}
          </option>
        ))}
      </SelectField>
      <div className={styles.wide}>
        <FormField label={labels.note} hint={labels.noteHint}>
          {(control) => (
            <textarea
              {...control}
              className={`${formStyles.input} ${styles.textarea}`}
              name={`note-${position}`}
              maxLength={NOTE_MAX}
              rows={3}
              dir={noteDir}
              value={choice.note}
              onChange={(event) => {
                onChange({ note: event.target.value.slice(0, NOTE_MAX) })
              }}
            />
          )}
        </FormField>
      </div>
    </div>
  )
}

/** A line that cannot be chosen: greyed, with `why` (when there is a why). */
export function UnavailableReturnLine({
  line,
  lead,
  why,
}: {
  line: ReturnableLine
  lead: Part
  why: string | undefined
}) {
  return (
    <div className={`${styles.line} ${styles.unavailable}`}>
      <div className={styles.lineHead}>
        <HeadParts line={line} lead={lead} />
      </div>
      {why && <p className={styles.note}>{why}</p>}
    </div>
  )
}

/** One line on its way back, as a summary or a confirmation shows it. */
export interface LineBack {
  position: number
  title: string
  heb_title?: string | undefined
  image?: string | undefined
  options?: readonly Schema<'VariationOption'>[]
  quantity: number
  reason: ReturnReason
  note?: string | undefined
  /** What these units give back, when known. */
  amount?: number
}

/**
 * What comes back: each line with its quantity, reason and note. `priced`: with a
 * column of what each gives back (empty where not known); a gift's return has none.
 */
export function ReturnLinesBack({
  lines,
  label,
  priced = false,
}: {
  lines: readonly LineBack[]
  /** The list's name, where no heading names it already. */
  label?: string
  priced?: boolean
}) {
  const t = useT(messages)
  const title = useLineTitle()
  const reasonName = useReasonName()
  return (
    <ul className={styles.back} aria-label={label}>
      {lines.map((line) => {
        const name = title(line)
        const note = line.note?.trim()
        return (
          <li key={line.position} className={priced ? `${styles.backLine} ${styles.priced}` : styles.backLine}>
            <LineImage image={line.image} />
            <div className={styles.lineText}>
              <span className={styles.title} {...name.attributes}>
                {name.text}
              </span>
              <LineDetails
                line={{ options: line.options ?? [], gift_options: false, personalization: {} }}
                labels={[]}
                lead={[
                  { key: 'quantity', node: t('quantityIs', { n: line.quantity }) },
                  { key: 'reason', node: t('reasonIs', { reason: reasonName(line.reason) }) },
                  ...(note
                    ? [
                        {
                          key: 'note',
                          node: (
                            <>
                              {t('noteIs')}: <bdi>{note}</bdi>
                            </>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </div>
            {priced && (line.amount !== undefined ? <span dir="ltr">{formatPrice(line.amount)}</span> : <span />)}
          </li>
        )
      })}
    </ul>
  )
}
