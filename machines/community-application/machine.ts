import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { type ApplicantFormSettings, applicantFormMachine } from '../applicant-form/machine'
import {
  applicantFormInvoke,
  formAnswers,
  formError,
  isFormLeftBack,
  sendFailure,
  sendingStubs,
} from '../calls/application'
import { errorParams, logCallError } from '../calls/booking'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { communityProblem } from '../rules/applicant'
import {
  ACCOUNT_EXISTS_MESSAGE,
  APPLICANT_FIELDS,
  type Applicant,
  type CommunityDetails,
  type CommunityDraft,
  type CommunityField,
  communityPayloadOf,
  emptyApplicant,
  emptyCommunity,
  isCommunityComplete,
  isCommunityField,
  receivedPath,
} from '../rules/application'

type CommunityCreate = components['schemas']['CommunityCreate']

export interface CommunityApplicationInput {
  /** The stored login: a signed-in person applies with their account (step 1 only). */
  viewer: { signedIn: boolean; email: string | null }
  /** Today in Lagos ('yyyy-MM-dd'): no date of birth after it. */
  today: string
  /** The answers kept from an earlier visit of the form in this tab (a reload, a closed app). */
  draft: CommunityDraft | null
}

export interface CommunityApplicationContext {
  signedIn: boolean
  /** The stored e-mail of a signed-in creator. */
  viewerEmail: string | null
  community: CommunityDetails
  applicant: Applicant
  today: string
  error: string | null
}

export type CommunityApplicationEvent =
  | { type: 'field.changed'; field: CommunityField; value: string }
  | { type: 'step.advanced' }
  | { type: 'form.submitted' }

/** The payload: the signed-in creator's e-mail and no application, or the new applicant's. */
export function communityRequestOf(context: CommunityApplicationContext): CommunityCreate {
  return communityPayloadOf(
    context.community,
    context.signedIn ? null : context.applicant,
    context.viewerEmail,
  ) satisfies CommunityCreate
}

/** Where the applicant's 'All done' page points: the e-mail the application was sent with. */
export const emailOf = (context: CommunityApplicationContext) =>
  context.signedIn ? (context.viewerEmail ?? '') : context.applicant.email

/** Personal Info's form: every field of the person; the names, birth date and e-mail needed. */
export const PERSONAL_FORM: ApplicantFormSettings = {
  fields: APPLICANT_FIELDS,
  required: ['firstName', 'lastName', 'dateOfBirth', 'email'],
  hasPrevious: true,
}

/** Step 1 can be left: every answer in, none longer than the server takes. */
export function isCommunityReady(community: CommunityDetails): boolean {
  return (
    isCommunityComplete(community) &&
    (Object.keys(community) as CommunityField[]).every(
      (field) => communityProblem(field, community[field]) === null,
    )
  )
}

/** What was typed so far, kept in the browser so a reload or a closed app loses none of it. */
const keepDraft = {
  type: 'saveDraft' as const,
  params: ({ context }: { context: CommunityApplicationContext }) => ({
    community: context.community,
    applicant: context.applicant,
  }),
}

/**
 * The community application: Community Info, then (signed out only) Personal Info; the community
 * is created and the person goes to the All done page. An applicant who already has an account
 * is told to log in first and is taken to /login 5 s later (the draft stays, for after the login).
 * Every answer is kept as a draft until the community is created; a draft kept from before fills
 * the form in again.
 */
export const communityApplicationMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CommunityApplicationInput,
      context: {} as CommunityApplicationContext,
      events: {} as CommunityApplicationEvent,
      tags: {} as 'busy' | 'error',
    },
    actors: {
      applicantForm: applicantFormMachine,
      createCommunity: callStub<void, CommunityCreate>('createCommunity'),
    },
    actions: {
      /** The Personal Info form ended: its answers (and the message, cleared by a change). */
      keepAnswers: assign({ applicant: formAnswers, error: formError }),
      ...sendingStubs,
      /** Keeps the answers in the browser (the view's storage); the draft outlives a reload. */
      saveDraft: (_, _params: CommunityDraft) => {},
      navigateToLogin: (_, _params: { email: string }) => {},
    },
    guards: {
      isCommunityField: ({ event }) =>
        event.type === 'field.changed' && isCommunityField(event.field),
      isFormLeftBack,
      isSignedIn: ({ context }) => context.signedIn,
      canContinue: ({ context }) => !context.signedIn && isCommunityReady(context.community),
      canSubmitAsMember: ({ context }) => context.signedIn && isCommunityReady(context.community),
      isAccountExisting: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.message === ACCOUNT_EXISTS_MESSAGE,
    },
    delays: { accountExistsRedirect: 5000 },
  }).createMachine({
    id: 'communityApplication',
    context: ({ input }) => ({
      signedIn: input.viewer.signedIn && !!input.viewer.email,
      viewerEmail: input.viewer.signedIn ? input.viewer.email : null,
      community: { ...emptyCommunity(), ...input.draft?.community },
      applicant: { ...emptyApplicant(), ...input.draft?.applicant },
      today: input.today,
      error: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: 'community',
        states: {
          community: {
            on: {
              'field.changed': {
                guard: 'isCommunityField',
                actions: [
                  assign({
                    community: ({ context, event }) => ({
                      ...context.community,
                      [event.field]: event.value,
                    }),
                    error: null,
                  }),
                  keepDraft,
                ],
              },
              'step.advanced': { guard: 'canContinue', target: 'personal' },
              'form.submitted': {
                guard: 'canSubmitAsMember',
                target: '#communityApplication.submitting',
              },
            },
          },
          // The applicant form (machines/applicant-form) asks every field of the person.
          personal: {
            invoke: {
              ...applicantFormInvoke(PERSONAL_FORM),
              onDone: [
                {
                  guard: 'isFormLeftBack',
                  target: 'community',
                  actions: ['keepAnswers', keepDraft],
                },
                { target: '#communityApplication.submitting', actions: 'keepAnswers' },
              ],
            },
          },
        },
      },
      submitting: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'createCommunity',
          src: 'createCommunity',
          input: ({ context }) => communityRequestOf(context),
          onDone: {
            target: 'leaving',
            actions: [
              'clearDraft',
              {
                type: 'navigateToReceived',
                params: ({ context }) => ({
                  path: receivedPath(emailOf(context), { communitySetUp: context.signedIn }),
                }),
              },
            ],
          },
          onError: [
            {
              guard: { type: 'isAccountExisting', params: errorParams },
              target: 'accountExists',
            },
            {
              guard: 'isSignedIn',
              target: '#communityApplication.editing.community',
              actions: [assign({ error: sendFailure }), logCallError],
            },
            {
              target: '#communityApplication.editing.personal',
              actions: [assign({ error: sendFailure }), logCallError],
            },
          ],
        },
      },
      // 'Account already exists. Log in before applying for community membership.', then /login.
      accountExists: {
        tags: ['error'],
        after: {
          accountExistsRedirect: {
            target: 'leaving',
            actions: {
              type: 'navigateToLogin',
              params: ({ context }) => ({ email: emailOf(context) }),
            },
          },
        },
      },
      leaving: { tags: ['busy'] },
    },
  }),
)
