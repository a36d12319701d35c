import { useAtom } from 'jotai'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { openHeaderPanelAtom, type HeaderPanel as PanelName } from '@/lib/panels'
import { useDialog } from '@/lib/useDialog'
import styles from './Menus.module.css'

interface HeaderPanelProps {
  name: PanelName
  /** The button's content (icon and label). */
  button: ReactNode
  /** The panel's heading. */
  title: string
  children: (close: () => void) => ReactNode
}

/**
 * A header button with its drop-down panel. Panels share one atom, so opening one
 * closes the others (spec 2.6). Escape, a click outside or the button closes it;
 * focus goes back to the button.
 */
export function HeaderPanel({ name, button, title, children }: HeaderPanelProps) {
  const [openPanel, setOpenPanel] = useAtom(openHeaderPanelAtom)
  const open = openPanel === name
  const close = () => {
    setOpenPanel((current) => (current === name ? null : current))
  }
  const panel = useDialog<HTMLDivElement>(open, close)
  const wrapper = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const titleId = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) {
        setOpenPanel((current) => (current === name ? null : current))
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open, name, setOpenPanel])

  return (
    <div ref={wrapper} className={styles.wrapper}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpenPanel(open ? null : name)
        }}
      >
        {button}
      </button>
      {open && (
        <div ref={panel} id={panelId} role="dialog" aria-labelledby={titleId} tabIndex={-1} className={styles.panel}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children(close)}
        </div>
      )}
    </div>
  )
}
