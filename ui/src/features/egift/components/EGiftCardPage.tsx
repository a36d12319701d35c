import { useAtomValue } from 'jotai'
import { useId, useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import formStyles from '@/components/Form.module.css'
import {
  focusFirstProblem,
  FormAlert,
  FormField,
  SubmitButton,
  TextField,
  useFieldChecks,
} from '@/components/FormField'
import { Loading } from '@/components/Loading'
import group from '@/components/OptionGroup.module.css'
import type { Schema } from '@/lib/api/client'
import { looksLikeEmail } from '@/lib/checkout'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useAction } from '@/lib/useAction'
import { useBag } from '@/lib/useBag'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getGiftCard, getGiftCardDesigns } from '../api'
import { messages } from '../messages'
import styles from './EGift.module.css'

/** The longest message a gift card carries. */
export const MESSAGE_MAX = 300

/** A calendar date `YYYY-MM-DD` of the shopper's own day. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Today and a year from today, as the date input's bounds. */
export function sendOnBounds(now = new Date()): { min: string; max: string } {
  const later = new Date(now)
  later.setFullYear(now.getFullYear() + 1)
  return { min: localDate(now), max: localDate(later) }
}

type Field = 'design' | 'amount' | 'recipient_name' | 'recipient_email' | 'message' | 'send_on'

/** What the shopper says of the card: the line's personalization. */
type Personalization = Record<'recipient_name' | 'recipient_email' | 'message' | 'send_on', string>

/**
 * `/e-gift-card` (eGift): a design (the catalogue's gift card products), an amount (its
 * variations), who it is for, a message and the day to send it; Add to Bag adds it as a
 * personalised line with a random item key, then opens the bag.
 */
