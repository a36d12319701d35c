import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface DialogOptions {
  /** Stop the page behind from scrolling while open (the department menu, spec 2.5). */
  lockScroll?: boolean
}

/**
 * The keyboard contract of a modal panel while `open`: focus moves into it, Tab
 * and Shift+Tab cycle inside it, Escape calls `onClose`, and on closing focus goes
 * back to whatever had it before (the button that opened the panel).
 */
export function useDialog<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
  { lockScroll = false }: DialogOptions = {},
): RefObject<T | null> {
  const panel = useRef<T>(null)
  // The latest onClose without re-running the effect (which would move focus again).
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const element = panel.current
    if (!open || !element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const focusables = () => Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE))
    ;(focusables()[0] ?? element).focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        close.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const inside = element.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)

    const overflow = document.body.style.overflow
    if (lockScroll) document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      if (lockScroll) document.body.style.overflow = overflow
      // Back to the opener, unless the shopper closed it by moving focus elsewhere.
      const active = document.activeElement
      if (active === null || active === document.body || element.contains(active)) opener?.focus()
    }
  }, [open, lockScroll])

  return panel
}
