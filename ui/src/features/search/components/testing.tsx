import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { answer } from '@/testing/api'

/**
 * Stubs `fetch` for `GET /api/search/suggestions`: `suggest` gives the answer for a
 * text, now or later (a promise, for answers that arrive out of order). Returns the
 * requests made, so tests can read their `q` and whether they were aborted.
 */
export function stubSuggestions(
  suggest: (q: string) => string[] | Promise<string[]> = (q) => [`${q} one`, `${q} two`, `${q} three`],
) {
  const requests: Request[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      if (url.pathname !== '/api/search/suggestions') return answer(404, { message: 'Not found' })
      requests.push(request)
      return answer(200, { suggestions: await suggest(url.searchParams.get('q') ?? '') })
    }),
  )
  return requests
}

export const queries = (requests: Request[]) => requests.map((request) => new URL(request.url).searchParams.get('q'))

/** Renders `ui` at / in a router that also has /search, with its own jotai store. */
export function renderWithRouter(ui: ReactNode) {
  const store = createStore()
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/search', element: ui },
    ],
    { initialEntries: ['/'] },
  )
  const { unmount } = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, unmount }
}

/**
 * A user-event session driving fake timers. Testing Library waits a timer tick after
 * each action and advances fake timers only where it finds `jest`, so it gets one.
 */
export function fakeTimerUser() {
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
}

/** Moves fake time on, letting answers (promises) settle on the way. */
export async function wait(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}
