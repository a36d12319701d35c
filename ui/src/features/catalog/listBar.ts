/**
 * Spec 2.4: the mobile list bar shows the last breadcrumb, cut to its first two
 * words when it contains "results" (a search's "24 results for …" becomes "24 results").
 */
export function mobileCrumb(name: string): string {
  if (!/results/i.test(name)) return name
  return name.trim().split(/\s+/).slice(0, 2).join(' ')
}

/**
 * Spec 4.10: Reset clears the sort and the facets. Only the search text (`q`)
 * survives, and the page goes back to the first one.
 */
export function resetSearch(params: URLSearchParams): string {
  const q = params.get('q')
  return q === null ? '' : `?${new URLSearchParams({ q }).toString()}`
}
