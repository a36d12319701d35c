import { atom, useStore, type createStore } from 'jotai'
import { useMemo } from 'react'

/** Spec 8: transient messages of an error or success type, 4 seconds unless told otherwise. */
export const TOAST_DURATION_MS = 4000

export type ToastType = 'error' | 'success'

/** Where a toast's news can be seen: "Added to your bag" links to the bag. */
export interface ToastLink {
  to: string
  label: string
}

export interface Toast {
  id: number
  type: ToastType
  message: string
  durationMs: number
  link?: ToastLink
}

export const toastsAtom = atom<Toast[]>([])

let nextId = 1

type Store = ReturnType<typeof createStore>

/** Shows a toast from outside a component (a sync at sign-in); answers its id. */
export function showToast(
  store: Store,
  type: ToastType,
  message: string,
  durationMs = TOAST_DURATION_MS,
  link?: ToastLink,
): number {
  const toast: Toast = { id: nextId++, type, message, durationMs, ...(link ? { link } : {}) }
  store.set(toastsAtom, (toasts) => [...toasts, toast])
  return toast.id
}

/** Shows and dismisses toasts; the `Toasts` region in the layout renders them. */
export function useToast() {
  const store = useStore()
  return useMemo(
    () => ({
      show: (type: ToastType, message: string, durationMs?: number, link?: ToastLink) =>
        showToast(store, type, message, durationMs, link),
      dismiss: (id: number) => {
        store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id))
      },
    }),
    [store],
  )
}
