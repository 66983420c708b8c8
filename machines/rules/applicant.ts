import {
  type Applicant,
  type ApplicantField,
  birthDateError,
  type CommunityField,
} from './application'
import { EMAIL_MAX_LENGTH, emailError } from './email'
import { andList } from './text'

// What the server takes of an applicant's answers, field by field: the limits of the contract's
// request bodies (openapi/hotel.yaml: Application, CommunityCreate, EmailAddress, PersonName and
// Phone), so a form refuses what the server would and says why in its own words.
// tests/unit/rules/applicant-limits.test.ts reads the contract and fails when the two differ.

/** A field's limit: the contract's property it is sent as, and its most characters. */
export interface FieldLimit {
  /** The property of the contract's Application (or CommunityCreate) it is sent as. */
  property: string
  max: number
}

export const APPLICANT_LIMITS: Partial<Record<ApplicantField, FieldLimit>> = {
  firstName: { property: 'First Name', max: 120 },
  lastName: { property: 'Last Name', max: 120 },
  occupation: { property: 'Occupation', max: 120 },
  companyName: { property: 'Company Name', max: 120 },
  nationality: { property: 'Nationality', max: 80 },
  address: { property: 'Address', max: 300 },
  country: { property: 'Country', max: 80 },
  phone: { property: 'Phone Number', max: 32 },
  email: { property: 'Email Address', max: EMAIL_MAX_LENGTH },
  socialLink: { property: 'Social Link', max: 300 },
  emergencyName: { property: 'Emergency Contact Name', max: 120 },
  emergencyPhone: { property: 'Emergency Contact Phone Number', max: 32 },
  referrer: { property: 'Referrer', max: 120 },
}

export const COMMUNITY_LIMITS: Partial<Record<CommunityField, FieldLimit>> = {
  name: { property: 'communityName', max: 120 },
  about: { property: 'aboutCommunity', max: 2000 },
  goals: { property: 'communityGoals', max: 2000 },
}

/**
 * A phone number as the contract's Phone takes it: 5 to 32 characters, digits, spaces, + ( ) and
 * - only. The application's phones are checked the same way (at least 5 digits: '0803' is no
 * number anyone can be called on).
 */
export const PHONE_LIMITS = { minDigits: 5, max: 32, pattern: /^[0-9+()\- ]+$/ } as const

const PHONE_FIELDS: readonly ApplicantField[] = ['phone', 'emergencyPhone']

/** Why an answer cannot be sent, and whether to wait until the person leaves the field. */
export interface FieldProblem {
  message: string
  /** A problem that typing on may still mend (a number not yet long enough): shown on leaving. */
  onLeave: boolean
}

const count = (n: number) => n.toLocaleString('en-GB')

function tooLong(text: string, max: number): FieldProblem | null {
  return text.length > max
    ? {
        message: `Use at most ${count(max)} characters; this has ${count(text.length)}.`,
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

/** Why one answer cannot be sent as it is; null when it can, or when it is still empty. */
export function fieldProblem(
  field: ApplicantField,
  value: string,
  today: string,
): FieldProblem | null {
  if (field === 'dateOfBirth') {
    const message = birthDateError(value, today)
    return message ? { message, onLeave: false } : null
  }
  if (field === 'email') return emailProblem(value)
  if (PHONE_FIELDS.includes(field)) return phoneProblem(value)
  const limit = APPLICANT_LIMITS[field]
  return limit ? tooLong(value.trim(), limit.max) : null
}

/** Why a community answer cannot be sent as it is (too long); null when it can. */
export function communityProblem(field: CommunityField, value: string): string | null {
  const limit = COMMUNITY_LIMITS[field]
  return (limit && tooLong(value.trim(), limit.max)?.message) || null
}

/** The answers among `fields` that cannot be sent as they are, with why. */
export function applicantProblems(
  applicant: Applicant,
  fields: readonly ApplicantField[],
  today: string,
): Partial<Record<ApplicantField, FieldProblem>> {
  const problems: Partial<Record<ApplicantField, FieldProblem>> = {}
  for (const field of fields) {
    const problem = fieldProblem(field, applicant[field], today)
    if (problem) problems[field] = problem
  }
  return problems
}

/** The fields among `required` with nothing in them yet, in the form's order. */
export function missingApplicantFields(
  applicant: Applicant,
  required: readonly ApplicantField[],
): ApplicantField[] {
  return required.filter((field) => applicant[field].trim() === '')
}

/** The fields' labels, as the forms show them and sentences name them. */
export const APPLICANT_LABELS: Record<ApplicantField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  pronouns: 'Pronouns',
  dateOfBirth: 'Date of birth',
  occupation: 'Occupation',
  companyName: 'Company name',
  nationality: 'Nationality',
  address: 'Home address',
  country: 'Country',
  phone: 'Phone number',
  email: 'Email address',
  socialLink: 'Social link',
  emergencyName: 'Emergency contact name',
  relationship: 'Relationship',
  emergencyPhone: 'Emergency contact phone',
  referrer: 'Who referred you?',
}

/** Fields as a sentence names them: 'first name, last name and date of birth'. */
export function fieldsText(fields: readonly ApplicantField[]): string {
  return andList(fields.map((field) => APPLICANT_LABELS[field].toLowerCase().replace(/\?$/, '')))
}
