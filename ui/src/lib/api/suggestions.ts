import { api } from './client'
import { unwrap } from './errors'

/**
 * `GET /api/search/suggestions?q=`: at most 50 search phrases for the text typed so
 * far. Blank text has none, so it is not sent. Throws ApiError (and an AbortError
 * when `signal` aborts).
 */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<string[]> {
  if (q.trim() === '') return []
  const { suggestions } = await unwrap(api.GET('/search/suggestions', { params: { query: { q } }, signal }))
  return suggestions
}
