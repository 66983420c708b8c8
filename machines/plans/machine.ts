import { setup } from 'xstate'
import { callState } from '../calls/call-state'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
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
      events: {} as { type: 'plans.retried' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadPlans: callStub<Plan[]>('loadPlans'),
    },
    actions: loadCallActions,
  }).createMachine({
    id: 'plans',
    context: { plans: [] },
    initial: 'loading',
    states: {
      loading: callState('loadPlans', { keep: 'plans', target: 'ready', onError: failedOnError }),
      ready: {},
      failed: failedUntil('plans.retried'),
    },
  }),
)
