import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { isActiveStatus } from '../rules/membership'

export type LoginUser = components['schemas']['LoginUser']

/** What spending a magic-link token gives: the session's bearer token and who it is. */
export interface VerifiedLogin {
  token: string
  user: LoginUser
}

export interface VerifyInput {
  /** The `?token=` of the link; null when the address has none. */
  token: string | null
}

/** The spec's messages (section 8). */
export const INVALID_TOKEN = 'Invalid Login Token'
export const VERIFY_FAILED = 'An error occurred while verifying the token'

/** The token was refused (malformed, unknown, spent or expired), not lost on the way. */
function isRefused(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429
  )
}

/**
 * /verify: the page's script spends the magic-link token (a mail scanner's GET of the page
 * spends nothing). Success forgets any earlier login, stores the new one and goes to the front
 * desk (/staff) for staff, to /menu for an active member, else to /bye-laws; failure says why,
 * with a 'Log In' button.
 */
export const verifyMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as VerifyInput,
      context: {} as { token: string | null; login: VerifiedLogin | null; error: string | null },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      verifyMagicLink: callStub<VerifiedLogin, { token: string }>('verifyMagicLink'),
    },
    actions: {
      /** Forgets an earlier login before the new one is stored. */
      clearStorage: () => {},
      /** Stores the token, user id, e-mail, name and phone under the spec's keys. */
      storeLogin: (_, _params: VerifiedLogin) => {},
      navigateToStaff: () => {},
      navigateToMenu: () => {},
      navigateToByeLaws: () => {},
      ...loadCallActions,
    },
    guards: {
      hasToken: ({ context }) => (context.token ?? '').trim() !== '',
      isStaff: (_, params: { login: VerifiedLogin }) => params.login.user.staff,
      isActiveMember: (_, params: { login: VerifiedLogin }) =>
        isActiveStatus(params.login.user.subscriptionStatus),
      isRefused: (_, params: { error: unknown }) => isRefused(params.error),
    },
  }).createMachine({
    id: 'verify',
    context: ({ input }) => ({ token: input.token, login: null, error: null }),
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: 'hasToken', target: 'verifying' },
          { target: 'failed', actions: assign({ error: INVALID_TOKEN }) },
        ],
      },
      verifying: {
        tags: ['busy'],
        invoke: {
          id: 'verifyMagicLink',
          src: 'verifyMagicLink',
          input: ({ context }) => ({ token: (context.token ?? '').trim() }),
          onDone: {
            target: 'signedIn',
            actions: [
              keepOutput('login'),
              'clearStorage',
              { type: 'storeLogin', params: ({ event }) => event.output },
            ],
          },
          onError: [
            {
              guard: { type: 'isRefused', params: errorParams },
              target: 'failed',
              actions: [assign({ error: INVALID_TOKEN }), logCallError],
            },
            {
              target: 'failed',
              actions: [assign({ error: VERIFY_FAILED }), logCallError],
            },
          ],
        },
      },
      signedIn: {
        tags: ['busy'],
        always: [
          {
            guard: {
              type: 'isStaff',
              params: ({ context }) => ({ login: context.login as VerifiedLogin }),
            },
            target: 'toStaff',
          },
          {
            guard: {
              type: 'isActiveMember',
              params: ({ context }) => ({ login: context.login as VerifiedLogin }),
            },
            target: 'toMenu',
          },
          { target: 'toByeLaws' },
        ],
      },
      toStaff: { type: 'final', tags: ['busy'], entry: 'navigateToStaff' },
      toMenu: { type: 'final', tags: ['busy'], entry: 'navigateToMenu' },
      toByeLaws: { type: 'final', tags: ['busy'], entry: 'navigateToByeLaws' },
      failed: { type: 'final', tags: ['error'] },
    },
  }),
)
