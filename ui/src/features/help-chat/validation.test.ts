import { describe, expect, it } from 'vitest'
import { isValidEmail, validateHelpMessage } from './validation'

describe('isValidEmail (docs/api.md)', () => {
  it.each(['dana@example.com', 'a@b.co', 'first.last+tag@mail.example.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each(['', 'dana', '@example.com', 'dana@example', 'dana@@example.com', 'da na@example.com', 'a@b@c.com'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false)
    },
  )

  it('allows at most 254 characters', () => {
    const domain = '@example.com'
    expect(isValidEmail('a'.repeat(254 - domain.length) + domain)).toBe(true)
    expect(isValidEmail('a'.repeat(255 - domain.length) + domain)).toBe(false)
  })
})

describe('validateHelpMessage', () => {
  const good = { email: 'dana@example.com', name: '', message: 'Where is my order?' }

  it('accepts a message with an optional name left blank', () => {
    expect(validateHelpMessage(good)).toEqual({})
  })

  it('needs a message of 1 to 2000 characters', () => {
    expect(validateHelpMessage({ ...good, message: '' })).toEqual({ message: 'messageMissing' })
    expect(validateHelpMessage({ ...good, message: 'x'.repeat(2000) })).toEqual({})
    expect(validateHelpMessage({ ...good, message: 'x'.repeat(2001) })).toEqual({ message: 'messageTooLong' })
  })

  it('counts characters, not UTF-16 units', () => {
    expect(validateHelpMessage({ ...good, message: '😀'.repeat(2000) })).toEqual({})
  })

  it('allows a name of up to 100 characters', () => {
    expect(validateHelpMessage({ ...good, name: 'n'.repeat(100) })).toEqual({})
    expect(validateHelpMessage({ ...good, name: 'n'.repeat(101) })).toEqual({ name: 'nameTooLong' })
  })

  it('reports a bad e-mail address', () => {
    expect(validateHelpMessage({ ...good, email: 'dana' })).toEqual({ email: 'emailInvalid' })
  })
})
