import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { CardFields } from '@/components/CardFields'
import {
  ProcessorCardGroup,
  useProcessorCard,
  useProcessorSettings,
  type ProcessorSettings,
} from '@/components/ProcessorCard'
import { CARD_FIELDS, createCardToken, readCard, type CardField } from '@/lib/cards'
import { useT } from '@/lib/i18n'
import { ApiError } from '@/lib/api/errors'
import { addPayment, type Payment } from '../api'
import { messages } from '../messages'
import { useProblemText } from '@/lib/api/problem'
import { fieldProblem } from '../problems'
import { useAction } from '@/lib/useAction'
import formStyles from '@/components/Form.module.css'
import styles from './Account.module.css'
import { CheckboxField, focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'

interface Props {
  onSaved: (payments: Payment[]) => void
  onCancel: () => void
}

/**
 * Saves a card: a token of it, which `POST /api/customer/payment` saves. The store's own
 * fields make the token, or, with a real processor, its library's card element does.
 */
export function CardForm({ onSaved, onCancel }: Props) {
  const t = useT(messages)
  const processor = useProcessorSettings()
  const headingId = useId()
  const noteId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId}>{t('newCard')}</h2>
      <p id={noteId} className={styles.hint}>
        {t(processor ? 'processorNote' : 'cardNote')}
      </p>
      {processor ? (
        <ProcessorCardForm processor={processor} noteId={noteId} onSaved={onSaved} onCancel={onCancel} />
      ) : (
        <StoreCardForm noteId={noteId} onSaved={onSaved} onCancel={onCancel} />
      )}
    </section>
  )
}

type FormProps = Props & { noteId: string }

/**
 * The store's own fields: `POST /api/card/createToken` turns the card into a token. The
 * number and the code are read from the inputs when sending and are never kept: no state
 * holds them, and the form is emptied once the card is saved (the code also after a failure).
 */
function StoreCardForm({ noteId, onSaved, onCancel }: FormProps) {
  const t = useT(messages)
  const saveProblem = useSaveProblem()
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({})
  const [alert, setAlert] = useState<string>()
  const { busy, run } = useAction()
  const form = useRef<HTMLFormElement>(null)

  // The form replaces a button: focus goes to its first field.
  useEffect(() => {
    form.current?.querySelector('input')?.focus()
  }, [])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const element = event.currentTarget
    const card = readCard(element)
    setAlert(undefined)
    const missing = Object.fromEntries(CARD_FIELDS.filter((f) => card[f] === '').map((f) => [f, t('required')]))
    setProblems(missing)
    if (focusFirstProblem(element, missing)) return
    void run(async () => {
      try {
        const { token } = await createCardToken(card)
        const { payments } = await addPayment(token, makesDefault(element))
        element.reset()
        onSaved(payments)
      } catch (error) {
        const code = element.elements.namedItem('cvc')
        if (code instanceof HTMLInputElement) code.value = ''
        const found = fieldProblem(error, CARD_FIELDS)
        if (found) {
          const problem = { [found.field]: t(`problem_${found.field}`, { reason: found.reason }) }
          setProblems(problem)
          focusFirstProblem(element, problem)
        } else {
          setAlert(saveProblem(error))
        }
      }
    })
  }

  return (
    <>
      <FormAlert message={alert} />
      <form ref={form} noValidate aria-describedby={noteId} className={formStyles.form} onSubmit={onSubmit}>
        <CardFields
          labels={{ cardNumber: t('cardNumber'), expiry: t('expiry'), cvc: t('cvc') }}
          problems={{ ...problems, card: problems.card }}
          pairClassName={styles.pair}
        />
        <SaveControls busy={busy} canSave onCancel={onCancel} />
      </form>
    </>
  )
}

/**
 * The processor's card element: its library makes a PaymentMethod stamped with this
 * browser's holder, whose id is the token saved. A problem with the card or with saving
 * it is told at the card, which takes the focus.
 */
function ProcessorCardForm({ processor, noteId, onSaved, onCancel }: FormProps & { processor: ProcessorSettings }) {
  const card = useProcessorCard(processor)
  const saveProblem = useSaveProblem()
  const { busy, run } = useAction()
  const { focus, tell, createMethod } = card

  // The form replaces a button: focus goes to the card (once its group is drawn).
  useEffect(() => {
    focus()
  }, [focus])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const makeDefault = makesDefault(event.currentTarget)
    void run(async () => {
      const method = await createMethod()
      if (!method) return
      try {
        const { payments } = await addPayment(method.id, makeDefault)
        onSaved(payments)
      } catch (error) {
        tell(saveProblem(error))
      }
    })
  }

  return (
    <form noValidate aria-describedby={noteId} className={formStyles.form} onSubmit={onSubmit}>
      <ProcessorCardGroup card={card} />
      <SaveControls busy={busy} canSave={card.ready} onCancel={onCancel} />
    </form>
  )
}

/** "Use as my default card", and Save (once the card can be taken) and Cancel. */
function SaveControls({ busy, canSave, onCancel }: { busy: boolean; canSave: boolean; onCancel: () => void }) {
  const t = useT(messages)
  return (
    <>
      <CheckboxField label={t('defaultCard')} name="default" />
      <div className={styles.actions}>
        {canSave && <SubmitButton busy={busy} label={t('saveCard')} busyLabel={t('saving')} />}
        <button type="button" className={formStyles.secondary} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </>
  )
}

const makesDefault = (form: HTMLFormElement) => new FormData(form).has('default')

/** What to say when saving failed: the server's words, but ours for a full account (409). */
function useSaveProblem() {
  const t = useT(messages)
  const problemText = useProblemText()
  return (error: unknown) => (error instanceof ApiError && error.status === 409 ? t('cardsFull') : problemText(error))
}
