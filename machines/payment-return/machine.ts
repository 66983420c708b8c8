import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { keepOutput } from '../calls/call-state'
import { failedOnError, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

/** What the provider says about a payment; 'refunded' when it landed on a sold-out place. */
export type PaymentStatus = 'pending' | 'success' | 'failed' | 'abandoned' | 'refunded'

export interface PaymentOutcome {
  reference: string
  status: PaymentStatus
  purpose: string
}

export interface PaymentReturnInput {
  /** The `?reference=` (or `?trxref=`) the provider sent the browser back with; null if none. */
  reference: string | null
}

/** How many times a pending payment is checked again without being asked. */
export const AUTOMATIC_CHECKS = 3

/**
 * Coming back from the card provider: the payment is settled with the verification call and its
 * outcome shown (confirmed, declined, refunded, still pending) before the page goes on, so no one
 * is left guessing. Without a reference there is nothing to settle.
 */
export const paymentReturnMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as PaymentReturnInput,
      context: {} as {
        reference: string | null
        outcome: PaymentOutcome | null
        /** Automatic re-checks of a pending payment done so far. */
        autoChecks: number
      },
      events: {} as { type: 'payment.rechecked' } | { type: 'payment.retried' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      verifyPayment: callStub<PaymentOutcome, { reference: string }>('verifyPayment'),
    },
    actions: {
      /** Takes the reference out of the address, so a reload does not settle the payment again. */
      clearReference: () => {},
      ...loadCallActions,
    },
    guards: {
      hasReference: ({ context }) => context.reference !== null && context.reference !== '',
      isPaid: (_, params: { outcome: PaymentOutcome }) => params.outcome.status === 'success',
      isDeclined: (_, params: { outcome: PaymentOutcome }) =>
        params.outcome.status === 'failed' || params.outcome.status === 'abandoned',
      isRefunded: (_, params: { outcome: PaymentOutcome }) => params.outcome.status === 'refunded',
      isUnknownReference: (_, params: { error: unknown }) =>
        params.error instanceof ApiError &&
        (params.error.status === 404 || params.error.status === 400),
      canCheckAutomatically: ({ context }) => context.autoChecks < AUTOMATIC_CHECKS,
    },
    delays: { pendingRecheck: 4000 },
  }).createMachine({
    id: 'paymentReturn',
    context: ({ input }) => ({ reference: input.reference, outcome: null, autoChecks: 0 }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'hasReference', target: 'verifying' }, { target: 'none' }],
      },
      none: {},
      verifying: {
        tags: ['busy'],
        invoke: {
          id: 'verifyPayment',
          src: 'verifyPayment',
          input: ({ context }) => ({ reference: context.reference ?? '' }),
          onDone: [
            {
              guard: { type: 'isPaid', params: ({ event }) => ({ outcome: event.output }) },
              target: 'confirmed',
              actions: keepOutput('outcome'),
            },
            {
              guard: { type: 'isDeclined', params: ({ event }) => ({ outcome: event.output }) },
              target: 'declined',
              actions: keepOutput('outcome'),
            },
            {
              guard: { type: 'isRefunded', params: ({ event }) => ({ outcome: event.output }) },
              target: 'refunded',
              actions: keepOutput('outcome'),
            },
            { target: 'pending', actions: keepOutput('outcome') },
          ],
          onError: [
            {
              guard: {
                type: 'isUnknownReference',
                params: errorParams,
              },
              target: 'unknown',
              actions: logCallError,
            },
            failedOnError,
          ],
        },
      },
      confirmed: { entry: 'clearReference' },
      declined: { tags: ['error'] },
      refunded: { tags: ['error'] },
      pending: {
        on: { 'payment.rechecked': 'verifying' },
        after: {
          pendingRecheck: {
            guard: 'canCheckAutomatically',
            target: 'verifying',
            actions: assign({ autoChecks: ({ context }) => context.autoChecks + 1 }),
          },
        },
      },
      /** The server does not know this reference, or it is not one (a mistyped or foreign address). */
      unknown: { tags: ['error'] },
      /** The verification could not be done (network, server): nothing is known yet. */
      failed: { tags: ['error'], on: { 'payment.retried': 'verifying' } },
    },
  }),
)
