import { assign, fromPromise, setup } from 'xstate'
import { ApiError, type components } from '../openapi/client'
import { sendFailure } from './application-calls'
import { onFirstUse } from './on-first-use'
import {
  ACCOUNT_EXISTS_MESSAGE,
  type Applicant,
  type ApplicantField,
  type CommunityDetails,
  type CommunityField,
  canSubmitApplicant,
  communityPayloadOf,
  emptyApplicant,
  emptyCommunity,
  isApplicantField,
  isCommunityComplete,
  isCommunityField,
  receivedPath,
} from './rules/application'

type CommunityCreate = components['schemas']['CommunityCreate']

export interface CommunityApplicationInput {
  /** The stored login: a signed-in person applies with their account (step 1 only). */
  viewer: { signedIn: boolean; email: string | null }
  /** Today in Lagos ('yyyy-MM-dd'): no date of birth after it. */
  today: string
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
  | { type: 'community.changed'; field: CommunityField; value: string }
  | { type: 'field.changed'; field: ApplicantField; value: string }
  | { type: 'step.next' }
  | { type: 'step.previous' }
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

/**
 * The community application: Community Info, then (signed out only) Personal Info; the community
 * is created and the person goes to the All done page. An applicant who already has an account
 * is told to log in first and is taken to /login 5 s later.
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
      createCommunity: fromPromise<void, CommunityCreate>(async () => {
        throw new Error('createCommunity is not provided')
      }),
    },
    actions: {
      navigateToReceived: (_, _params: { path: string }) => {},
      navigateToLogin: (_, _params: { email: string }) => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isCommunityField: ({ event }) =>
        event.type === 'community.changed' && isCommunityField(event.field),
      isApplicantField: ({ event }) =>
        event.type === 'field.changed' && isApplicantField(event.field),
      isSignedIn: ({ context }) => context.signedIn,
      canContinue: ({ context }) => !context.signedIn && isCommunityComplete(context.community),
      canSubmitAsMember: ({ context }) =>
        context.signedIn && isCommunityComplete(context.community),
      canSubmitAsApplicant: ({ context }) =>
        isCommunityComplete(context.community) &&
        canSubmitApplicant(context.applicant, context.today),
      isAccountExisting: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.message === ACCOUNT_EXISTS_MESSAGE,
    },
    delays: { accountExistsRedirect: 5000 },
  }).createMachine({
    id: 'communityApplication',
    context: ({ input }) => ({
      signedIn: input.viewer.signedIn && !!input.viewer.email,
      viewerEmail: input.viewer.signedIn ? input.viewer.email : null,
      community: emptyCommunity(),
      applicant: emptyApplicant(),
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
              'community.changed': {
                guard: 'isCommunityField',
                actions: assign({
                  community: ({ context, event }) => ({
                    ...context.community,
                    [event.field]: event.value,
                  }),
                  error: null,
                }),
              },
              'step.next': { guard: 'canContinue', target: 'personal' },
              'form.submitted': {
                guard: 'canSubmitAsMember',
                target: '#communityApplication.submitting',
              },
            },
          },
          personal: {
            on: {
              'field.changed': {
                guard: 'isApplicantField',
                actions: assign({
                  applicant: ({ context, event }) => ({
                    ...context.applicant,
                    [event.field]: event.value,
                  }),
                  error: null,
                }),
              },
              'step.previous': { target: 'community' },
              'form.submitted': {
                guard: 'canSubmitAsApplicant',
                target: '#communityApplication.submitting',
              },
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
            actions: {
              type: 'navigateToReceived',
              params: ({ context }) => ({ path: receivedPath(emailOf(context)) }),
            },
          },
          onError: [
            {
              guard: { type: 'isAccountExisting', params: ({ event }) => ({ error: event.error }) },
              target: 'accountExists',
            },
            {
              guard: 'isSignedIn',
              target: '#communityApplication.editing.community',
              actions: [
                assign({ error: sendFailure }),
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
            {
              target: '#communityApplication.editing.personal',
              actions: [
                assign({ error: sendFailure }),
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
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
