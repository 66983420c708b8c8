import { describe, expect, it } from 'vitest'
import { emailError, INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../machines/rules/email'

describe('isValidEmail', () => {
  it.each([
    'ada@example.com',
    'a.b+tag@mail.co.uk',
    'x@y.z',
    // Real guests' addresses: long, hyphenated, tagged, with an apostrophe, in capitals.
    'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng',
    'ada+rsvp@example.com',
    "o'brien@example.ie",
    'Tunde.Bakare@Example.COM',
    'kemi_o@mail-server.example.org',
  ])('accepts %s', (email) => {
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
    // What the HTML standard's rule for <input type=email> refuses: a display name with quotes
    // and brackets, SQL after a quote, spaces, a list, a comment.
    '"x"<victim@evil.example>',
    "guest2@example.com'/**/and/**/5219=5219",
    'a b@example.com',
    'a@b.com,c@d.com',
    'a(comment)@example.com',
    'ada@example.com\n',
    'ada@example.com\u0000',
    'ada@-example.com',
    'ada@example-.com',
    'ada@exa_mple.com',
    `ada@${'a'.repeat(64)}.com`,
    'adé@example.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it('explains the problem in one sentence', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address.')
    expect(emailError('"x"<victim@evil.example>')).toBe(INVALID_EMAIL_MESSAGE)
    expect(emailError(' ada+rsvp@example.com ')).toBe(null)
  })
})