export function EGiftCardPage() {
  const t = useT(messages)
  useDocumentTitle(t('title'))
  const designs = useLoad('designs', (signal) => getGiftCardDesigns(signal))

  return (
    <div className={`page ${styles.screen}`}>
      <Breadcrumbs trail={[]} current={t('title')} />
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {designs.state === 'loading' && <Loading />}
      {designs.state === 'failed' && (
        <div role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className={formStyles.secondary} onClick={designs.reload}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {designs.state === 'done' &&
        (designs.data.length === 0 ? <p>{t('noDesigns')}</p> : <GiftCardForm designs={designs.data} />)}
    </div>
  )
}

function GiftCardForm({ designs }: { designs: Schema<'ProductCard'>[] }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const navigate = useNavigate()
  const bag = useBag()
  const { busy, run } = useAction()
  const [designId, setDesignId] = useState(designs[0]?.id)
  const [variationId, setVariationId] = useState<number>()
  const [values, setValues] = useState<Personalization>(() => ({
    recipient_name: '',
    recipient_email: '',
    message: '',
    send_on: sendOnBounds().min,
  }))
  const [alert, setAlert] = useState<string>()
  const bounds = sendOnBounds()
  const designLegend = useId()
  const amountLegend = useId()
  const design = useLoad(String(designId ?? ''), (signal) =>
    designId === undefined ? Promise.resolve(undefined) : getGiftCard(designId, signal),
  )
  const variations = design.state === 'done' ? (design.data?.variation_infos ?? []) : []
  const chosen = variations.find((v) => v.id === variationId) ?? variations[0]

  // Every field's problem as the form stands (shown once left, or at Add to Bag).
  const personalization: Personalization = {
    recipient_name: values.recipient_name.trim(),
    recipient_email: values.recipient_email.trim(),
    message: values.message.trim(),
    send_on: values.send_on.trim(),
  }
  const found: Partial<Record<Field, string>> = {}
  if (!chosen) found.amount = t('chooseAmount')
  if (!personalization.recipient_name) found.recipient_name = t('required')
  if (!personalization.recipient_email) found.recipient_email = t('required')
  else if (!looksLikeEmail(personalization.recipient_email)) found.recipient_email = t('badEmail')
  if (personalization.message.length > MESSAGE_MAX) found.message = t('tooLong', { n: MESSAGE_MAX })
  const { send_on } = personalization
  if (!/^\d{4}-\d{2}-\d{2}$/.test(send_on) || send_on < bounds.min || send_on > bounds.max) {
    found.send_on = t('badDate')
  }
  const checks = useFieldChecks(found)
  const problems = checks.shown
  const change = (name: keyof Personalization) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((now) => ({ ...now, [name]: value }))
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    checks.showAll(Object.keys(found) as Field[])
    setAlert(undefined)
    if (focusFirstProblem(event.currentTarget, found) || !chosen) return
    void run(async () => {
      const added = await bag.add({
        id: chosen.id,
        type: 'variation',
        quantity: 1,
        item_key: crypto.randomUUID(),
        gift_options: false,
        personalization,
      })
      if (added) await navigate('/bag')
      else setAlert(t('addFailed'))
    })
  }

  return (
    <form noValidate aria-label={t('title')} className={formStyles.form} onSubmit={onSubmit} onBlur={checks.onBlur}>
      <FormAlert message={alert} />
      <fieldset className={group.group} aria-labelledby={designLegend}>
        <legend id={designLegend} className={group.legend}>
          {t('design')}
        </legend>
        <div className={styles.designs}>
          {designs.map((card) => {
            const title = localize(language, hebrewApplies(language, card), card.title, card.heb_title)
            return (
              <label key={card.id} className={styles.design}>
                {card.image && <img src={card.image} alt="" width={144} height={144} loading="lazy" />}
                <span>
                  <input
                    type="radio"
                    name="design"
                    value={card.id}
                    checked={designId === card.id}
                    onChange={() => {
                      setDesignId(card.id)
                      setVariationId(undefined)
                    }}
                  />{' '}
                  <span {...title.attributes}>{title.text}</span>
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>

      <fieldset
        className={group.group}
        aria-labelledby={amountLegend}
        aria-describedby={problems.amount ? `${amountLegend}-problem` : undefined}
      >
        <legend id={amountLegend} className={group.legend}>
          {t('amount')}
        </legend>
        {design.state === 'loading' && <Loading />}
        <div className={styles.amounts}>
          {variations.map((variation) => (
            <label key={variation.id} className={styles.amount}>
              <input
                type="radio"
                name="amount"
                value={variation.id}
                checked={chosen?.id === variation.id}
                onChange={() => {
                  setVariationId(variation.id)
                }}
              />
              <span dir="ltr">{formatPrice(variation.price)}</span>
            </label>
          ))}
        </div>
        {problems.amount && (
          <p id={`${amountLegend}-problem`} className={formStyles.problem}>
            {problems.amount}
          </p>
        )}
      </fieldset>

      <TextField
        label={t('recipientName')}
        name="recipient_name"
        autoComplete="off"
        maxLength={100}
        required
        dir="auto"
        value={values.recipient_name}
        problem={problems.recipient_name}
        onChange={change('recipient_name')}
      />
      <TextField
        label={t('recipientEmail')}
        name="recipient_email"
        type="email"
        autoComplete="off"
        dir="ltr"
        required
        value={values.recipient_email}
        problem={problems.recipient_email}
        onChange={change('recipient_email')}
      />
      <FormField
        label={t('message')}
        hint={t('messageHint', { n: MESSAGE_MAX, left: Math.max(0, MESSAGE_MAX - values.message.length) })}
        problem={problems.message}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            className={`${formStyles.input} ${styles.textarea}`}
            maxLength={MESSAGE_MAX}
            dir="auto"
            value={values.message}
            onChange={change('message')}
          />
        )}
      </FormField>
      <TextField
        label={t('sendOn')}
        name="send_on"
        type="date"
        value={values.send_on}
        onChange={change('send_on')}
        min={bounds.min}
        max={bounds.max}
        hint={t('sendOnHint')}
        required
        problem={problems.send_on}
      />
      <SubmitButton busy={busy} label={t('addToBag')} busyLabel={t('adding')} />
    </form>
  )
}

export { EGiftCardPage as Component }
