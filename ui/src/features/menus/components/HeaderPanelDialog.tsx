import { useEffect, useId, type ReactNode, type RefObject } from 'react'
import { useDialog } from '@/lib/useDialog'
import styles from './Menus.module.css'

/** What a header button hands its drop-down panel. */
export interface PanelProps {
  id: string
  /** The button and its panel: a click outside them closes the panel. */
  within: RefObject<HTMLElement | null>
  onClose: () => void
}

/**
 * A header button's drop-down panel, headed by `title`; focus moves into it as it opens.
 * Escape, a click outside or the button closes it; focus goes back to the button.
 */
export function HeaderPanelDialog({
  id,
  within,
  title,
  onClose,
  children,
}: PanelProps & { title: string; children: ReactNode }) {
  const panel = useDialog<HTMLDivElement>(true, onClose)
  const titleId = useId()
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !within.current?.contains(event.target)) onClose()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [within, onClose])
  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} tabIndex={-1} className={styles.panel}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </div>
  )
}
