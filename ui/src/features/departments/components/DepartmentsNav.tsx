import { useAtomValue } from 'jotai'
import { NavLink } from 'react-router'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { messages } from '../messages'
import { departmentsAtom } from '../state'
import styles from './DepartmentsNav.module.css'

/** The desktop header's row of top-level departments (the menu button holds the whole tree). */
export function DepartmentsNav() {
  const t = useT(messages)
  const state = useAtomValue(departmentsAtom)
  const hebrew = useAtomValue(languageAtom) === 'heb'
  return (
    <nav aria-label={t('departments')} className={styles.nav}>
      {state.status === 'ready' && (
        <ul className={styles.list}>
          {state.departments.map((department) => (
            <li key={department.id}>
              <NavLink to={department.value} className={styles.link}>
                {hebrew && department.heb_name ? department.heb_name : department.name}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loading' && <p className={styles.note}>{t('loading')}</p>}
      {state.status === 'unavailable' && <p className={styles.note}>{t('unavailable')}</p>}
    </nav>
  )
}
