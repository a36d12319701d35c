import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toastsAtom, useToast, type Toast } from '@/lib/toast'
import styles from './Toasts.module.css'

/**
 * Where `useToast()` messages appear. The live region is always in the page, so
 * screen readers announce a toast as it is added; each one leaves after its duration.
 */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom)
  return (
    <div className={styles.region} aria-live="polite">
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} />
      ))}
    </div>
  )
}

function ToastMessage({ toast }: { toast: Toast }) {
  const { dismiss } = useToast()
  // A toast with a link waits while the pointer or focus is on it: it must not vanish
  // under the finger about to tap "View bag". The full time runs again on leaving.
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = window.setTimeout(() => {
      dismiss(toast.id)
    }, toast.durationMs)
    return () => {
      window.clearTimeout(timer)
    }
  }, [toast, dismiss, held])
  const className = toast.type === 'error' ? styles.error : styles.success
  if (!toast.link) return <p className={className}>{toast.message}</p>
  const hold = () => {
    setHeld(true)
  }
  const release = () => {
    setHeld(false)
  }
  return (
    <p
      className={`${className} ${styles.withLink}`}
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      {toast.message}{' '}
      <Link
        to={toast.link.to}
        className={styles.link}
        onClick={() => {
          dismiss(toast.id)
        }}
      >
        {toast.link.label}
      </Link>
    </p>
  )
}
