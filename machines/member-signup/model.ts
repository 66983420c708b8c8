import { ApiError } from '../../openapi/client'
import { defineModel } from '../flow-model'
import { signupMissing } from '../rules/application'
import { type MemberSignupContext, memberSignupMachine } from './machine'

const today = '2026-11-24'
const community = '00000000-0000-4000-8000-0000000c0001'

export const memberSignupModel = defineModel({
  machine: memberSignupMachine,
  description:
    'Member signup: an invited person completes every field of their profile (the e-mail comes from the invite and stays), the profile is sent without a token and they go to All done; a link without community or e-mail says so. Answers are kept as a draft in the tab until sent, and fill the form in again (never the e-mail).',
  inputs: {
    'an invited person': {
      communityId: community,
      communityName: 'Lagos Poets',
      email: 'bisi@example.com',
      today,
    },
    'a link without its community': {
      communityId: null,
      communityName: null,
      email: 'bisi@example.com',
      today,
    },
  },
  events: {
    'field.changed': [
      { field: 'firstName', value: 'Bisi' },
      { field: 'lastName', value: 'Adeyemi' },
      { field: 'pronouns', value: 'She/Her' },
      { field: 'dateOfBirth', value: '2030-01-01' },
      { field: 'dateOfBirth', value: '1992-07-30' },
      { field: 'occupation', value: 'Architect' },
      { field: 'companyName', value: 'Studio Eko' },
      { field: 'nationality', value: 'Nigerian' },
      { field: 'address', value: '12 Bourdillon Road, Ikoyi' },
      { field: 'country', value: 'Nigeria' },
      { field: 'phone', value: '0803 555 0144' },
      { field: 'socialLink', value: 'https://instagram.com/bisi' },
      { field: 'emergencyName', value: 'Tayo Adeyemi' },
      { field: 'relationship', value: 'Sibling' },
      { field: 'emergencyPhone', value: '0803 555 0145' },
      { field: 'referrer', value: 'Zainab' },
    ],
    // Bisi had typed half the form when the page reloaded.
    'draft.restored': [
      {
        applicant: {
          firstName: 'Bisi',
          lastName: 'Adeyemi',
          pronouns: 'She/Her',
          dateOfBirth: '1992-07-30',
          email: 'someone@else.com',
        },
      },
    ],
    'xstate.done.actor.signupAsCommunityMember': [{ output: undefined }],
    'xstate.error.actor.signupAsCommunityMember': [
      { error: new ApiError(403, 'This e-mail has no pending invite to this community.') },
    ],
  },
  // A person fills the form from top to bottom, correcting only what it refused: the walk stays
  // one path long instead of every order of fifteen fields.
  sendsWhen: (snapshot, event) => {
    const context = snapshot.context as MemberSignupContext
    // A draft is restored as the form opens, before anything is typed.
    if (event.type === 'draft.restored') return context.applicant.firstName === ''
    if (event.type !== 'field.changed') return true
    const [next] = signupMissing(context.applicant, context.today)
    const current = context.applicant[event.field as keyof typeof context.applicant]
    return event.field === next && event.value !== current
  },
})
