import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../openapi/client'
import { isActiveStatus } from './rules/membership'

type Account = components['schemas']['Account']

export interface ViewerInput {
  /** A user id and an auth token are both stored. */
  signedIn: boolean
}

/**
 * Who is looking: a visitor, or a signed-in person whose profile says whether they are an
 * active member (the membership flag of the booking area).
 */
export const viewerMachine = setup({
  types: {
    input: {} as ViewerInput,
    context: {} as { signedIn: boolean; account: Account | null },
    events: {} as
      | { type: 'viewer.signedIn' }
      | { type: 'viewer.signedOut' }
      | { type: 'viewer.refresh' },
    tags: {} as 'busy',
  },
  actors: {
    loadProfile: fromPromise<Account>(async () => {
      throw new Error('loadProfile is not provided')
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
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
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: { type: 'isActiveMember', params: ({ event }) => ({ account: event.output }) },
            target: 'member',
            actions: assign({ account: ({ event }) => event.output }),
          },
          { target: 'notMember', actions: assign({ account: ({ event }) => event.output }) },
        ],
        // The flag stays off when the profile cannot be read; every page still works as a guest's.
        onError: {
          target: 'notMember',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    member: { on: { 'viewer.refresh': 'checking' } },
    notMember: { on: { 'viewer.refresh': 'checking' } },
  },
  on: {
    'viewer.signedOut': {
      target: '.visitor',
      actions: assign({ signedIn: false, account: null }),
    },
  },
})
