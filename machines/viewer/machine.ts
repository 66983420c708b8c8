import { assign, emit, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { isActiveStatus } from '../rules/member-status'

type Account = components['schemas']['Account']

export interface ViewerInput {
  /** A user id and an auth token are both stored. */
  signedIn: boolean
}

/**
 * Who is looking: a visitor, or a signed-in person whose profile says whether they are an
 * active member (the membership flag of the booking area). A dead token (the profile call, or
 * any call on a public page, answered 401) makes the person a visitor quietly: the login is
 * cleared, with no banner and no redirect; those belong to the calls that spend money or book.
 */
export const viewerMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as ViewerInput,
      context: {} as { signedIn: boolean; account: Account | null },
      events: {} as
        | { type: 'viewer.signedIn' }
        | { type: 'viewer.signedOut' }
        | { type: 'viewer.sessionExpired' }
        | { type: 'viewer.refreshed' },
      tags: {} as 'busy',
      emitted: {} as { type: 'viewer.loginLost' },
    },
    actors: {
      loadProfile: callStub<Account>('loadProfile'),
    },
    actions: {
      ...loadCallActions,
      /** Forgets the stored login (not a guest's remembered details); provided by the app. */
      clearSession: () => {},
      forgetAccount: assign({ signedIn: false, account: null }),
      /** A dead token ended the login (not a log-out): a page may ask them to log in again. */
      notifyLoginLost: emit({ type: 'viewer.loginLost' }),
    },
    guards: {
      isSignedIn: ({ context }) => context.signedIn,
      ...sessionGuards,
      isActiveMember: (_, params: { account: Account }) =>
        isActiveStatus(params.account.subscriptionStatus),
    },
  }).createMachine({
    id: 'viewer',
    context: ({ input }) => ({ signedIn: input.signedIn, account: null }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'isSignedIn', target: 'checking' }, { target: 'visitor' }],
      },
      visitor: {
        on: { 'viewer.signedIn': { target: 'checking', actions: assign({ signedIn: true }) } },
      },
      checking: {
        tags: ['busy'],
        // A dead token, seen by the profile call or by another call on a public page (the app says).
        on: {
          'viewer.sessionExpired': {
            target: 'visitor',
            actions: ['clearSession', 'forgetAccount', 'notifyLoginLost'],
          },
        },
        invoke: {
          id: 'loadProfile',
          src: 'loadProfile',
          onDone: [
            {
              guard: { type: 'isActiveMember', params: ({ event }) => ({ account: event.output }) },
              target: 'member',
              actions: keepOutput('account'),
            },
            { target: 'notMember', actions: keepOutput('account') },
          ],
          onError: [
            {
              guard: { type: 'isSessionExpired', params: errorParams },
              target: 'visitor',
              actions: ['clearSession', 'forgetAccount', 'notifyLoginLost'],
            },
            // The flag stays off when the profile cannot be read; every page still works as a guest's.
            { target: 'notMember', actions: logCallError },
          ],
        },
      },
      member: {
        on: {
          'viewer.refreshed': 'checking',
          'viewer.sessionExpired': {
            target: 'visitor',
            actions: ['clearSession', 'forgetAccount', 'notifyLoginLost'],
          },
        },
      },
      notMember: {
        on: {
          'viewer.refreshed': 'checking',
          'viewer.sessionExpired': {
            target: 'visitor',
            actions: ['clearSession', 'forgetAccount', 'notifyLoginLost'],
          },
        },
      },
    },
    on: {
      'viewer.signedOut': {
        target: '.visitor',
        actions: 'forgetAccount',
      },
    },
  }),
)
