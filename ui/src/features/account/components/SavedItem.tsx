import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { useAction } from '@/lib/useAction'
import formStyles from '@/components/Form.module.css'
import styles from './Account.module.css'

interface SavedItemProps {
  /** What the item is called in its buttons' accessible names ("Edit: Dana Levi, 1 Main St"). */
  name: string
  isDefault: boolean
  /** The question asked before removing it. */
  confirm: string
  onEdit?: () => void
  /** Each reports its own failure; they resolve either way. */
  onMakeDefault: () => Promise<void>
  onRemove: () => Promise<void>
  children: ReactNode
}

/** A saved address or card: its details, and buttons to edit it, make it the default or remove it (after asking). */
export function SavedItem({ name, isDefault, confirm, onEdit, onMakeDefault, onRemove, children }: SavedItemProps) {
  const t = useT(messages)
  const [confirming, setConfirming] = useState(false)
  const { busy, run } = useAction()
  const questionId = useId()
  const keep = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  const named = (label: string) => (
    <>
      {label}
      <span className="visually-hidden">: {name}</span>
    </>
  )

  // Asking moves focus to the safe answer; keeping it returns focus to Remove.
  const asked = useRef(false)
  useEffect(() => {
    if (confirming) keep.current?.focus()
    else if (asked.current) removeButton.current?.focus()
    asked.current = confirming
  }, [confirming])

  return (
    <li className={styles.item}>
      <div className={styles.details}>
        {children}
        {isDefault && <p className={styles.badge}>{t('isDefault')}</p>}
      </div>
      {confirming ? (
        <div role="group" aria-labelledby={questionId} className={styles.actions}>
          <p id={questionId} className={styles.question}>
            {confirm}
          </p>
          <button
            type="button"
            className={formStyles.danger}
            aria-disabled={busy || undefined}
            onClick={() => {
              void run(onRemove)
            }}
          >
            {named(busy ? t('removing') : t('remove'))}
          </button>
          <button
            ref={keep}
            type="button"
            className={formStyles.secondary}
            onClick={() => {
              setConfirming(false)
            }}
          >
            {t('keep')}
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          {onEdit && (
            <button type="button" className={formStyles.secondary} onClick={onEdit}>
              {named(t('edit'))}
            </button>
          )}
          {!isDefault && (
            <button
              type="button"
              className={formStyles.secondary}
              aria-disabled={busy || undefined}
              onClick={() => {
                void run(onMakeDefault)
              }}
            >
              {named(t('makeDefault'))}
            </button>
          )}
          <button
            ref={removeButton}
            type="button"
            className={formStyles.secondary}
            onClick={() => {
              setConfirming(true)
            }}
          >
            {named(t('remove'))}
          </button>
        </div>
      )}
    </li>
  )
}
