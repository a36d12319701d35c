import { Suspense, useState, type ReactNode } from 'react'
import { afterStart } from '@/lib/afterStart'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './DepartmentMenu.module.css'

// The drawer's code comes after the first screen's (lib/afterStart.ts).
const DepartmentDrawer = afterStart(async () => (await import('./DepartmentDrawer')).DepartmentDrawer)

interface DepartmentMenuProps {
  /** Extra entries under the departments (on mobile: profile links and the language switch). */
  children?: ReactNode
}

/**
 * Spec 2.5: the menu button and its slide-in department menu, drilling down through
 * children. Escape, the overlay and following a link close it, back at the top level.
 */
export function DepartmentMenu({ children }: DepartmentMenuProps) {
  const t = useT(messages)
  const [open, setOpen] = useState(false)
  const close = () => {
    setOpen(false)
  }

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
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
        <Suspense>
          <DepartmentDrawer onClose={close}>{children}</DepartmentDrawer>
        </Suspense>
      )}
    </>
  )
}
