import { useAtom, useAtomValue } from 'jotai'
import { useId, useState, type SyntheticEvent } from 'react'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { helpChatOpenAtom, searchWidgetsHiddenAtom } from '@/lib/panels'
import { useToast } from '@/lib/toast'
import { useDialog } from '@/lib/useDialog'
import { sendHelpMessage } from '../api'
import { messages } from '../messages'
import { validateHelpMessage, type HelpField, type HelpProblem } from '../validation'
import styles from './HelpChat.module.css'

/** The help-chat panel (spec 2.6, 2.8): a message to the shop, answered by e-mail. */
export function HelpChat() {
  const [open, setOpen] = useAtom(helpChatOpenAtom)
  const close = () => {
    setOpen(false)
  }
  // Spec 2.7: the mobile search overlay hides the chat while it is open.
  const hidden = useAtomValue(searchWidgetsHiddenAtom)
  const panel = useDialog<HTMLDivElement>(open && !hidden, close)
  const t = useT(messages)
  const titleId = useId()
  if (!open || hidden) return null
  return (
    <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.panel}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t('title')}
        </h2>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={close}>
          ×
        </button>
      </div>
      <HelpForm />
    </div>
  )
}

type Status = { state: 'editing'; serverMessage?: string } | { state: 'sending' } | { state: 'sent' }

function HelpForm() {
  const t = useT(messages)
  const toast = useToast()
  const [values, setValues] = useState({ email: '', name: '', message: '' })
  const [problems, setProblems] = useState<Partial<Record<HelpField, HelpProblem>>>({})
  const [status, setStatus] = useState<Status>({ state: 'editing' })
  const ids = { email: useId(), name: useId(), message: useId(), server: useId() }

  if (status.state === 'sent') {
    return (
      <p role="status" className={styles.thanks}>
        {t('thanks')}
      </p>
    )
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    // Text inputs trim their value (spec 5).
    const trimmed = { email: values.email.trim(), name: values.name.trim(), message: values.message.trim() }
    const found = validateHelpMessage(trimmed)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    setStatus({ state: 'sending' })
    try {
      await sendHelpMessage(trimmed)
      setStatus({ state: 'sent' })
      toast.show('success', t('thanks'))
    } catch (error) {
      // A 400 says what the server did not accept; anything else is a plain failure.
      const message = error instanceof ApiError && error.status === 400 ? error.message : t('failed')
      setStatus({ state: 'editing', serverMessage: message })
      toast.show('error', message)
    }
  }

  const field = (name: HelpField) => ({
    id: ids[name],
    value: values[name],
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${ids[name]}-problem` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }))
    },
  })
  const problem = (name: HelpField) => {
    const key = problems[name]
    return key ? (
      <p id={`${ids[name]}-problem`} className={styles.problem}>
        {t(key)}
      </p>
    ) : null
  }

  return (
    <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{t('intro')}</p>
      <label htmlFor={ids.email}>{t('email')}</label>
      <input type="email" autoComplete="email" required {...field('email')} />
      {problem('email')}
      <label htmlFor={ids.name}>{t('name')}</label>
      <input type="text" autoComplete="name" {...field('name')} />
      {problem('name')}
      <label htmlFor={ids.message}>{t('message')}</label>
      <textarea rows={5} required {...field('message')} />
      {problem('message')}
      {status.state === 'editing' && status.serverMessage && (
        <p id={ids.server} role="alert" className={styles.problem}>
          {status.serverMessage}
        </p>
      )}
      <button type="submit" className={styles.send} disabled={status.state === 'sending'}>
        {status.state === 'sending' ? t('sending') : t('send')}
      </button>
    </form>
  )
}
