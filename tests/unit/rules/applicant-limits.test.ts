import { describe, expect, it } from 'vitest'
import { APPLICANT_LIMITS, COMMUNITY_LIMITS, fieldProblem } from '../../../machines/rules/applicant'
import { emailProblem, PHONE_LIMITS, phoneProblem } from '../../../machines/rules/contact'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../machines/rules/email'
import { propertyOf, schemas } from './contract-schemas'

// The forms' limits are the contract's (openapi/hotel.yaml): this reads the request schemas of
// the application and signup operations and fails when a limit in machines/rules/applicant.ts
// differs, so the two stay one source.

describe('the applicant limits agree with the contract', () => {
  it.each(Object.entries(APPLICANT_LIMITS))('%s', (_field, limit) => {
    const property = propertyOf('Application', limit?.property ?? '')
    expect(property, `Application has no '${limit?.property}'`).toBeDefined()
    expect(limit?.max).toBe(property?.maxLength)
  })

  it.each(Object.entries(COMMUNITY_LIMITS))('community %s', (_field, limit) => {
    const property = propertyOf('CommunityCreate', limit?.property ?? '')
    expect(limit?.max).toBe(property?.maxLength)
  })

  it("checks phones as the contract's Phone: 5 to 32 characters, digits, spaces, + ( ) and -", () => {
    const phone = schemas.Phone
    expect(PHONE_LIMITS.minDigits).toBe(phone?.minLength)
    expect(PHONE_LIMITS.max).toBe(phone?.maxLength)
    expect(PHONE_LIMITS.pattern.source).toBe(phone?.pattern)
  })

  it("checks e-mail addresses as the contract's EmailAddress", () => {
    expect(EMAIL_PATTERN.source).toBe(schemas.EmailAddress?.pattern)
    expect(EMAIL_MAX_LENGTH).toBe(schemas.EmailAddress?.maxLength)
  })
})

describe('what a field says', () => {
  const today = '2026-11-24'

  it('says a short phone needs 5 digits, once the person has left it', () => {
    expect(phoneProblem('0803')).toEqual({
      message: 'Enter a phone number with at least 5 digits.',
      onLeave: true,
    })
    expect(phoneProblem(' 0803 555 0144 ')).toBeNull()
    expect(phoneProblem('+234 (0) 803-555-0144')).toBeNull()
    expect(phoneProblem('')).toBeNull()
  })

  it('says at once what a phone may hold, and how long it may be', () => {
    expect(phoneProblem('0803 call me')?.message).toBe(
      'Use only digits, spaces, +, ( ) and - in a phone number.',
    )
    expect(phoneProblem('0'.repeat(33))).toEqual({
      message: 'Use at most 32 characters; this has 33.',
      onLeave: false,
    })
  })

  it('counts a name pasted 5,000 characters long, and says the limit', () => {
    expect(fieldProblem('firstName', 'A'.repeat(5000), today)).toEqual({
      message: 'Use at most 120 characters; this has 5,000.',
      onLeave: false,
    })
    expect(fieldProblem('firstName', `  ${'A'.repeat(120)}  `, today)).toBeNull()
    expect(fieldProblem('address', 'A'.repeat(301), today)?.message).toBe(
      'Use at most 300 characters; this has 301.',
    )
  })

  it('refuses an address without its dot-ending, trimmed the one way everywhere', () => {
    expect(emailProblem('oluwaseun.adebayowilliams@gmail')).toEqual({
      message: 'Please enter a valid email address.',
      onLeave: true,
    })
    expect(emailProblem('  ada@example.com ')).toBeNull()
    expect(emailProblem(`${'a'.repeat(250)}@b.co`)?.onLeave).toBe(false)
  })

  it('keeps the date of birth rule', () => {
    expect(fieldProblem('dateOfBirth', '2030-01-01', today)?.message).toBe(
      'Date of birth cannot be after today.',
    )
    expect(fieldProblem('dateOfBirth', '1990-04-12', today)).toBeNull()
  })
})
