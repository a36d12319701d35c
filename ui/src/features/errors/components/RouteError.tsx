import { Link, Navigate, isRouteErrorResponse, useRouteError } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './ErrorPage.module.css'
import { NotFoundPage } from './NotFoundPage'

/**
 * The shared error handler of spec 8 for everything a route loads or renders:
 * 404 and 403 show the not-found page, a server failure goes to /500, and
 * anything else (no connection, a bad request, a bug) gets a plain message.
 */
export function RouteError() {
  const error = useRouteError()
  const status = statusOf(error)

  if (status === 404 || status === 403) return <NotFoundPage />
  if (status !== undefined && status >= 500) return <Navigate to="/500" replace />
  return <UnexpectedError error={error} />
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status
  if (isRouteErrorResponse(error)) return error.status
  return undefined
}

function UnexpectedError({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong')
  // A failed fetch rejects with a TypeError before any HTTP answer exists.
  const offline = error instanceof TypeError
  if (!offline) console.error(error)

  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>Something went wrong</h1>
      <p>
        {offline
          ? 'We could not reach the store. Check your connection and try again.'
          : 'This page could not be shown. Please try again.'}
      </p>
      <p className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            window.location.reload()
          }}
        >
          Try again
        </button>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  )
}
