import { useEffect, useRef, useState, type SubmitEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { forgotPassword } from '../api'
import { messages } from '../messages'
import { useSubmit } from '../useSubmit'
import { emailProblem, problems, type FieldProblem } from '../validation'
import { focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'
import { Field } from './AccountForm'
import formStyles from '@/components/Form.module.css'
import styles from './Accounts.module.css'

/** `/forgot-password`: mails a link to `/password/reset/<token>` if the address has an account. */
export function ForgotPasswordPage() {
  const t = useT(messages)
  useDocumentTitle(t('forgotTitle'))
  const state: unknown = useLocation().state
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<FieldProblem>()
  // The address the link went to, once the server has taken the request.
  const [sentTo, setSentTo] = useState<string>()
  const { busy, error, submit } = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const sent = useRef<HTMLParagraphElement>(null)

  // The note replaces the form, and with it the button that had focus: focus moves to the note.
  useEffect(() => {
    if (sentTo !== undefined) sent.current?.focus()
  }, [sentTo])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    setEmail(address)
    const now = problems({ email: emailProblem(address) })
    setProblem(now.email)
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      await forgotPassword({ email: address })
      setSentTo(address)
    })
  }

  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('forgotTitle')}</h1>
      {sentTo === undefined ? (
        <>
          <p>{t('forgotIntro')}</p>
          <FormAlert message={error} />
          <form ref={form} noValidate className={styles.form} onSubmit={onSubmit}>
            <Field
              label={t('email')}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              problem={problem}
              onChange={(event) => {
                setEmail(event.target.value)
              }}
            />
            <SubmitButton busy={busy} label={t('sendLink')} busyLabel={t('sendingLink')} />
          </form>
        </>
      ) : (
        <p ref={sent} tabIndex={-1} role="status" className={formStyles.status}>
          {t('linkSent', { email: sentTo })}
        </p>
      )}
      <p>
        <Link to="/login" state={state}>
          {t('backToLogin')}
        </Link>
      </p>
    </div>
  )
}

export { ForgotPasswordPage as Component }
