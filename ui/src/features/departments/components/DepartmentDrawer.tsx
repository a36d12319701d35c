import { useAtomValue } from 'jotai'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { useDialog } from '@/lib/useDialog'
import { backFrom, drillInto, itemsAt } from '../levels'
import { messages } from '../messages'
import { departmentsAtom } from '../state'
import styles from './DepartmentMenu.module.css'

type Category = Schema<'Category'>

interface DepartmentDrawerProps {
  /** Extra entries under the departments (on mobile: profile links and the language switch). */
  children?: ReactNode
  onClose: () => void
}

/**
 * Spec 2.5: the slide-in department menu of `DepartmentMenu`, drilling down through
 * children; mounted while open, so it opens at the top level. Escape, the overlay and
 * following a link close it.
 */
export function DepartmentDrawer({ children, onClose: close }: DepartmentDrawerProps) {
  const t = useT(messages)
  const firstName = useAtomValue(customerAtom)?.first_name
  const [path, setPath] = useState<Category[]>([])
  const panel = useDialog<HTMLDivElement>(true, close, { lockScroll: true })
  const titleId = useId()

  return (
    <div className={styles.overlay} role="presentation" onClick={close}>
      {/* Clicks inside the panel must not reach the overlay, which closes the menu. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.panel}
        onClick={(event) => {
          event.stopPropagation()
        }}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.hello}>
            {firstName ? t('helloName', { name: firstName }) : t('hello')}
          </h2>
          <button type="button" className={styles.close} aria-label={t('close')} onClick={close}>
            ×
          </button>
        </div>
        <Levels path={path} onPath={setPath} onNavigate={close} />
        {children && (
          // Links in the extra entries leave the page, and so does Sign Out, so they close the menu too.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
          <div
            className={styles.extra}
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('a, button')) close()
            }}
          >
            {children}
          </div>
        )}
      </div>
    </div>
  )
}

interface LevelsProps {
  path: Category[]
  onPath: (path: Category[]) => void
  onNavigate: () => void
}

/** One level of the tree: Back and "Show All" below the top, then the categories. */
function Levels({ path, onPath, onNavigate }: LevelsProps) {
  const t = useT(messages)
  const state = useAtomValue(departmentsAtom)
  const hebrew = useAtomValue(languageAtom) === 'heb'
  const list = useRef<HTMLUListElement>(null)
  // A drill or Back removes the button that had focus; focus goes to the new level's first entry.
  const depth = path.length
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    list.current?.querySelector<HTMLElement>('a, button')?.focus()
  }, [depth])
  // Spec 2.5's 200 ms slides: a deeper level comes in from the end edge, Back brings the
  // level above in from the start edge (the list is remounted per level, so it animates).
  const [shown, setShown] = useState(depth)
  const [slide, setSlide] = useState<string>()
  if (depth !== shown) {
    setShown(depth)
    setSlide(depth > shown ? styles.deeper : styles.higher)
  }

  if (state.status === 'loading') return <p className={styles.note}>{t('loading')}</p>
  if (state.status === 'unavailable') return <p className={styles.note}>{t('unavailable')}</p>

  // Spec 4.9: Hebrew names where they exist.
  const nameOf = (category: Category) => (hebrew && category.heb_name ? category.heb_name : category.name)
  const current = path.at(-1)
  return (
    <ul key={depth} ref={list} className={slide ? `${styles.list} ${slide}` : styles.list}>
      {current && (
        <>
          <li>
            <button
              type="button"
              className={styles.back}
              onClick={() => {
                onPath(backFrom(path))
              }}
            >
              <span aria-hidden="true" className={styles.chevronBack} />
              {t('back')}
            </button>
          </li>
          <li>
            <Link to={current.value} className={styles.showAll} onClick={onNavigate}>
              {t('showAll', { name: nameOf(current) })}
            </Link>
          </li>
        </>
      )}
      {itemsAt(state.departments, path).map((category) => (
        <li key={category.id}>
          {category.children.length > 0 ? (
            <button
              type="button"
              className={styles.drill}
              onClick={() => {
                onPath(drillInto(path, category))
              }}
            >
              {nameOf(category)}
              <span aria-hidden="true" className={styles.chevron} />
            </button>
          ) : (
            <Link to={category.value} className={styles.item} onClick={onNavigate}>
              {nameOf(category)}
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}
