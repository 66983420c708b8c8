import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type Payment = components['schemas']['Payment']

export interface PaymentsListInput {
  /** The signed-in person's stored user id. */
  userId: string
}

/** /profile/payments: the signed-in person's payments, latest first; a 401 ends the session. */
export const paymentsListMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as PaymentsListInput,
      context: {} as { userId: string; payments: Payment[] },
      events: {} as { type: 'payments.retried' },
      tags: {} as 'busy' | 'error' | 'expired',
    },
    actors: {
      loadPayments: callStub<Payment[], { userId: string }>('loadPayments'),
    },
    actions: loadCallActions,
    guards: sessionGuards,
  }).createMachine({
    id: 'paymentsList',
    context: ({ input }) => ({ userId: input.userId, payments: [] }),
    initial: 'loading',
    states: {
      loading: callState('loadPayments', {
        input: ({ context }) => ({ userId: context.userId }),
        keep: 'payments',
        target: 'ready',
        onError: expiredOrFailed,
      }),
      ready: {},
      ...loadEndings('payments.retried'),
    },
  }),
)
