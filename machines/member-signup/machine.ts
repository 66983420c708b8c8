import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { type ApplicantFormSettings, applicantFormMachine } from '../applicant-form/machine'
import {
  applicantFormInvoke,
  formAnswers,
  formError,
  sendFailure,
  sendingStubs,
  sentToReceived,
} from '../calls/application'
import { logCallError } from '../calls/booking'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import {
  type Applicant,
  applicationOf,
  emptyApplicant,
  SIGNUP_REQUIRED,
} from '../rules/application'
import { isValidEmail } from '../rules/email'

type Application = components['schemas']['Application']

export interface MemberSignupRequest {
  communityId: string
  application: Application
}

export interface MemberSignupInput {
  /** The query: the community's id, its name, and the invited e-mail (read-only). */
  communityId: string | null
  communityName: string | null
  email: string | null
  /** Today in Lagos ('yyyy-MM-dd'): no date of birth after it. */
  today: string
}

export interface MemberSignupContext {
  communityId: string | null
  communityName: string | null
  applicant: Applicant
  today: string
  error: string | null
}

/** The signup's form: every field needed; the e-mail comes with the invite, shown first. */
export const SIGNUP_FORM: ApplicantFormSettings = {
  fields: ['email', ...SIGNUP_REQUIRED],
  required: SIGNUP_REQUIRED,
  locked: ['email'],
}

/**
 * Member signup: an invited person completes their profile (every field, the e-mail from the
 * invite) in the applicant form (machines/applicant-form), sent without a token, then goes to the All done page. Without a community id or a
 * valid e-mail in the link there is nothing to complete. Every answer is kept as a draft until it
 * is sent; a draft kept from before fills the form in again (never the invited e-mail).
 */
export const memberSignupMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as MemberSignupInput,
      context: {} as MemberSignupContext,
      tags: {} as 'busy' | 'error',
    },
    actors: {
      applicantForm: applicantFormMachine,
      signupAsCommunityMember: callStub<void, MemberSignupRequest>('signupAsCommunityMember'),
    },
    actions: {
      /** The form ended: its answers (and the message, cleared by a change) are kept. */
      keepAnswers: assign({ applicant: formAnswers, error: formError }),
      ...sendingStubs,
    },
    guards: {
      isLinkComplete: ({ context }) =>
        context.communityId !== null && isValidEmail(context.applicant.email),
    },
  }).createMachine({
    id: 'memberSignup',
    context: ({ input }) => ({
      communityId: input.communityId?.trim() || null,
      communityName: input.communityName?.trim() || null,
      applicant: { ...emptyApplicant(), email: input.email?.trim() ?? '' },
      today: input.today,
      error: null,
    }),
    initial: 'checking',
    states: {
      checking: {
        always: [{ guard: 'isLinkComplete', target: 'editing' }, { target: 'invalidLink' }],
      },
      // The link lacks the community or the e-mail: the page says so and offers the way on.
      invalidLink: { tags: ['error'] },
      // Every field is needed; the e-mail comes with the invite: shown, never changed.
      editing: {
        invoke: {
          ...applicantFormInvoke(SIGNUP_FORM),
          onDone: { target: 'submitting', actions: 'keepAnswers' },
        },
      },
      submitting: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'signupAsCommunityMember',
          src: 'signupAsCommunityMember',
          input: ({ context }) => ({
            communityId: context.communityId ?? '',
            application: applicationOf(context.applicant, {
              community: true,
            }) satisfies Application,
          }),
          onDone: sentToReceived,
          onError: { target: 'editing', actions: [assign({ error: sendFailure }), logCallError] },
        },
      },
      leaving: { tags: ['busy'], entry: 'clearDraft' },
    },
  }),
)
