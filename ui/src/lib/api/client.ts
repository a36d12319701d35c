import createClient from 'openapi-fetch'
import { readFirstScreen, withFirstScreen } from './firstScreen'
import type { components, paths } from './schema'

/** A schema of the store's API by its OpenAPI name, e.g. `Schema<'Product'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

/**
 * The store's JSON API. The binary serves the UI and the API from one origin
 * (in development Vite proxies `/api`), so requests go to this page's origin;
 * the OpenAPI document's paths are relative to its server URL, `/api`.
 */
export const api = createClient<paths>({
  baseUrl: `${globalThis.location.origin}/api`,
  // Spec 7: every request is marked as AJAX; the server also treats it as CSRF protection.
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  // The first screen's calls are answered from the page itself when the server
  // inlined them; `fetch` is looked up on every call rather than once, so tests can stub it.
  fetch: withFirstScreen(readFirstScreen(document), (request) => globalThis.fetch(request)),
})
