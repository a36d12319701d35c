import { refusalOf, sentence } from '@/lib/api/problem'

/**
 * The field a 400 answer names, and why, as a sentence: the server writes "postal_code:
 * a US ZIP code is five digits...". Undefined for any other failure, or a field not in
 * `fields`.
 */
export function fieldProblem<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; reason: string } | undefined {
  const refusal = refusalOf(error)
  const field = fields.find((f) => f === refusal?.field)
  return refusal && field !== undefined ? { field, reason: sentence(refusal.reason) } : undefined
}
