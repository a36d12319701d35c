import { Provider as StateProvider } from 'jotai'
import { StrictMode, type ReactNode } from 'react'
import { useCustomerSync } from '@/lib/signedInSync'

/** A signed-in customer's bag, favorites and following, kept in step with the server. */
function CustomerSync() {
  useCustomerSync()
  return null
}

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
