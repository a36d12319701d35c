import { api, type Schema } from '@/lib/api/client'

/** What POST /api/client-errors stores for the store owner (docs/api.md). */
export type ClientError = Pick<Schema<'ClientErrorReport'>, 'message' | 'url' | 'status'>

// An error object is reported once, however often its screen renders.
const reported = new WeakSet<object>()

/**
 * Spec 8, "any other" status: report to the error-reporting service, which is the
 * store's own POST /api/client-errors. The report's own failure is ignored: there
 * is nowhere left to report it.
 */
export async function reportClientError(error: object, report: ClientError): Promise<void> {
  if (reported.has(error)) return
  reported.add(error)
  try {
    await api.POST('/client-errors', { body: report })
  } catch {
    // Ignored (see above).
  }
}
