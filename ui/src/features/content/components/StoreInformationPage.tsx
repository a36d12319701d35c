import { NavLink, Outlet } from 'react-router'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './StoreInformation.module.css'

const SECTIONS = [
  { path: '/store-information/hours', label: 'hours' },
  { path: '/store-information/address', label: 'address' },
  { path: '/store-information/virtual-tour', label: 'virtualTour' },
] as const

/** The store-information screen: its three sections as links, the chosen one below. */
export function StoreInformationPage() {
  const t = useT(messages)
  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('storeTitle')}</h1>
      <nav aria-label={t('storeSections')}>
        <ul className={styles.tabs}>
          {SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} className={styles.tab}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}

export { StoreInformationPage as Component }
