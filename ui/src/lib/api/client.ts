import createClient from 'openapi-fetch'
import { readFirstScreen, withFirstScreen } from './firstScreen'
import type { components, paths } from './schema'

/** A schema of the store's API by its OpenAPI name, e.g. `Schema<'Product'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

/** The header every answer of the API carries (spec 7): when the shipping configuration last changed. */
export const SHIPPING_UPDATED_HEADER = 'shipping_updated_at'

type HeaderListener = (value: string) => void
const shippingUpdatedListeners = new Set<HeaderListener>()

/**
 * Spec 4.7: calls `listener` with the `shipping_updated_at` header of every answer of
 * the API client that carries one. Answers the function that stops listening.
 */
export function onShippingUpdatedAt(listener: HeaderListener): () => void {
  shippingUpdatedListeners.add(listener)
  return () => {
    shippingUpdatedListeners.delete(listener)
  }
}

/** Tells the listeners about an answer's header; the answer itself goes on untouched. */
export function noticeHeaders(response: Response): Response {
  const value = response.headers.get(SHIPPING_UPDATED_HEADER)
  if (value) {
    for (const listener of shippingUpdatedListeners) {
      try {
        listener(value)
      } catch (error) {
        // A listener's failure must never fail the call that brought the header.
        console.error('A shipping_updated_at listener failed', error)
      }
    }
  }
  return response
}

/**
 * The store's JSON API. The binary serves the UI and the API from one origin
 * (in development Vite proxies `/api`), so requests go to this page's origin;
 * the OpenAPI document's paths are relative to its server URL, `/api`.
 */
const firstScreen = readFirstScreen(document)

/**
 * The answer the page came with for `GET /api{path}`, if it has one, left for the API
 * client to use: for what must be right on the first render (the store's notices).
 */
export function inlinedAnswer(path: string): unknown {
  return firstScreen.get(path)
}

export const api = createClient<paths>({
  baseUrl: `${globalThis.location.origin}/api`,
  // Spec 7: every request is marked as AJAX; the server also treats it as CSRF protection.
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  // The first screen's calls are answered from the page itself when the server
  // inlined them; `fetch` is looked up on every call rather than once, so tests can stub it.
  // Every answer from the network is checked for the shipping header (spec 7).
  fetch: withFirstScreen(firstScreen, (request) => globalThis.fetch(request).then(noticeHeaders)),
})

/**
 * The server words its refusals (and an order's mails) in the language asked for:
 * the interface's, which the layout keeps on `<html lang>` ("he" or "en").
 */
function acceptLanguage(request: Request): Request {
  request.headers.set('Accept-Language', document.documentElement.lang === 'he' ? 'he' : 'en')
  return request
}

api.use({ onRequest: ({ request }) => acceptLanguage(request) })
