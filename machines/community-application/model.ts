import { ApiError } from '../../openapi/client'
import type { ApplicantFormOutput } from '../applicant-form/machine'
import { callEndings, defineModel } from '../flow-model'
import { ACCOUNT_EXISTS_MESSAGE, type Applicant, emptyApplicant } from '../rules/application'
import { type CommunityApplicationContext, communityApplicationMachine } from './machine'

const today = '2026-11-24'

/** A person fills each field once, correcting only what the form refused. */
const corrections: Record<string, string> = { size: 'more' }

/** Femi's answers, as the Personal Info form (the applicant form, walked on its own) ends. */
export const FEMI: Applicant = {
  ...emptyApplicant(),
  firstName: 'Femi',
  lastName: 'Bello',
  dateOfBirth: '1994-02-03',
  email: 'femi@example.com',
}

const formEnded = (went: ApplicantFormOutput['went']): { output: ApplicantFormOutput } => ({
  output: { applicant: FEMI, went, error: null },
})

export const communityApplicationModel = defineModel(communityApplicationMachine, {
  description:
    'The community application: Community Info (name, size 4/6/8 or more than 8 for support, about, aim, registered), then Personal Info for a visitor (the applicant form); the community is created and the person goes to All done. An existing account is told to log in and sent to /login 5 s later. Answers are kept as a draft in the tab until the community is created, and fill the form in again.',
  inputs: {
    'a visitor': { viewer: { signedIn: false, email: null }, today, draft: null },
    'a signed-in member': {
      viewer: { signedIn: true, email: 'zainab@example.com' },
      today,
      draft: null,
    },
    // Femi typed the community's answers and his own, then the page reloaded.
    'a visitor back with a draft': {
      viewer: { signedIn: false, email: null },
      today,
      draft: {
        community: { name: 'Lagos Poets', size: '6', about: 'Monthly readings' },
        applicant: { firstName: 'Femi', lastName: 'Bello' },
      },
    },
  },
  events: {
    'field.changed': [
      { field: 'name', value: 'Lagos Poets' },
      { field: 'size', value: 'more' },
      { field: 'size', value: '6' },
      { field: 'about', value: 'Monthly readings' },
      { field: 'goals', value: 'A printed anthology' },
      { field: 'registered', value: 'No' },
    ],
    // Personal Info's form ends: Submit with its answers fit, or Previous.
    'xstate.done.actor.applicantForm': [formEnded('on'), formEnded('back')],
    ...callEndings(
      'createCommunity',
      [undefined],
      [
        { error: new ApiError(409, ACCOUNT_EXISTS_MESSAGE) },
        { error: new ApiError(501, 'Not implemented yet') },
      ],
    ),
  },
  sendsWhen: (snapshot, event) => {
    if (event.type !== 'field.changed') return true
    const context = snapshot.context as CommunityApplicationContext
    const values: Record<string, string> = { ...context.community }
    const current = values[event.field as string] ?? ''
    return (
      current === '' || (corrections[event.field as string] === current && event.value !== current)
    )
  },
})
