import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './ErrorPage.module.css'

/** The `/500` page, where an API 500 sends the shopper (spec 8). */
export function ServerErrorPage() {
  useDocumentTitle('Server error')
  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>Server error</h1>
      <p>Something went wrong on our side. Please try again in a few minutes.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  )
}
