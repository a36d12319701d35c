import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import styles from './Breadcrumbs.module.css'
import { messages } from './messages'

interface Crumb {
  name: string
  heb_name?: string | null
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
  const language = useAtomValue(languageAtom)
  // The Hebrew interface names categories in Hebrew where the catalogue has the name;
  // <bdi> keeps an English name whole inside the right-to-left line.
  const name = (crumb: Crumb) => (language === 'heb' && crumb.heb_name ? crumb.heb_name : crumb.name)
  return (
    <nav aria-label={t('breadcrumb')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        <li>
          <Link to="/">{t('home')}</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.value}>
            <Link to={crumb.value}>
              <bdi>{name(crumb)}</bdi>
            </Link>
          </li>
        ))}
        <li>
          <bdi aria-current="page">{current}</bdi>
        </li>
      </ol>
    </nav>
  )
}
