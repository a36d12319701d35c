import { Provider as StateProvider } from 'jotai'
import { StrictMode, type ReactNode } from 'react'
import { deferred } from '@/lib/deferred'

/** A signed-in customer's bag, favorites and following, kept in step with the server once the app is up. */
const CustomerSync = deferred(() => import('./Background').then((module) => module.CustomerSync))

/** Everything the app needs around its router. Each mount gets its own jotai store. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <StateProvider>
        <CustomerSync />
        {children}
      </StateProvider>
    </StrictMode>
  )
}
