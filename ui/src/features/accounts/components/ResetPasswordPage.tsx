import { useRef, useState, type SubmitEvent } from 'react'
import { Link, useParams } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { resetPassword } from '../api'
import { messages } from '../messages'
import { useFinishSignIn } from '../useFinishSignIn'
import { useSubmit } from '../useSubmit'
import { PASSWORD_MAX, passwordProblem, problems, type FieldProblem } from '../validation'
import { focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'
import { Field } from './AccountForm'
import styles from './Accounts.module.css'

/** `/password/reset/:token`, the mailed link: a new password, and the customer is signed in (spec 4.3). */
export function ResetPasswordPage() {
  const t = useT(messages)
  useDocumentTitle(t('resetTitle'))
  const { token = '' } = useParams()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<FieldProblem>()
  const { busy, error, submit } = useSubmit()
  const finish = useFinishSignIn()
  const form = useRef<HTMLFormElement>(null)

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const now = problems({ password: passwordProblem(password) })
    setProblem(now.password)
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      await finish(await resetPassword({ token, password }), 'reset')
    })
  }

  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('resetTitle')}</h1>
      <p>{t('resetIntro')}</p>
      <FormAlert message={error} />
      {/* A used or expired link cannot work again: offer a new one. */}
      {error && (
        <p>
          <Link to="/forgot-password">{t('newLink')}</Link>
        </p>
      )}
      <form ref={form} noValidate className={styles.form} onSubmit={onSubmit}>
        <Field
          label={t('newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={t('passwordHint')}
          value={password}
          problem={problem}
          onChange={(event) => {
            setPassword(event.target.value)
          }}
        />
        <SubmitButton busy={busy} label={t('savePassword')} busyLabel={t('savingPassword')} />
      </form>
    </div>
  )
}

export { ResetPasswordPage as Component }
