import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
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
  useEffect(() => {
    const timer = window.setTimeout(() => {
      dismiss(toast.id)
    }, toast.durationMs)
    return () => {
      window.clearTimeout(timer)
    }
  }, [toast, dismiss])
  return <p className={toast.type === 'error' ? styles.error : styles.success}>{toast.message}</p>
}
