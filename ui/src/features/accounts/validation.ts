// The server's rules for account fields (docs/api.md, "Schemas"), checked here first to
// save a round trip and to say what is wrong in the shopper's language. The server
// has the final word.

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const NAME_MAX = 100
const EMAIL_MAX = 254

/** What can be wrong with a field; each has a message in messages.ts. */
export type FieldProblem = 'required' | 'email' | 'password' | 'code' | 'nameTooLong'

// Code points, not UTF-16 units: the server counts Rust `char`s, so an emoji is one.
const length = (value: string) => Array.from(value).length

/** One `@`, something on both sides, a dot in the domain, no spaces. */
export function emailProblem(email: string): FieldProblem | undefined {
  if (email === '') return 'required'
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && length(email) <= EMAIL_MAX ? undefined : 'email'
}

/** Passwords are 8 to 128 characters of anything (no composition rules). */
export function passwordProblem(password: string): FieldProblem | undefined {
  if (password === '') return 'required'
  const n = length(password)
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX ? undefined : 'password'
}

export function nameProblem(name: string): FieldProblem | undefined {
  if (name === '') return 'required'
  return length(name) <= NAME_MAX ? undefined : 'nameTooLong'
}

/** The registration code: the six digits of the mail. */
export function codeProblem(code: string): FieldProblem | undefined {
  if (code === '') return 'required'
  return /^\d{6}$/.test(code) ? undefined : 'code'
}

/** Each field's problem, leaving out the fields that have none. */
export function problems<Field extends string>(
  checks: Record<Field, FieldProblem | undefined>,
): Partial<Record<Field, FieldProblem>> {
  return Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem !== undefined)) as Partial<
    Record<Field, FieldProblem>
  >
}
