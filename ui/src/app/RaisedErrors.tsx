import { useAtomValue } from 'jotai'
import { Outlet, useLocation } from 'react-router'
import { raisedErrorAtom } from '@/lib/sharedError'

/**
 * The screens, or the error the shared handler raised on this one (lib/sharedError),
 * thrown for the route's error element to handle. Only on the visit it was raised on:
 * any navigation, back to the same path too, leaves it behind.
 */
export function RaisedErrors() {
  const raised = useAtomValue(raisedErrorAtom)
  const { key } = useLocation()
  if (raised && raised.visit === key) throw raised.error
  return <Outlet />
}
