import { useId, useState, type SyntheticEvent } from 'react'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useToast } from '@/lib/toast'
import { subscribe } from '../api'
import { messages } from '../messages'
import styles from './NewsletterForm.module.css'

type Result = { kind: 'success' | 'error'; message: string }

/**
 * The footer's newsletter sign-up (spec 2.8). The field is a required e-mail input,
 * so the browser checks it first (spec 5); the server's answer (one sentence for
 * every valid address, or why a malformed one was refused) is shown as it words it.
 */
export function NewsletterForm() {
  const t = useT(messages)
  const toast = useToast()
  const id = useId()
  const titleId = useId()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<Result | null>(null)

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    setSending(true)
    let next: Result
    try {
      next = { kind: 'success', message: (await subscribe(email.trim())).message }
    } catch (error) {
      next = { kind: 'error', message: error instanceof ApiError && error.status === 400 ? error.message : t('failed') }
    }
    setSending(false)
    setResult(next)
    toast.show(next.kind, next.message)
  }

  return (
    <form className={styles.form} aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      <div className={styles.row}>
        <label htmlFor={id} className="visually-hidden">
          {t('email')}
        </label>
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder={t('email')}
          className={styles.input}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
          }}
        />
        <button type="submit" className={styles.button} disabled={sending}>
          {sending ? t('sending') : t('signUp')}
        </button>
      </div>
      <p role="status" className={result?.kind === 'error' ? styles.error : styles.message}>
        {result?.message}
      </p>
    </form>
  )
}
