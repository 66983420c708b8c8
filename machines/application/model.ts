import { ApiError } from '../../openapi/client'
import { defineModel } from '../flow-model'
import type { ApplicationContext } from './machine'
import { applicationMachine } from './machine'

const today = '2026-11-24'

/** A person fills each field once, correcting only what the form refused (a model, not a fuzzer). */
const corrections: Record<string, string> = {
  dateOfBirth: '2030-01-01',
  email: 'ada@',
}

export const applicationModel = defineModel({
  machine: applicationMachine,
  description:
    'The individual application: Profile (first name, last name, date of birth needed), Address and Contact (a valid e-mail needed), then the application is sent, or the invite claimed with a code, and the person goes to the All done page; a failed send keeps everything typed, and a draft kept in the tab fills the form in again after a reload.',
  inputs: {
    'a visitor from the membership page': { name: null, code: null, today },
    'an invitee with a code and a name': { name: 'Chioma', code: 'WELCOME16', today },
  },
  events: {
    'field.changed': [
      { field: 'firstName', value: 'Ada' },
      { field: 'lastName', value: 'Okafor' },
      { field: 'dateOfBirth', value: '2030-01-01' },
      { field: 'dateOfBirth', value: '1990-04-12' },
      { field: 'country', value: 'Nigeria' },
      { field: 'email', value: 'ada@' },
      { field: 'email', value: 'ada@example.com' },
    ],
    // Ada typed the form, then reloaded the page: her answers come back.
    'draft.restored': [
      {
        applicant: {
          firstName: 'Ada',
          lastName: 'Okafor',
          dateOfBirth: '1990-04-12',
          country: 'Nigeria',
          email: 'ada@example.com',
        },
      },
    ],
    'xstate.done.actor.submitApplication': [{ output: undefined }],
    'xstate.error.actor.submitApplication': [
      { error: new ApiError(409, 'An application for this e-mail is already waiting.') },
      { error: new TypeError('Failed to fetch') },
    ],
  },
  sendsWhen: (snapshot, event) => {
    const applicant = (snapshot.context as ApplicationContext).applicant
    // A draft is restored as the form opens, before anything is typed.
    if (event.type === 'draft.restored') return applicant.lastName === ''
    if (event.type !== 'field.changed') return true
    const current = applicant[event.field as keyof typeof applicant]
    return current === '' || (corrections[event.field] === current && event.value !== current)
  },
})
