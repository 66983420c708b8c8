import {
  type Applicant,
  type ApplicantField,
  birthDateError,
  type CommunityField,
} from './application'
import { emailProblem, type FieldProblem, phoneProblem, tooLong } from './contact'
import { EMAIL_MAX_LENGTH } from './email'
import { andList } from './text'

// What the server takes of an applicant's answers, field by field: the limits of the contract's
// request bodies (openapi/hotel.yaml: Application and CommunityCreate; a name, a phone and an e-mail
// as ./contact.ts checks them), so a form refuses what the server would and says why in its own
// words.
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

const PHONE_FIELDS: readonly ApplicantField[] = ['phone', 'emergencyPhone']

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
