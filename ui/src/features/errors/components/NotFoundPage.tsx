import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './ErrorPage.module.css'

/** Unknown paths, and records the API answers 404 or 403 for (spec 8). */
export function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  )
}
