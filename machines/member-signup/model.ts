import { ApiError } from '../../openapi/client'
import type { ApplicantFormOutput } from '../applicant-form/machine'
import { callEndings, defineModel } from '../flow-model'
import { type Applicant, emptyApplicant } from '../rules/application'
import { memberSignupMachine } from './machine'

const today = '2026-11-24'
const community = '00000000-0000-4000-8000-0000000c0001'

/** Bisi's whole profile, as the applicant form (walked on its own) ends with it. */
export const BISI: Applicant = {
  ...emptyApplicant(),
  firstName: 'Bisi',
  lastName: 'Adeyemi',
  pronouns: 'She/Her',
  dateOfBirth: '1992-07-30',
  occupation: 'Architect',
  companyName: 'Studio Eko',
  nationality: 'Nigerian',
  address: '12 Bourdillon Road, Ikoyi',
  country: 'Nigeria',
  phone: '0803 555 0144',
  email: 'bisi@example.com',
  socialLink: 'https://instagram.com/bisi',
  emergencyName: 'Tayo Adeyemi',
  relationship: 'Sibling',
  emergencyPhone: '0803 555 0145',
  referrer: 'Zainab',
}

export const memberSignupModel = defineModel(memberSignupMachine, {
  description:
    'Member signup: an invited person completes every field of their profile in the applicant form (the e-mail comes from the invite and stays), the profile is sent without a token and they go to All done; a link without community or e-mail says so.',
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
    'xstate.done.actor.applicantForm': [
      { output: { applicant: BISI, went: 'on', error: null } satisfies ApplicantFormOutput },
    ],
    ...callEndings(
      'signupAsCommunityMember',
      [undefined],
      [{ error: new ApiError(403, 'This e-mail has no pending invite to this community.') }],
    ),
  },
})
