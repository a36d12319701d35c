import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import type { Schema } from '@/lib/api/client'
import { formatCalendarDate } from '@/lib/dates'
import { optionWords } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom, type Language } from '@/lib/preferences'
import { messages } from './messages'
import styles from './Order.module.css'

// What exactly a line is: its variation's choices, its gift wrap and what is to be
// personalised, with their labels. The same words from Review to the invoice, so a
// shopper can check an engraving before paying (personalised goods are not returned).

/** A catalogue personalization field's label: the quote's `meta.personalization`, the order line's `labels`. */
export interface FieldLabel {
  key: string
  label: string
  heb_label?: string | null
}

/** What a line was chosen with, as the checkout quote's lines and the order's lines both carry it. */
export interface LineChoices {
  options: readonly Schema<'VariationOption'>[]
  gift_options: boolean
  personalization: Readonly<Record<string, string>>
}

/** An e-gift card's who and when: fixed keys of its personalization, which the catalogue has no labels for. */
export interface Recipient {
  name?: string
  email?: string
  message?: string
  /** `YYYY-MM-DD`. */
  sendOn?: string
}

const E_GIFT_KEYS: readonly string[] = ['recipient_name', 'recipient_email', 'message', 'send_on']

/** One detail of a line, with its React key. */
export interface Part {
  key: string
  node: ReactNode
}

const filled = (personalization: Readonly<Record<string, string>>) =>
  Object.entries(personalization).filter(([, value]) => value.trim() !== '')

/** The e-gift keys of a line's personalization not labelled by the catalogue; undefined when it has none. */
export function recipientOf(line: LineChoices, labels: readonly FieldLabel[]): Recipient | undefined {
  const own = filled(line.personalization).filter(
    ([key]) => E_GIFT_KEYS.includes(key) && !labels.some((field) => field.key === key),
  )
  if (own.length === 0) return undefined
  const value = (key: string) => own.find(([k]) => k === key)?.[1]
  return {
    name: value('recipient_name'),
    email: value('recipient_email'),
    message: value('message'),
    sendOn: value('send_on'),
  }
}

const labelled = (label: string, value: ReactNode) => (
  <>
    <bdi>{label}</bdi>: {value}
  </>
)

/** Who gets the card and when it is sent: "To: Avi <avi@…>", "Sends on Friday, November 27". */
function useRecipientParts() {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  return (recipient: Recipient): Part[] => {
    const parts: Part[] = []
    if (recipient.name || recipient.email) {
      parts.push({
        key: 'to',
        node: labelled(
          t('recipient'),
          <>
            {recipient.name && <bdi>{recipient.name}</bdi>}
            {recipient.name && recipient.email && ' '}
            {recipient.email && <bdi dir="ltr">{recipient.name ? `<${recipient.email}>` : recipient.email}</bdi>}
          </>,
        ),
      })
    }
    if (recipient.sendOn) {
      parts.push({
        key: 'send_on',
        node: t('sendsOn', { date: formatCalendarDate(recipient.sendOn, 'weekday', language) }),
      })
    }
    return parts
  }
}

const fieldLabel = (field: FieldLabel, language: Language) => (language === 'heb' && field.heb_label) || field.label

/**
 * A line's details, each once and only when there: the variation's choices, "Gift
 * wrapped", each personalization with its catalogue label (a value whose field the
 * catalogue no longer has, alone), and an e-gift card's recipient, message and day.
 * `lead` goes first (the quantity, the unit price). Nothing when there is nothing.
 */
export function LineDetails({
  line,
  labels,
  lead = [],
}: {
  line: LineChoices
  labels: readonly FieldLabel[]
  lead?: readonly Part[]
}) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const recipientParts = useRecipientParts()
  const recipient = recipientOf(line, labels)
  const parts: Part[] = [...lead]
  for (const option of line.options) {
    const words = optionWords(language, option)
    parts.push({ key: `option:${option.name}`, node: labelled(words.name, <bdi>{words.value}</bdi>) })
  }
  if (line.gift_options) parts.push({ key: 'gift', node: t('giftWrapped') })
  for (const [key, value] of filled(line.personalization)) {
    const field = labels.find((f) => f.key === key)
    if (field) parts.push({ key: `field:${key}`, node: labelled(fieldLabel(field, language), <bdi>{value}</bdi>) })
    else if (!E_GIFT_KEYS.includes(key)) parts.push({ key: `field:${key}`, node: <bdi>{value}</bdi> })
  }
  if (recipient) {
    parts.push(...recipientParts({ name: recipient.name, email: recipient.email }))
    if (recipient.message) {
      parts.push({ key: 'message', node: labelled(t('giftMessage'), <bdi>{recipient.message}</bdi>) })
    }
    parts.push(...recipientParts({ sendOn: recipient.sendOn }))
  }
  return <PartList parts={parts} />
}

/** An e-gift line's delivery: to whom, and the day it is sent. */
export function RecipientDetails({ recipient }: { recipient: Recipient }) {
  return <PartList parts={useRecipientParts()(recipient)} />
}

/**
 * Parts in a row, wrapping as the width allows. The "·" between them is drawn by the
 * sheet before every part but the first: never after a missing part, nor at the end of
 * a row.
 */
function PartList({ parts }: { parts: readonly Part[] }) {
  if (parts.length === 0) return null
  return (
    <ul className={styles.details}>
      {parts.map((part) => (
        <li key={part.key}>{part.node}</li>
      ))}
    </ul>
  )
}
