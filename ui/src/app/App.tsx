import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppProviders } from './AppProviders'
import { discoverRoutes, routes } from './routes'

/** The app's one router; `main.tsx` waits on it before the first render. */
export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes })

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
