import type { InputHTMLAttributes } from 'react'
import { type ApplicantField, PRONOUNS, RELATIONSHIPS } from '../../machines/rules/application'

// How each applicant field is asked: a text input (with the keyboard and autofill it needs), a
// date, chips or a select. The labels are the rules' (machines/rules/applicant.ts).

export type FieldKind =
  | { kind: 'text'; attributes?: InputHTMLAttributes<HTMLInputElement> }
  | { kind: 'date' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'select'; options: 'countries' | 'nationalities' | readonly string[] }

const phone = { type: 'tel', inputMode: 'tel', placeholder: '0803 000 0000' } as const
const noAutocorrect = { autoCapitalize: 'off', spellCheck: false } as const

export const FIELD_KINDS: Record<ApplicantField, FieldKind> = {
  firstName: { kind: 'text', attributes: { autoComplete: 'given-name', autoCapitalize: 'words' } },
  lastName: { kind: 'text', attributes: { autoComplete: 'family-name', autoCapitalize: 'words' } },
  pronouns: { kind: 'choice', options: PRONOUNS },
  dateOfBirth: { kind: 'date' },
  occupation: {
    kind: 'text',
    attributes: { autoComplete: 'organization-title', placeholder: 'e.g. Photographer' },
  },
  companyName: { kind: 'text', attributes: { autoComplete: 'organization' } },
  nationality: { kind: 'select', options: 'nationalities' },
  address: {
    kind: 'text',
    attributes: { autoComplete: 'street-address', placeholder: 'Street, area, city' },
  },
  country: { kind: 'select', options: 'countries' },
  phone: { kind: 'text', attributes: { ...phone, autoComplete: 'tel' } },
  email: {
    kind: 'text',
    attributes: {
      type: 'email',
      inputMode: 'email',
      autoComplete: 'email',
      placeholder: 'you@example.com',
      ...noAutocorrect,
    },
  },
  socialLink: {
    kind: 'text',
    attributes: {
      type: 'url',
      inputMode: 'url',
      placeholder: 'https://instagram.com/you',
      ...noAutocorrect,
    },
  },
  emergencyName: { kind: 'text', attributes: { autoCapitalize: 'words' } },
  relationship: { kind: 'select', options: RELATIONSHIPS },
  emergencyPhone: { kind: 'text', attributes: phone },
  referrer: {
    kind: 'text',
    attributes: { autoCapitalize: 'words', placeholder: 'A member, a friend, Instagram…' },
  },
}
