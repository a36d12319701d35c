import { useStore } from 'jotai'
import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { api } from './api/client'
import { ApiError } from './api/errors'
import { afterSignIn, clearCustomerState } from './customerSync'
import { defineMessages, useT } from './i18n'
import { customerAtom, sessionCheckedAtom, signingOutAtom, type Customer } from './session'
import { useSharedErrorHandler } from './sharedError'
import { useToast } from './toast'

// What changes the session (session.ts holds the state). Kept apart from session.ts
// because it calls customerSync.ts, which imports the state: one module would import itself.

const messages = defineMessages({
  eng: { signOutFailed: 'We couldn’t sign you out. Please try again.' },
  heb: { signOutFailed: 'לא הצלחנו לנתק אותך. נסו שוב.' },
})

/**
 * Spec 7's session check, `GET /api/customer`: at start-up, and (spec 2.2) again on
 * every new path while signed in, so a session that ended elsewhere (expired, signed
 * out in another browser, a password reset) is noticed; a guest has nothing to lose.
 * A guest is answered 204 (no session cookie: nothing logged as an error). A 403, or a
 * 204 (the cookie is gone), while the app thinks someone is signed in wipes their data
 * and goes Home (spec 4.3). With no answer at all the stored state stands, and guards stop waiting.
 * The layout calls it.
 */
export function useSessionCheck(): void {
  const store = useStore()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    if (store.get(sessionCheckedAtom) && store.get(customerAtom) === null) return
    const before = store.get(customerAtom)
    const controller = new AbortController()
    api.GET('/customer', { signal: controller.signal }).then(
      ({ data, response }) => {
        // A newer check replaced this one (or the app is gone).
        if (controller.signal.aborted) return
        // A sign-in or sign-out meanwhile is newer than this answer.
        if (store.get(customerAtom) === before) {
          if (data) {
            store.set(customerAtom, data)
          } else if ((response.status === 403 || response.status === 204) && before !== null) {
            clearCustomerState(store)
            void navigate('/')
          }
        }
        store.set(sessionCheckedAtom, true)
      },
      () => {
        if (!controller.signal.aborted) store.set(sessionCheckedAtom, true)
      },
    )
    return () => {
      controller.abort()
    }
  }, [pathname, store, navigate])
}

/**
 * Completes a sign-in (login, registration or password reset) with the customer the
 * server answered: stores them, then merges the guest's bag and favorites into theirs
 * (spec 4.3). The merge's failure is ignored: it must never stop the sign-in.
 */
export function useSignedIn() {
  const store = useStore()
  return useCallback(
    async (customer: Customer, reason: Parameters<typeof afterSignIn>[0]) => {
      store.set(customerAtom, customer)
      store.set(sessionCheckedAtom, true)
      try {
        await afterSignIn(reason)
      } catch {
        // Ignored (see above).
      }
    },
    [store],
  )
}

/**
 * Spec 4.3's logout: `POST /api/logout`, with the layout's spinner meanwhile; then the
 * customer's data is cleared and the shopper goes Home. On failure the session is
 * still open, so nothing is cleared: an answer with an HTTP status goes to the shared
 * error handler (spec 8); with none (no connection), a toast says so.
 */
export function useSignOut() {
  const store = useStore()
  const navigate = useNavigate()
  const toast = useToast()
  const t = useT(messages)
  const handleError = useSharedErrorHandler()
  return useCallback(async () => {
    if (store.get(signingOutAtom)) return
    store.set(signingOutAtom, true)
    try {
      const { response } = await api.POST('/logout')
      if (!response.ok) throw new ApiError(response.status, `POST /api/logout answered ${response.status}`)
      clearCustomerState(store)
      await navigate('/')
    } catch (error) {
      if (!handleError(error)) toast.show('error', t('signOutFailed'))
    } finally {
      store.set(signingOutAtom, false)
    }
  }, [store, navigate, toast, t, handleError])
}
