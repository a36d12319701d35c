import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'
import type { ContactForm } from './contactForm'

export function getContentPage(id: number, signal?: AbortSignal) {
  return unwrap(api.GET('/pages/{id}', { params: { path: { id } }, signal }))
}

/** POST /api/contact: 201 with the message's id; a 400 names the field the server refused. */
export function sendContact(form: ContactForm) {
  // The order number is optional: an empty field is sent as none.
  const { order_number, ...required } = form
  return unwrap(api.POST('/contact', { body: order_number ? { ...required, order_number } : required }))
}
