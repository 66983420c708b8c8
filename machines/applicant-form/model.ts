import { defineModel } from '../flow-model'
import { INDIVIDUAL_STEPS, SIGNUP_REQUIRED } from '../rules/application'
import { type ApplicantFormContext, applicantFormMachine } from './machine'

const today = '2026-11-24'
const stepFields = (id: string) => INDIVIDUAL_STEPS.find((step) => step.id === id)?.fields ?? []

/** A name pasted by mistake: far longer than the server takes (120). */
export const LONG_NAME = 'Adaeze'.repeat(834)

/** A person fills each field once, correcting only what the form refused (a model, not a fuzzer). */
const corrections: Record<string, string> = {
  firstName: LONG_NAME,
  dateOfBirth: '2030-01-01',
  phone: '0803',
  email: 'ada@',
}

// The refused values are walked on the steps' forms; member signup takes the good ones only.
const badValues: Record<string, true> = Object.fromEntries(
  Object.values(corrections).map((value) => [value, true]),
)

export const applicantFormModel = defineModel(applicantFormMachine, {
  description:
    "The applicant's answers, as each application asks them: every change kept as a draft in the tab; a date of birth after today, a phone of fewer than 5 digits, an e-mail without its ending or a name longer than the server takes each say why beside the field (a mendable one once the field is left) and keep the form from going on; it ends when the person goes on with every needed answer in, or back a step. A restored draft never changes the invited e-mail.",
  inputs: {
    'the Profile step of the individual application': {
      applicant: {},
      today,
      fields: stepFields('profile'),
      required: ['firstName', 'lastName', 'dateOfBirth'],
      goesOnTo: 'continue',
    },
    'the Contact step, after a failed send': {
      applicant: { firstName: 'Ada', lastName: 'Okafor', dateOfBirth: '1990-04-12' },
      today,
      fields: stepFields('contact'),
      required: ['email'],
      hasPrevious: true,
      error: 'We could not send your application. Nothing you typed is lost.',
    },
    'member signup, the e-mail from the invite': {
      applicant: { email: 'bisi@example.com' },
      today,
      fields: ['email', ...SIGNUP_REQUIRED],
      required: SIGNUP_REQUIRED,
      locked: ['email'],
    },
  },
  events: {
    'field.changed': [
      { field: 'firstName', value: LONG_NAME },
      { field: 'firstName', value: 'Ada' },
      { field: 'lastName', value: 'Okafor' },
      { field: 'pronouns', value: 'She/Her' },
      { field: 'dateOfBirth', value: '2030-01-01' },
      { field: 'dateOfBirth', value: '1990-04-12' },
      { field: 'occupation', value: 'Architect' },
      { field: 'companyName', value: 'Studio Eko' },
      { field: 'nationality', value: 'Nigerian' },
      { field: 'address', value: '12 Bourdillon Road, Ikoyi' },
      { field: 'country', value: 'Nigeria' },
      { field: 'phone', value: '0803' },
      { field: 'phone', value: '0803 555 0144' },
      { field: 'email', value: 'ada@' },
      { field: 'email', value: 'ada@example.com' },
      { field: 'socialLink', value: 'https://instagram.com/ada' },
      { field: 'emergencyName', value: 'Tayo Okafor' },
      { field: 'relationship', value: 'Sibling' },
      { field: 'emergencyPhone', value: '0803 555 0145' },
      { field: 'referrer', value: 'Zainab' },
    ],
    'field.left': [{ field: 'phone' }, { field: 'email' }],
    // The person typed half the form, then reloaded the page: the answers come back.
    'draft.restored': [
      { applicant: { firstName: 'Bisi', lastName: 'Adeyemi', email: 'someone@else.com' } },
    ],
  },
  sendsWhen: (snapshot, event) => {
    const context = snapshot.context as ApplicantFormContext
    const { applicant } = context
    // A draft is restored as the form opens, before anything is typed.
    if (event.type === 'draft.restored') return applicant.firstName === ''
    // Leaving a field matters where it shows a mendable problem.
    if (event.type === 'field.left') {
      return corrections[event.field] === applicant[event.field as keyof typeof applicant]
    }
    if (event.type !== 'field.changed') return true
    // Top to bottom, each field once, correcting only what the form refused: one path, not every
    // order of fifteen fields.
    const field = event.field as keyof typeof applicant
    const next = context.fields.find(
      (f) =>
        !context.locked.includes(f) &&
        (applicant[f].trim() === '' || corrections[f] === applicant[f]),
    )
    const current = applicant[field]
    if (field !== next || event.value === current) return false
    // Member signup takes the good values only: the refused ones are walked on the steps' forms.
    return !(context.required.length > 4 && event.value in badValues)
  },
})
