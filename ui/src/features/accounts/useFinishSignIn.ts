import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { usePreviousPath } from '@/lib/previousPath'
import type { Customer } from '@/lib/session'
import { useSignedIn } from '@/lib/useSession'
import { returnPath } from './guards'

/**
 * After the server has signed the shopper in: store the customer, merge the guest's
 * data, and go where the sign-in ends (`returnPath`). The sign-in screen is replaced
 * in the history, so Back does not return to a form that would send the customer Home.
 */
export function useFinishSignIn() {
  const signedIn = useSignedIn()
  const navigate = useNavigate()
  const state: unknown = useLocation().state
  const previousPath = usePreviousPath()
  return useCallback(
    async (customer: Customer, reason: Parameters<typeof signedIn>[1]) => {
      await signedIn(customer, reason)
      await navigate(returnPath(state, previousPath), { replace: true })
    },
    [signedIn, navigate, state, previousPath],
  )
}
