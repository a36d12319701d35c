import { useEffect, useRef, useState, type SubmitEvent } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { confirmRegistration, register } from '../api'
import { messages } from '../messages'
import { useFinishSignIn } from '../useFinishSignIn'
import { useSubmit } from '../useSubmit'
import {
  codeProblem,
  emailProblem,
  NAME_MAX,
  nameProblem,
  PASSWORD_MAX,
  passwordProblem,
  problems,
} from '../validation'
import { focusFirstProblem, FormAlert, SubmitButton, useFieldChecks } from '@/components/FormField'
import { Field } from './AccountForm'
import formStyles from '@/components/Form.module.css'
import styles from './Accounts.module.css'

interface Details {
  name: string
  email: string
  password: string
}

/**
 * `/register`, in two steps on one screen: the details (POST /api/register mails a
 * six-digit code), then the code (POST /api/register/confirm creates the account and
 * signs it in).
 */
export function RegisterPage() {
  const t = useT(messages)
  useDocumentTitle(t('registerTitle'))
  const state: unknown = useLocation().state
  // The thank-you page offers an account under the order's e-mail (`?email=`).
  const [search] = useSearchParams()
  const [details, setDetails] = useState<Details>({ name: '', email: search.get('email') ?? '', password: '' })
  // The address the code went to; set, the screen asks for the code.
  const [sentTo, setSentTo] = useState<string>()

  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('registerTitle')}</h1>
      {sentTo === undefined ? (
        <DetailsStep details={details} onDetails={setDetails} onSent={setSentTo} />
      ) : (
        <CodeStep
          email={sentTo}
          onBack={() => {
            setSentTo(undefined)
          }}
        />
      )}
      <p>
        {t('haveAccount')}{' '}
        <Link to="/login" state={state}>
          {t('loginLink')}
        </Link>
      </p>
    </div>
  )
}

interface DetailsStepProps {
  details: Details
  onDetails: (details: Details) => void
  onSent: (email: string) => void
}

function DetailsStep({ details, onDetails, onSent }: DetailsStepProps) {
  const t = useT(messages)
  const { busy, error, submit } = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  // Each field's problem as typed now: shown once the field is left, or at the button.
  const now = problems({
    name: nameProblem(details.name.trim()),
    email: emailProblem(details.email.trim()),
    password: passwordProblem(details.password),
  })
  const checks = useFieldChecks(now)
  const found = checks.shown

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const sent = { ...details, name: details.name.trim(), email: details.email.trim() }
    onDetails(sent)
    checks.showAll(Object.keys(now) as (keyof Details)[])
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      await register(sent)
      onSent(sent.email)
    })
  }

  const change = (field: keyof Details) => (event: { target: { value: string } }) => {
    onDetails({ ...details, [field]: event.target.value })
  }
  return (
    <>
      <p>{t('registerIntro')}</p>
      <FormAlert message={error} />
      <form ref={form} noValidate className={styles.form} onSubmit={onSubmit} onBlur={checks.onBlur}>
        <Field
          label={t('name')}
          name="name"
          autoComplete="name"
          dir="auto"
          maxLength={NAME_MAX}
          value={details.name}
          problem={found.name}
          onChange={change('name')}
        />
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={details.email}
          problem={found.email}
          onChange={change('email')}
        />
        <Field
          label={t('password')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={t('passwordHint')}
          value={details.password}
          problem={found.password}
          onChange={change('password')}
        />
        <SubmitButton busy={busy} label={t('register')} busyLabel={t('registering')} />
      </form>
    </>
  )
}

function CodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const t = useT(messages)
  const [code, setCode] = useState('')
  const { busy, error, submit } = useSubmit()
  const finish = useFinishSignIn()
  const form = useRef<HTMLFormElement>(null)

  // The step replaces the form the shopper was on: focus goes to the field to fill next.
  useEffect(() => {
    form.current?.querySelector('input')?.focus()
  }, [])

  // Mail programs and phones often show the code as "123 456".
  const digits = code.replace(/\s/g, '')
  const now = problems({ code: codeProblem(digits) })
  const checks = useFieldChecks(now)

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setCode(digits)
    checks.showAll(Object.keys(now) as 'code'[])
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      await finish(await confirmRegistration({ email, code: digits }), 'register')
    })
  }

  return (
    <>
      <p role="status" className={formStyles.status}>
        {t('codeSent', { email })}
      </p>
      <FormAlert message={error} />
      <form ref={form} noValidate className={styles.form} onSubmit={onSubmit} onBlur={checks.onBlur}>
        <Field
          label={t('code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          dir="ltr"
          value={code}
          problem={checks.shown.code}
          onChange={(event) => {
            setCode(event.target.value)
          }}
        />
        <SubmitButton busy={busy} label={t('confirm')} busyLabel={t('confirming')} />
      </form>
      <p>
        <button type="button" className={formStyles.secondary} onClick={onBack}>
          {t('changeDetails')}
        </button>
      </p>
    </>
  )
}

export { RegisterPage as Component }
