import { describe, expect, it } from 'vitest'
import { codeProblem, emailProblem, nameProblem, passwordProblem, problems } from './validation'

describe('the account fields’ rules', () => {
  it('takes an address with one @ and a dotted domain', () => {
    expect(emailProblem('dana@example.com')).toBeUndefined()
    expect(emailProblem('')).toBe('required')
    expect(emailProblem('dana@example')).toBe('email')
    expect(emailProblem('da na@example.com')).toBe('email')
    expect(emailProblem(`${'a'.repeat(250)}@b.co`)).toBe('email')
  })

  it('takes passwords of 8 to 128 characters, counting an emoji as one', () => {
    expect(passwordProblem('')).toBe('required')
    expect(passwordProblem('1234567')).toBe('password')
    expect(passwordProblem('12345678')).toBeUndefined()
    expect(passwordProblem('😀'.repeat(128))).toBeUndefined()
    expect(passwordProblem('x'.repeat(129))).toBe('password')
  })

  it('takes names of at most 100 characters and codes of six digits', () => {
    expect(nameProblem('Dana')).toBeUndefined()
    expect(nameProblem('x'.repeat(101))).toBe('nameTooLong')
    expect(codeProblem('012345')).toBeUndefined()
    expect(codeProblem('12345')).toBe('code')
    expect(codeProblem('12345a')).toBe('code')
  })

  it('lists only the fields with a problem, in order', () => {
    expect(problems({ name: undefined, email: 'email', password: 'required' })).toEqual({
      email: 'email',
      password: 'required',
    })
  })
})
