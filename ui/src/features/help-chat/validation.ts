/**
 * The server's rules for `POST /api/help/messages` (docs/api.md), checked before
 * sending so mistakes show at once; the server checks again and its 400 message is shown.
 */
export const MESSAGE_MAX = 2000
export const NAME_MAX = 100
const EMAIL_MAX = 254

/** One `@`, a non-empty local part, a domain with a dot, no spaces, at most 254 characters. */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX || /\s/.test(email)) return false
  const parts = email.split('@')
  if (parts.length !== 2) return false
  const [local = '', domain = ''] = parts
  return local.length > 0 && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.')
}

/** Length in Unicode characters (code points), as the server counts. */
function characters(text: string): number {
  let count = 0
  for (const character of text) count += character ? 1 : 0
  return count
}

export interface HelpMessage {
  email: string
  name: string
  message: string
}

export type HelpField = keyof HelpMessage
export type HelpProblem = 'emailInvalid' | 'nameTooLong' | 'messageMissing' | 'messageTooLong'

/** The problems of a trimmed form, by field; empty when it may be sent. */
export function validateHelpMessage({ email, name, message }: HelpMessage): Partial<Record<HelpField, HelpProblem>> {
  const problems: Partial<Record<HelpField, HelpProblem>> = {}
  if (!isValidEmail(email)) problems.email = 'emailInvalid'
  if (characters(name) > NAME_MAX) problems.name = 'nameTooLong'
  if (message.length === 0) problems.message = 'messageMissing'
  else if (characters(message) > MESSAGE_MAX) problems.message = 'messageTooLong'
  return problems
}
