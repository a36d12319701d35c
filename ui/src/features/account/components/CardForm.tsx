import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { CardFields } from '@/components/CardFields'
import { CARD_FIELDS, createCardToken, readCard, type CardField } from '@/lib/cards'
import { useT } from '@/lib/i18n'
import { addPayment, type Payment } from '../api'
import { messages } from '../messages'
import { useProblemText } from '@/lib/api/problem'
import { fieldProblem } from '../problems'
import { useAction } from '@/lib/useAction'
import formStyles from '@/components/Form.module.css'
import styles from './Account.module.css'
import { CheckboxField, focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'

/**
 * Saves a card: `POST /api/card/createToken` turns it into a token, which
 * `POST /api/customer/payment` saves. The number and the code are read from the
 * inputs when sending and are never kept: no state holds them, and the form is
 * emptied once the card is saved (the code also after a failure).
 */
export function CardForm({ onSaved, onCancel }: { onSaved: (payments: Payment[]) => void; onCancel: () => void }) {
  const t = useT(messages)
  const problemText = useProblemText()
  const [makeDefault, setMakeDefault] = useState(false)
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({})
  const [alert, setAlert] = useState<string>()
  const { busy, run } = useAction()
  const form = useRef<HTMLFormElement>(null)
  const headingId = useId()
  const noteId = useId()

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
        const { payments } = await addPayment(token, makeDefault)
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
          setAlert(problemText(error))
        }
      }
    })
  }

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId}>{t('newCard')}</h2>
      <p id={noteId} className={styles.hint}>
        {t('cardNote')}
      </p>
      <FormAlert message={alert} />
      <form ref={form} noValidate aria-describedby={noteId} className={formStyles.form} onSubmit={onSubmit}>
        <CardFields
          labels={{ cardNumber: t('cardNumber'), expiry: t('expiry'), cvc: t('cvc') }}
          problems={{ ...problems, card: problems.card }}
          pairClassName={styles.pair}
        />
        <CheckboxField
          label={t('defaultCard')}
          name="default"
          checked={makeDefault}
          onChange={(event) => {
            setMakeDefault(event.target.checked)
          }}
        />
        <div className={styles.actions}>
          <SubmitButton busy={busy} label={t('saveCard')} busyLabel={t('saving')} />
          <button type="button" className={formStyles.secondary} onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  )
}
