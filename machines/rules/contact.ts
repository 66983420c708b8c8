import { EMAIL_MAX_LENGTH, emailError } from './email'

// A person's name, phone and e-mail as the contract takes them (openapi/hotel.yaml: PersonName,
// Phone and EmailAddress), checked the one way in every form that asks for them: the applications
// (./applicant.ts) and the booking forms (./booking-fields.ts). A form refuses what the server
// would and says why in its own words; tests/unit/rules/*-limits.test.ts read the contract.

/** Why an answer cannot be sent, and whether to wait until the person leaves the field. */
export interface FieldProblem {
  message: string
  /** A problem that typing on may still mend (a number not yet long enough): shown on leaving. */
  onLeave: boolean
}

/** The most characters of a person's name (the contract's PersonName). */
export const PERSON_NAME_MAX = 120

/**
 * A phone number as the contract's Phone takes it: 5 to 32 characters, digits, spaces, + ( ) and
 * - only; checked as at least 5 digits ('0803' is no number anyone can be called on).
 */
export const PHONE_LIMITS = { minDigits: 5, max: 32, pattern: /^[0-9+()\- ]+$/ } as const

/** A count as a sentence writes it: '5,000'. */
export const countText = (n: number) => n.toLocaleString('en-GB')

/** Text longer than `max` characters, said with both numbers; null when it fits. */
export function tooLong(text: string, max: number): FieldProblem | null {
  return text.length > max
    ? {
        message: `Use at most ${countText(max)} characters; this has ${countText(text.length)}.`,
        onLeave: false,
      }
    : null
}

/** Why a phone number cannot be sent; null when it can (or is empty). */
export function phoneProblem(value: string): FieldProblem | null {
  const text = value.trim()
  if (text === '') return null
  if (!PHONE_LIMITS.pattern.test(text)) {
    return { message: 'Use only digits, spaces, +, ( ) and - in a phone number.', onLeave: false }
  }
  const long = tooLong(text, PHONE_LIMITS.max)
  if (long) return long
  if (text.replace(/\D/g, '').length < PHONE_LIMITS.minDigits) {
    return {
      message: `Enter a phone number with at least ${PHONE_LIMITS.minDigits} digits.`,
      onLeave: true,
    }
  }
  return null
}

/** Why an e-mail address cannot be sent; null when it can (or is empty). */
export function emailProblem(value: string): FieldProblem | null {
  const message = emailError(value)
  // An address without its ending may still be being typed; a too long one will not mend.
  return message ? { message, onLeave: value.trim().length <= EMAIL_MAX_LENGTH } : null
}

/** Why a person's name cannot be sent (too long); null when it can (or is empty). */
export const nameProblem = (value: string): FieldProblem | null =>
  tooLong(value.trim(), PERSON_NAME_MAX)
