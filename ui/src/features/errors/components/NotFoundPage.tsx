import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import styles from './ErrorPage.module.css'

/** Unknown paths, and records the API answers 404 or 403 for (spec 8). */
export function NotFoundPage() {
  const t = useT(messages)
  useDocumentTitle(t('notFoundTitle'))
  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <p>
        <Link to="/">{t('home')}</Link>
      </p>
    </div>
  )
}
