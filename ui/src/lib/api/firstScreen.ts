/**
 * Answers the server wrote into the page for its first screen
 * (`crates/app/src/first_screen.rs`): a JSON object from API URL to that call's answer,
 * in `<script type="application/json" id="first-screen">`. The API client takes an
 * answer from here instead of the network, once: later calls of the same URL (a
 * revalidation, coming back to the page) ask the server, so nothing stays stale.
 */

/** A URL's path and query, with the parameters sorted: two spellings of one call match. */
function callKey(url: URL): string {
  const params = new URLSearchParams(url.search)
  params.sort()
  const query = params.toString()
  return query === '' ? url.pathname : `${url.pathname}?${query}`
}

/** The page's inlined answers by call; none when the page has none or they do not parse. */
export function readFirstScreen(document: Document): Map<string, unknown> {
  const element = document.getElementById('first-screen')
  const answers = new Map<string, unknown>()
  if (element === null) return answers
  element.remove()
  try {
    const parsed: unknown = JSON.parse(element.textContent)
    if (typeof parsed !== 'object' || parsed === null) return answers
    for (const [url, answer] of Object.entries(parsed)) {
      answers.set(callKey(new URL(url, document.baseURI)), answer)
    }
  } catch {
    // A page without usable answers still works: every call goes to the server.
  }
  return answers
}

/**
 * A `fetch` that answers a GET from `answers` when it holds that call, and from the
 * network otherwise.
 */
export function withFirstScreen(answers: Map<string, unknown>, fetch: (request: Request) => Promise<Response>) {
  return (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const key = callKey(url)
    if (request.method === 'GET' && url.origin === globalThis.location.origin && answers.has(key)) {
      const answer = answers.get(key)
      answers.delete(key)
      // Not `Response.json()`: Safari has it only from 17, below the build's browser targets.
      const body = JSON.stringify(answer)
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }))
    }
    return fetch(request)
  }
}
