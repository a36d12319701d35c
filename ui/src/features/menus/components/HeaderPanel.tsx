import { useAtom } from 'jotai'
import { useId, useRef, type ReactNode } from 'react'
import { preloadOn, type Deferred } from '@/lib/deferred'
import { openHeaderPanelAtom, type HeaderPanel as PanelName } from '@/lib/panels'
import type { PanelProps } from './HeaderPanelDialog'
import styles from './Menus.module.css'

interface HeaderPanelProps {
  name: PanelName
  /** The button's content (icon and label). */
  button: ReactNode
  /** The drop-down panel, whose code loads when the shopper heads for the button. */
  panel: Deferred<PanelProps>
}

/**
 * A header button with its drop-down panel. Panels share one atom, so opening one
 * closes the others (spec 2.6). Escape, a click outside or the button closes it;
 * focus goes back to the button.
 */
export function HeaderPanel({ name, button, panel: Panel }: HeaderPanelProps) {
  const [openPanel, setOpenPanel] = useAtom(openHeaderPanelAtom)
  const open = openPanel === name
  const close = () => {
    setOpenPanel((current) => (current === name ? null : current))
  }
  const wrapper = useRef<HTMLDivElement>(null)
  const panelId = useId()

  return (
    <div ref={wrapper} className={styles.wrapper}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        {...preloadOn(Panel)}
        onClick={() => {
          setOpenPanel(open ? null : name)
        }}
      >
        {button}
      </button>
      {open && <Panel id={panelId} within={wrapper} onClose={close} />}
    </div>
  )
}
