import { atom, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useLocation } from 'react-router'
import { ApiError } from './api/errors'

/** An error with an HTTP answer, raised on the visit of a screen whose location key is `visit`. */
export interface RaisedError {
  error: ApiError
  visit: string
}

/** The error the screen of its visit throws (app/RaisedErrors), if any. */
export const raisedErrorAtom = atom<RaisedError | null>(null)

/**
 * Spec 8's shared error handler for a call made outside a screen's loading (signing
 * out): an error with an HTTP answer is raised on the current screen, whose route's
 * error element (features/errors RouteError) does what its status asks, the same as
 * for a screen's own failure: 404 and 403 the not-found page, 500 the server error
 * page, 302 the path it names, any other a report. Answers whether it took the error;
 * one without an HTTP answer (no connection) stays the caller's.
 */
export function useSharedErrorHandler(): (error: unknown) => boolean {
  const raise = useSetAtom(raisedErrorAtom)
  const { key } = useLocation()
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return false
      raise({ error, visit: key })
      return true
    },
    [raise, key],
  )
}
