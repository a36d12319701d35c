import { Link } from 'react-router'
import { DepartmentsNav } from '@/features/departments/components/DepartmentsNav'
import styles from './Header.module.css'

/** A modest header: the logo home and the departments. */
export function Header() {
  return (
    <header className={styles.header}>
      <div className={`page ${styles.bar}`}>
        <Link to="/" className={styles.logo}>
          Olive Lane{' '}
          <span lang="he" dir="rtl" className={styles.logoHebrew}>
            שדרת הזית
          </span>
        </Link>
      </div>
      <div className="page">
        <DepartmentsNav />
      </div>
    </header>
  )
}
