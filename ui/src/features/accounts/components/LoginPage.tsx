import { useRef, useState, type SubmitEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { logIn } from '../api'
import { messages } from '../messages'
import { useFinishSignIn } from '../useFinishSignIn'
import { useSubmit } from '../useSubmit'
import { emailProblem, PASSWORD_MAX, passwordProblem, problems, type FieldProblem } from '../validation'
import { focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'
import { Field } from './AccountForm'
import styles from './Accounts.module.css'

type Problems = Partial<Record<'email' | 'password', FieldProblem>>

/** `/login`: e-mail and password; afterwards the shopper goes where they were going. */
export function LoginPage() {
  const t = useT(messages)
  useDocumentTitle(t('loginTitle'))
  // The attempted path (prevUrl) travels on to Register and Forgot password.
  const state: unknown = useLocation().state
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [found, setFound] = useState<Problems>({})
  const { busy, error, submit } = useSubmit()
  const finish = useFinishSignIn()
  const form = useRef<HTMLFormElement>(null)

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    setEmail(address)
    const now = problems({ email: emailProblem(address), password: passwordProblem(password) })
    setFound(now)
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      await finish(await logIn({ email: address, password }), 'login')
    })
  }

  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('loginTitle')}</h1>
      <p>{t('loginIntro')}</p>
      <FormAlert message={error} />
      <form ref={form} noValidate className={styles.form} onSubmit={onSubmit}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          problem={found.email}
          onChange={(event) => {
            setEmail(event.target.value)
          }}
        />
        <Field
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={password}
          problem={found.password}
          onChange={(event) => {
            setPassword(event.target.value)
          }}
        />
        <SubmitButton busy={busy} label={t('logIn')} busyLabel={t('loggingIn')} />
      </form>
      <ul className={styles.links}>
        <li>
          <Link to="/forgot-password" state={state}>
            {t('forgotLink')}
          </Link>
        </li>
        <li>
          {t('noAccount')}{' '}
          <Link to="/register" state={state}>
            {t('registerLink')}
          </Link>
        </li>
      </ul>
    </div>
  )
}

export { LoginPage as Component }
