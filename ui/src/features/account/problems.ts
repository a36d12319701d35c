import { ApiError } from '@/lib/api/errors'
import { sentence } from '@/lib/api/problem'

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
