import { useEffect } from 'react'
import { Link, Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'
import { reportClientError } from '../report'
import styles from './ErrorPage.module.css'
import { NotFoundPage } from './NotFoundPage'

/**
 * The shared error handler of spec 8 for everything a route loads or renders:
 * 404 and 403 show the not-found page, a server failure goes to /500, a 302
 * replaces the route with the path in the answer's message, and any other HTTP
 * status is reported to the store. Errors without an HTTP answer (no connection,
 * a bug) get a plain message.
 */
export function RouteError() {
  const error = useRouteError()
  const status = statusOf(error)

  if (status === 404 || status === 403) return <NotFoundPage />
  if (status !== undefined && status >= 500) return <Navigate to="/500" replace />
  const redirect = status === 302 && error instanceof Error ? localPath(error.message) : undefined
  if (redirect !== undefined) return <Navigate to={redirect} replace />
  return <UnexpectedError error={error} status={status} />
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status
  if (isRouteErrorResponse(error)) return error.status
  return undefined
}

/**
 * The 302's target when it is a path of this site: one `/` followed by neither `/` nor
 * `\`, and no control characters. Anything else is not followed, since the message
 * comes over the wire: browsers read `//host` and `/\host` as another site, and drop
 * tabs and newlines from a URL, so `/\t/host` would become `//host`.
 */
export function localPath(message: string): string | undefined {
  const sameSite = message.startsWith('/') && message[1] !== '/' && message[1] !== '\\'
  return sameSite && !hasControlCharacter(message) ? message : undefined
}

/** C0 controls, DEL and C1 controls. */
function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((c) => {
    const code = c.charCodeAt(0)
    return code < 0x20 || (code >= 0x7f && code <= 0x9f)
  })
}

function UnexpectedError({ error, status }: { error: unknown; status: number | undefined }) {
  const t = useT(messages)
  const { pathname, search } = useLocation()
  useDocumentTitle(t('unexpectedTitle'))
  // A failed fetch rejects with a TypeError before any HTTP answer exists.
  const offline = error instanceof TypeError

  useEffect(() => {
    if (status !== undefined && typeof error === 'object' && error !== null) {
      const message = error instanceof Error ? error.message : `HTTP ${status}`
      void reportClientError(error, { message, url: `${pathname}${search}`, status })
    } else if (!offline) {
      console.error(error)
    }
  }, [error, status, offline, pathname, search])

  return (
    <div className={`page ${styles.errorPage}`}>
      <h1>{t('unexpectedTitle')}</h1>
      <p>{offline ? t('offline') : t('unexpected')}</p>
      <p className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            window.location.reload()
          }}
        >
          {t('tryAgain')}
        </button>
        <Link to="/">{t('home')}</Link>
      </p>
    </div>
  )
}
