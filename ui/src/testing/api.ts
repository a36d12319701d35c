import { vi } from 'vitest'

/** A JSON answer with the given status, shaped like the server's. */
export function answer(status: number, body: unknown = { message: `status ${status}` }) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

type Route = Response | ((url: URL) => Response) | object

/**
 * Stubs `fetch` with a tiny fake of the store API: `routes` maps a path (without
 * the query string) to a JSON body (answered with 200), a ready `Response`, or a
 * function of the URL. Unknown paths answer 404 like the real server.
 * Returns the URLs requested, in order.
 */
export function stubApi(routes: Record<string, Route>) {
  const requested: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url)
      requested.push(url)
      const route = routes[url.pathname]
      if (route === undefined) return Promise.resolve(answer(404, { message: 'Not found' }))
      if (typeof route === 'function') return Promise.resolve(route(url))
      if (route instanceof Response) return Promise.resolve(route.clone())
      return Promise.resolve(answer(200, route))
    }),
  )
  return requested
}

export interface SentRequest {
  url: URL
  method: string
  /** The parsed JSON body, if any. */
  body: unknown
}

type Handler = (url: URL, body: unknown) => Response | object
type BodyRoute = Response | object | Handler

const isHandler = (route: BodyRoute): route is Handler => typeof route === 'function'

/**
 * Like `stubApi`, for calls with bodies: a route may be a function of the URL and the
 * parsed body, answering a `Response` or a JSON body (200). Returns the requests sent.
 */
export function stubApiWithBodies(routes: Record<string, BodyRoute>) {
  const sent: SentRequest[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      const text = await request.clone().text()
      const body: unknown = text ? JSON.parse(text) : undefined
      sent.push({ url, method: request.method, body })
      const route = routes[url.pathname]
      if (route === undefined) return answer(404, { message: 'Not found' })
      const result = isHandler(route) ? route(url, body) : route
      return result instanceof Response ? result.clone() : answer(200, result)
    }),
  )
  return sent
}
