/**
 * Spec 2.4: the mobile list bar shows the last breadcrumb, cut to its first two
 * words when it contains "results" (a search's "24 results for …" becomes "24 results").
 * The Hebrew interface's crumb says it with "תוצאות", and is cut the same way.
 */
export function mobileCrumb(name: string): string {
  if (!/results|תוצאות/i.test(name)) return name
  return name.trim().split(/\s+/).slice(0, 2).join(' ')
}
