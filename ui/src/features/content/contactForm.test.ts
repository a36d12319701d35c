import { describe, expect, it } from 'vitest'
import { isEmail, trimContact, validateContact, type ContactForm } from './contactForm'

const filled: ContactForm = {
  name: 'Dana Levi',
  email: 'dana@example.com',
  subject: 'My order',
  message: 'Where is my mug?',
  order_number: '',
}

describe('the contact form', () => {
  it('accepts a complete form without an order number', () => {
    expect(validateContact(filled)).toEqual({})
  })

  it('requires name, e-mail, subject and message', () => {
    expect(validateContact({ name: '', email: '', subject: '', message: '', order_number: '' })).toEqual({
      name: { kind: 'required' },
      email: { kind: 'required' },
      subject: { kind: 'required' },
      message: { kind: 'required' },
    })
  })

  it('checks the e-mail address as the server does', () => {
    expect(isEmail('dana@example.com')).toBe(true)
    expect(isEmail('dana@localhost')).toBe(false)
    expect(isEmail('@example.com')).toBe(false)
    expect(isEmail('dana@@example.com')).toBe(false)
    expect(isEmail('da na@example.com')).toBe(false)
    expect(isEmail('dana@example..com')).toBe(false)
    expect(validateContact({ ...filled, email: 'dana' }).email).toEqual({ kind: 'email' })
  })

  it('keeps each field within the server’s limit, counting characters', () => {
    expect(validateContact({ ...filled, subject: 'x'.repeat(201) }).subject).toEqual({ kind: 'tooLong', max: 200 })
    expect(validateContact({ ...filled, order_number: '1'.repeat(41) }).order_number).toEqual({
      kind: 'tooLong',
      max: 40,
    })
    expect(validateContact({ ...filled, name: 'ש'.repeat(100) }).name).toBeUndefined()
  })

  it('trims every field', () => {
    expect(trimContact({ ...filled, name: '  Dana ', order_number: ' 12 ' })).toMatchObject({
      name: 'Dana',
      order_number: '12',
    })
  })
})
