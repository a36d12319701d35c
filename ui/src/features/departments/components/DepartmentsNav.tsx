import { useAtomValue } from 'jotai'
import { NavLink } from 'react-router'
import { departmentsAtom } from '../state'
import styles from './DepartmentsNav.module.css'

/** The header's row of top-level departments. */
export function DepartmentsNav() {
  const state = useAtomValue(departmentsAtom)
  return (
    <nav aria-label="Departments" className={styles.nav}>
      {state.status === 'ready' && (
        <ul className={styles.list}>
          {state.departments.map((department) => (
            <li key={department.id}>
              <NavLink to={department.value} className={styles.link}>
                {department.name}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loading' && <p className={styles.note}>Loading departments…</p>}
      {state.status === 'unavailable' && <p className={styles.note}>Departments are unavailable right now.</p>}
    </nav>
  )
}
