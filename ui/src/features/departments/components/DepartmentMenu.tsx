import { useState, type ReactNode } from 'react'
import { deferred } from '@/lib/deferred'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './DepartmentMenu.module.css'

// The menu itself (the tree, its drill-down and slides) loads when the shopper heads
// for the button, or presses it.
const DepartmentPanel = deferred(() => import('./DepartmentPanel').then((module) => module.DepartmentPanel))

interface DepartmentMenuProps {
  /** Extra entries under the departments (on mobile: profile links and the language switch). */
  children?: ReactNode
  /** Starts loading the extra entries' code along with the menu's. */
  preload?: () => void
}

/**
 * Spec 2.5: the menu button and its slide-in department menu, drilling down through
 * children. Escape, the overlay and following a link close it, back at the top level.
 */
export function DepartmentMenu({ children, preload }: DepartmentMenuProps) {
  const t = useT(messages)
  const [open, setOpen] = useState(false)
  const load = () => {
    DepartmentPanel.preload()
    preload?.()
  }

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load()
          setOpen(true)
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span>{t('menu')}</span>
      </button>
      {open && (
        <DepartmentPanel
          onClose={() => {
            setOpen(false)
          }}
        >
          {children}
        </DepartmentPanel>
      )}
    </>
  )
}
