import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import styles from './Breadcrumbs.module.css'
import { messages } from './messages'

interface Crumb {
  name: string
  value: string
}

interface BreadcrumbsProps {
  /** The pages above this one, root first (the API's `breadcrumbs`). */
  trail: Crumb[]
  /** This page's name, shown last and not linked. */
  current: string
}

export function Breadcrumbs({ trail, current }: BreadcrumbsProps) {
  const t = useT(messages)
  return (
    <nav aria-label={t('breadcrumb')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        <li>
          <Link to="/">{t('home')}</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.value}>
            <Link to={crumb.value}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  )
}
