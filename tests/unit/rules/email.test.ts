import { describe, expect, it } from 'vitest'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../machines/rules/email'

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b+tag@mail.co.uk', 'x@y.z'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each([
    '',
    'ada',
    'ada@example',
    '@example.com',
    'ada@.com',
    'ada@example.',
    'a@b@c.com',
    'ada @example.com',
    ' ada@example.com',
    'ada@example.com ',
  ])("rejects '%s'", (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it('explains the problem in one sentence', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address.')
  })
})
