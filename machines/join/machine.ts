import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { loadCallActions } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export interface JoinInput {
  /** The `?community=` id; empty when the address has none. */
  communityId: string
  communityName: string
  email: string
  /** A login is stored: the join call needs its bearer token. */
  signedIn: boolean
}

export interface JoinContext extends JoinInput {
  error: string | null
}

/** The spec's messages (section 8). */
export const INVALID_COMMUNITY = 'Invalid Community ID'
export const INVALID_INVITE = 'Invalid invite'
export const JOIN_FAILED = 'An error occurred while processing the request'

/** What the join call answers: its status must be 'success'. */
export interface JoinOutcome {
  status: string
}

/**
 * /join-community: a signed-in invitee accepts (or puts off) the invite to a community. A
 * missing community id, a refused join and a failed call each say so; without a login the
 * person is sent to log in with the invited e-mail.
 */
export const joinMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as JoinInput,
      context: {} as JoinContext,
      events: {} as { type: 'invite.accepted' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      joinCommunity: callStub<JoinOutcome, { communityId: string }>('joinCommunity'),
    },
    actions: {
      navigateToMenu: () => {},
      /** To /login with the invited e-mail, to come back signed in. */
      navigateToLogin: (_, _params: { email: string }) => {},
      ...loadCallActions,
    },
    guards: {
      hasCommunity: ({ context }) => context.communityId.trim() !== '',
      isSignedIn: ({ context }) => context.signedIn,
      isJoined: (_, params: { outcome: JoinOutcome }) => params.outcome.status === 'success',
      ...sessionGuards,
      isRefused: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.status < 500,
    },
    delays: { loginRedirect: 3000 },
  }).createMachine({
    id: 'join',
    context: ({ input }) => ({ ...input, error: null }),
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: { type: 'hasCommunity' }, target: 'checkingLogin' },
          { target: 'error', actions: assign({ error: INVALID_COMMUNITY }) },
        ],
      },
      checkingLogin: {
        always: [{ guard: 'isSignedIn', target: 'idle' }, { target: 'needsLogin' }],
      },
      idle: { on: { 'invite.accepted': 'loading' } },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'joinCommunity',
          src: 'joinCommunity',
          input: ({ context }) => ({ communityId: context.communityId.trim() }),
          onDone: [
            {
              guard: { type: 'isJoined', params: ({ event }) => ({ outcome: event.output }) },
              target: 'success',
            },
            { target: 'error', actions: assign({ error: INVALID_INVITE }) },
          ],
          onError: [
            { guard: { type: 'isSessionExpired', params: errorParams }, target: 'needsLogin' },
            {
              guard: { type: 'isRefused', params: errorParams },
              target: 'error',
              actions: [assign({ error: INVALID_INVITE }), logCallError],
            },
            { target: 'error', actions: [assign({ error: JOIN_FAILED }), logCallError] },
          ],
        },
      },
      success: { type: 'final', entry: 'navigateToMenu' },
      /** No login (or a dead one): said on screen, then /login?email= after 3 s. */
      needsLogin: {
        after: {
          loginRedirect: {
            target: 'leaving',
            actions: {
              type: 'navigateToLogin',
              params: ({ context }) => ({ email: context.email }),
            },
          },
        },
      },
      leaving: { type: 'final' },
      error: { type: 'final', tags: ['error'] },
    },
  }),
)
