import { render } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '@/app/AppProviders'
import { discoverRoutes, routes } from '@/app/routes'
import { languageAtom, type Language } from '@/lib/preferences'

/** Renders the whole app (real route table, layout and providers) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverRoutes })
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { router, ...view }
}

/** Renders one component, with links working, for a shopper who chose `language`. */
export function renderInLanguage(element: ReactElement, language: Language) {
  const store = createStore()
  store.set(languageAtom, language)
  const router = createMemoryRouter([{ path: '*', element }])
  return render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
}
