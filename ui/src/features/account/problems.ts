import { ApiError } from '@/lib/api/errors'
import type { Vars } from '@/lib/i18n'

/**
 * The field a 400 answer names, and why: the server writes "postal_code: a US ZIP
 * code is five digits...". Undefined for any other failure, or a field not in `fields`.
 */
export function fieldProblem<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; reason: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined
  const match = /^(\w+): (.+)$/s.exec(error.message)
  const field = fields.find((f) => f === match?.[1])
  if (!match?.[2] || field === undefined) return undefined
  return { field, reason: sentence(match[2]) }
}

/**
 * What to say when a call failed for another reason: the server's message (in English:
 * in Hebrew, that it did not work), or that no answer came.
 */
export function failure(error: unknown, t: (key: 'failed' | 'offline', vars?: Vars) => string): string {
  return error instanceof ApiError ? t('failed', { reason: sentence(error.message) }) : t('offline')
}

/** The server writes its reasons in lower case and without a full stop. */
function sentence(reason: string): string {
  const capital = reason.charAt(0).toUpperCase() + reason.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}
