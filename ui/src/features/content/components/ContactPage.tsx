import { useId, useRef, useState, type SubmitEvent } from 'react'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { sendContact } from '../api'
import { trimContact, validateContact, type ContactError, type ContactField, type ContactForm } from '../contactForm'
import { messages } from '../messages'
import styles from './Form.module.css'

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '', order_number: '' }

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; id: number }
  /** The server refused the form (400): its message names the field. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }

/** The contact-us screen: a validated form posted to POST /api/contact. */
export function ContactPage() {
  const t = useT(messages)
  useDocumentTitle(t('contactTitle'))
  const [form, setForm] = useState<ContactForm>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<ContactField, ContactError>>>({})
  const [status, setStatus] = useState<Status>({ kind: 'editing' })
  const formRef = useRef<HTMLFormElement>(null)
  const outcome = useRef<HTMLDivElement>(null)
  const id = useId()

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = trimContact(form)
    const found = validateContact(trimmed)
    setForm(trimmed)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first !== undefined) {
      // The first field to fix gets focus; its message is tied to it.
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setStatus({ kind: 'sending' })
    try {
      const received = await sendContact(trimmed)
      setStatus({ kind: 'sent', id: received.id })
      setForm(EMPTY)
    } catch (error) {
      setStatus(
        error instanceof ApiError && error.status === 400
          ? { kind: 'refused', message: error.message }
          : { kind: 'failed' },
      )
    }
    // The outcome replaces nothing the shopper was on; focus goes to it so it is read out.
    requestAnimationFrame(() => outcome.current?.focus())
  }

  function errorText(error: ContactError): string {
    if (error.kind === 'required') return t('errorRequired')
    if (error.kind === 'email') return t('errorEmail')
    return t('errorTooLong', { max: error.max })
  }

  function field(
    name: ContactField,
    label: string,
    options: { required: boolean; multiline?: boolean; type?: string },
  ) {
    const inputId = `${id}-${name}`
    const error = errors[name]
    const common = {
      id: inputId,
      name,
      value: form[name],
      required: options.required,
      'aria-invalid': error !== undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      className: styles.input,
      onChange: (event: { target: { value: string } }) => {
        setForm({ ...form, [name]: event.target.value })
      },
    }
    return (
      <div className={styles.field}>
        <label htmlFor={inputId}>
          {label}
          {options.required && <span aria-hidden="true"> *</span>}
        </label>
        {options.multiline ? <textarea rows={6} {...common} /> : <input type={options.type ?? 'text'} {...common} />}
        {error && (
          <p id={`${inputId}-error`} className={styles.error}>
            {errorText(error)}
          </p>
        )}
      </div>
    )
  }

  if (status.kind === 'sent') {
    return (
      <div className={`page ${styles.page}`}>
        <h1>{t('contactTitle')}</h1>
        <div ref={outcome} tabIndex={-1} role="status" className={styles.success}>
          <p>{t('sent')}</p>
          <p>{t('reference', { id: status.id })}</p>
        </div>
        <p>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setStatus({ kind: 'editing' })
            }}
          >
            {t('sendAnother')}
          </button>
        </p>
      </div>
    )
  }

  const sending = status.kind === 'sending'
  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('contactTitle')}</h1>
      <p>{t('contactIntro')}</p>
      <p className={styles.hint}>{t('required')}</p>
      <div ref={outcome} tabIndex={-1}>
        {status.kind === 'refused' && (
          <p role="alert" className={styles.alert}>
            {status.message}
          </p>
        )}
        {status.kind === 'failed' && (
          <p role="alert" className={styles.alert}>
            {t('failed')}
          </p>
        )}
        {Object.keys(errors).length > 0 && (
          <p role="alert" className={styles.alert}>
            {t('fixErrors')}
          </p>
        )}
      </div>
      <form ref={formRef} noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
        {field('name', t('name'), { required: true })}
        {field('email', t('email'), { required: true, type: 'email' })}
        {field('subject', t('subject'), { required: true })}
        {field('message', t('message'), { required: true, multiline: true })}
        {field('order_number', t('orderNumber'), { required: false })}
        <p>
          <button type="submit" className={styles.primary} disabled={sending}>
            {sending ? t('sending') : t('send')}
          </button>
        </p>
      </form>
    </div>
  )
}

export { ContactPage as Component }
