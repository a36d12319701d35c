import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import styles from './ErrorPage.module.css'

/** The `/500` page, where an API 500 sends the shopper (spec 8). */
export function ServerErrorPage() {
  const t = useT(messages)
  useDocumentTitle(t('serverErrorTitle'))
  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>{t('serverErrorTitle')}</h1>
      <p>{t('serverErrorText')}</p>
      <p>
        <Link to="/">{t('home')}</Link>
      </p>
    </div>
  )
}
