import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { keepApplicantDraft, sendFailure, sentToReceived } from '../calls/application'
import { logCallError } from '../calls/booking'
import { onFirstUse } from '../on-first-use'
import {
  type Applicant,
  type ApplicantField,
  applicationOf,
  emptyApplicant,
  isApplicantField,
  signupMissing,
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

export type MemberSignupEvent =
  | { type: 'field.changed'; field: ApplicantField; value: string }
  /** The answers kept from an earlier visit of the form in this tab (a reload, a closed app). */
  | { type: 'draft.restored'; applicant: Partial<Applicant> }
  | { type: 'form.submitted' }

/**
 * Member signup: an invited person completes their profile (every field, the e-mail from the
 * invite), sent without a token, then goes to the All done page. Without a community id or a
 * valid e-mail in the link there is nothing to complete. Every answer is kept as a draft until it
 * is sent; a draft kept from before fills the form in again (never the invited e-mail).
 */
export const memberSignupMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as MemberSignupInput,
      context: {} as MemberSignupContext,
      events: {} as MemberSignupEvent,
      tags: {} as 'busy' | 'error',
    },
    actors: {
      signupAsCommunityMember: fromPromise<void, MemberSignupRequest>(async () => {
        throw new Error('signupAsCommunityMember is not provided')
      }),
    },
    actions: {
      restoreDraft: assign({
        applicant: ({ context, event }) =>
          event.type === 'draft.restored'
            ? { ...context.applicant, ...event.applicant, email: context.applicant.email }
            : context.applicant,
      }),
      /** Keeps the answers in the browser (the view's storage); the draft outlives a reload. */
      saveDraft: (_, _params: { applicant: Applicant }) => {},
      /** Forgets the kept answers: the profile is sent. */
      clearDraft: () => {},
      navigateToReceived: (_, _params: { path: string }) => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isLinkComplete: ({ context }) =>
        context.communityId !== null && isValidEmail(context.applicant.email),
      // The e-mail comes with the invite: it is shown, never changed.
      isEditableField: ({ event }) =>
        event.type === 'field.changed' && isApplicantField(event.field) && event.field !== 'email',
      isComplete: ({ context }) => signupMissing(context.applicant, context.today).length === 0,
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
      editing: {
        on: {
          'field.changed': {
            guard: 'isEditableField',
            actions: [
              assign({
                applicant: ({ context, event }) => ({
                  ...context.applicant,
                  [event.field]: event.value,
                }),
                error: null,
              }),
              keepApplicantDraft,
            ],
          },
          'draft.restored': { actions: 'restoreDraft' },
          'form.submitted': { guard: 'isComplete', target: 'submitting' },
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
