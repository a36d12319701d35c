import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useRef, useState, type SubmitEvent } from 'react'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { customerAtom, type Customer } from '@/lib/session'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { updateProfile } from '../api'
import { messages } from '../messages'
import { useSubmit } from '../useSubmit'
import { NAME_MAX, nameProblem, problems, type FieldProblem } from '../validation'
import { focusFirstProblem, FormAlert, SubmitButton } from '@/components/FormField'
import { Field } from './AccountForm'
import formStyles from '@/components/Form.module.css'
import styles from './Accounts.module.css'

// Spec 2.1's account children; their paths keep the spec's spellings.
const ACCOUNT_LINKS = [
  { key: 'myOrders', path: '/account/orders' },
  { key: 'myFavorites', path: '/account/favorites' },
  { key: 'buyItAgain', path: '/account/buy-it-again' },
  { key: 'digitalLibrary', path: '/account/digital-libary' },
  { key: 'subscriptions', path: '/account/subscriptions' },
] as const

/** `/account/dashboard`: a greeting, the ways into the account, and the name to change. */
export function DashboardPage() {
  const t = useT(messages)
  useDocumentTitle(t('dashboardTitle'))
  const customer = useAtomValue(customerAtom)
  return (
    <div className={`page ${styles.page} ${styles.wide}`}>
      <h1>{t('dashboardTitle')}</h1>
      {/* The guard let only a customer in; null here means they are signing out this moment. */}
      {customer && (
        <>
          <p className={styles.greeting}>{t('hello', { name: customer.first_name })}</p>
          <p>{t('signedInAs', { email: customer.email })}</p>
          <nav aria-label={t('accountLinks')}>
            <ul className={styles.accountLinks}>
              {ACCOUNT_LINKS.map((link) => (
                <li key={link.path}>
                  <Link to={link.path}>{t(link.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <ProfileForm customer={customer} />
        </>
      )}
    </div>
  )
}

/** POST /api/customer with the new name; the header's greeting follows. */
function ProfileForm({ customer }: { customer: Customer }) {
  const t = useT(messages)
  const setCustomer = useSetAtom(customerAtom)
  const [name, setName] = useState(customer.name)
  const [problem, setProblem] = useState<FieldProblem>()
  const [saved, setSaved] = useState(false)
  const { busy, error, submit } = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const headingId = useId()

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    setName(trimmed)
    setSaved(false)
    const now = problems({ name: nameProblem(trimmed) })
    setProblem(now.name)
    if (focusFirstProblem(form.current, now)) return
    void submit(async () => {
      setCustomer(await updateProfile({ name: trimmed }))
      setSaved(true)
    })
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('profile')}</h2>
      <FormAlert message={error} />
      {/* A live region present from the start, so the confirmation put in it is read out. */}
      <div role="status">{saved && <p className={formStyles.status}>{t('nameSaved')}</p>}</div>
      <form ref={form} noValidate className={styles.form} onSubmit={onSubmit}>
        <Field
          label={t('name')}
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={name}
          problem={problem}
          onChange={(event) => {
            setName(event.target.value)
            setSaved(false)
          }}
        />
        <SubmitButton busy={busy} label={t('saveName')} busyLabel={t('savingName')} />
      </form>
    </section>
  )
}

export { DashboardPage as Component }
