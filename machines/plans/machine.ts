import { assign, fromPromise, setup } from 'xstate'
import { onFirstUse } from '../on-first-use'
import type { Plan } from '../rules/membership'

/**
 * The membership rates on /membership, read from the server's plans: a skeleton while they
 * load, the rates, or a failure that can be tried again.
 */
export const plansMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { plans: Plan[] },
      events: {} as { type: 'plans.retry' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadPlans: fromPromise<Plan[]>(async () => {
        throw new Error('loadPlans is not provided')
      }),
    },
    actions: { logError: (_, _params: { error: unknown }) => {} },
  }).createMachine({
    id: 'plans',
    context: { plans: [] },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadPlans',
          src: 'loadPlans',
          onDone: { target: 'ready', actions: assign({ plans: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      ready: {},
      failed: { tags: ['error'], on: { 'plans.retry': 'loading' } },
    },
  }),
)
