import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { signedInCustomer } from '@/testing/customer'

// Helpers for the account screens' tests.

/** The signed-in customer the account screens start from. */
export const customer = signedInCustomer()

/**
 * Renders `Screen` on its own route at `path` (with the location `state` a redirect
 * would give it); every other path is a stand-in, so the test reads where it led.
 */
const splitPath = (path: string) => {
  const [pathname = path, query] = path.split('?')
  return { pathname, search: query ? `?${query}` : '' }
}

export function renderScreen(pattern: string, Screen: ComponentType, path = pattern, state?: unknown) {
  const store = createStore()
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Screen },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [{ ...splitPath(path), state }] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, user: userEvent.setup() }
}

/**
 * Stubs `fetch` with an answer that waits until the test calls `answer`, so the
 * screen can be seen while it is busy. `requests` are those sent so far.
 */
export function stubPendingFetch() {
  const requests: Request[] = []
  let release: ((response: Response) => void) | undefined
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request)
      return new Promise<Response>((resolve) => {
        release = resolve
      })
    }),
  )
  return {
    requests,
    answer(response: Response) {
      release?.(response)
    },
  }
}
