import { atom, useSetAtom } from 'jotai'
import { useMemo } from 'react'

/** Spec 8: transient messages of an error or success type, 4 seconds unless told otherwise. */
export const TOAST_DURATION_MS = 4000

export type ToastType = 'error' | 'success'

export interface Toast {
  id: number
  type: ToastType
  message: string
  durationMs: number
}

export const toastsAtom = atom<Toast[]>([])

let nextId = 1

/** Shows and dismisses toasts; the `Toasts` region in the layout renders them. */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom)
  return useMemo(
    () => ({
      show: (type: ToastType, message: string, durationMs = TOAST_DURATION_MS) => {
        const toast = { id: nextId++, type, message, durationMs }
        setToasts((toasts) => [...toasts, toast])
        return toast.id
      },
      dismiss: (id: number) => {
        setToasts((toasts) => toasts.filter((toast) => toast.id !== id))
      },
    }),
    [setToasts],
  )
}
