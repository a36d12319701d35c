import { Provider as StateProvider } from 'jotai'
import { StrictMode, type ReactNode } from 'react'

/** Everything the app needs around its router. Each mount gets its own jotai store. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <StateProvider>{children}</StateProvider>
    </StrictMode>
  )
}
