import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { expiredOrFailed, loadCallActions, loadCallGuards } from '../calls/member'
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
      events: {} as { type: 'payments.retry' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadPayments: fromPromise<Payment[], { userId: string }>(async () => {
        throw new Error('loadPayments is not provided')
      }),
    },
    actions: loadCallActions,
    guards: loadCallGuards,
  }).createMachine({
    id: 'paymentsList',
    context: ({ input }) => ({ userId: input.userId, payments: [] }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadPayments',
          src: 'loadPayments',
          input: ({ context }) => ({ userId: context.userId }),
          onDone: { target: 'ready', actions: assign({ payments: ({ event }) => event.output }) },
          onError: expiredOrFailed,
        },
      },
      ready: {},
      failed: { tags: ['error'], on: { 'payments.retry': 'loading' } },
      sessionExpired: { tags: ['error'] },
    },
  }),
)
