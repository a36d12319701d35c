/** The contact form's fields, as POST /api/contact names them. */
export interface ContactForm {
  name: string
  email: string
  subject: string
  message: string
  order_number: string
}

export type ContactField = keyof ContactForm

/** The server's limits (docs/api.md, "Storefront calls"), checked here first to save a round trip. */
export const CONTACT_LIMITS: Record<ContactField, number> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  order_number: 40,
}

const OPTIONAL: readonly ContactField[] = ['order_number']

export type ContactError = { kind: 'required' } | { kind: 'email' } | { kind: 'tooLong'; max: number }

/**
 * docs/api.md's e-mail rule: one `@`, a non-empty local part, a domain with a dot,
 * no spaces, at most 254 characters. The server has the final word.
 */
export function isEmail(value: string): boolean {
  const parts = value.split('@')
  const [local, domain] = parts
  return (
    parts.length === 2 &&
    local !== undefined &&
    domain !== undefined &&
    local.length > 0 &&
    domain.includes('.') &&
    domain.split('.').every((label) => label.length > 0) &&
    !/\s/.test(value) &&
    value.length <= CONTACT_LIMITS.email
  )
}

/** Spec 5: text inputs trim their value. */
export function trimContact(form: ContactForm): ContactForm {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
    order_number: form.order_number.trim(),
  }
}

/** The problem of each invalid field of a trimmed form; empty when the form can be sent. */
export function validateContact(form: ContactForm): Partial<Record<ContactField, ContactError>> {
  const errors: Partial<Record<ContactField, ContactError>> = {}
  for (const field of Object.keys(CONTACT_LIMITS) as ContactField[]) {
    const value = form[field]
    // Code points, not UTF-16 units: the server counts Rust `char`s, so an emoji is one.
    const length = Array.from(value).length
    if (length === 0) {
      if (!OPTIONAL.includes(field)) errors[field] = { kind: 'required' }
    } else if (field === 'email' && !isEmail(value)) {
      errors[field] = { kind: 'email' }
    } else if (length > CONTACT_LIMITS[field]) {
      errors[field] = { kind: 'tooLong', max: CONTACT_LIMITS[field] }
    }
  }
  return errors
}
