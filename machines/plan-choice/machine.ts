import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type PlanOption = components['schemas']['Plan']

/**
 * /profile/payment: the plans on offer are read, and choosing one opens the confirmation with
 * it. Individual plans are offered to everyone; a community's plan comes from its size.
 */
export const planChoiceMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { plans: PlanOption[] },
      events: {} as { type: 'plans.retried' } | { type: 'plan.chosen'; id: string },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadPlans: callStub<PlanOption[]>('loadPlans'),
    },
    actions: {
      navigateToConfirm: (_, _params: { planId: string }) => {},
      ...loadCallActions,
    },
    guards: {
      isOffered: ({ context }, params: { id: string }) =>
        context.plans.some((plan) => plan.id === params.id),
    },
  }).createMachine({
    id: 'planChoice',
    context: { plans: [] },
    initial: 'loading',
    states: {
      loading: callState('loadPlans', { keep: 'plans', target: 'ready', onError: failedOnError }),
      ready: {
        on: {
          'plan.chosen': {
            guard: { type: 'isOffered', params: ({ event }) => ({ id: event.id }) },
            target: 'chosen',
            actions: { type: 'navigateToConfirm', params: ({ event }) => ({ planId: event.id }) },
          },
        },
      },
      chosen: { type: 'final' },
      failed: failedUntil('plans.retried'),
    },
  }),
)
