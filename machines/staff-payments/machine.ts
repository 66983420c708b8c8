import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import {
  replacedById,
  staffGuards,
  staffReadFailed,
  staffTypes,
  takeQuery,
  writeFailed,
} from '../calls/staff'
import { callStub } from '../calls/stub'
import { keepRefusal } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import { isBlankReason } from './selectors'

export type StaffPayment = components['schemas']['StaffPayment']
export type PaymentMethod = components['schemas']['PaymentMethod']

export interface RefundRequest {
  id: string
  method: PaymentMethod
  reason: string
}

export interface StaffPaymentsContext {
  /** What was searched for (a reference, an e-mail, a name); blank: the latest payments. */
  query: string
  payments: StaffPayment[]
  /** The payment being refunded, by id. */
  chosen: string | null
  /** The reason for the payer, kept through a failed refund. */
  reason: string
  /** Refund was pressed with no reason written. */
  blankReason: boolean
  /** Why the server refused the refund (refunded meanwhile, not refundable). */
  refusal: string | null
}

export type StaffPaymentsEvent =
  | { type: 'search.submitted'; query: string }
  | { type: 'payments.retried' }
  | { type: 'refund.started'; id: string }
  | { type: 'reason.changed'; reason: string }
  | { type: 'refund.confirmed' }
  | { type: 'refund.cancelled' }
  | { type: 'refund.retried' }

// What a person can do while the list is on show (and after a refund, beside its message).
const browsingEvents = {
  'search.submitted': { target: '#staffPayments.loading', actions: 'takeQuery' },
  'refund.started': { guard: 'isRefundable', target: 'reasoning', actions: 'choosePayment' },
} as const

/**
 * /staff/payments: card and wallet payments, found by reference, e-mail or name. Staff refund one
 * in full with a reason the payer reads: a wallet's at once, a card's through the provider. A
 * refund refused (refunded meanwhile) says so and reads the list again; a failed one can be sent
 * again with its reason.
 */
export const staffPaymentsMachine = onFirstUse(() =>
  setup({
    types: staffTypes<StaffPaymentsContext, StaffPaymentsEvent>(),
    actors: {
      searchPayments: callStub<StaffPayment[], { query: string }>('searchPayments'),
      refund: callStub<StaffPayment, RefundRequest>('refund'),
    },
    actions: {
      ...loadCallActions,
      takeQuery: takeQuery(),
      choosePayment: assign(({ event }) => ({
        chosen: event.type === 'refund.started' ? event.id : null,
        reason: '',
        blankReason: false,
        refusal: null,
      })),
      keepRefusal: keepRefusal(),
    },
    guards: {
      ...staffGuards,
      isConflict: isStatus(409),
      isRefundable: ({ context, event }) =>
        event.type === 'refund.started' &&
        context.payments.some((payment) => payment.id === event.id && payment.refundable),
      isReasonBlank: ({ context }) => isBlankReason(context.reason),
    },
  }).createMachine({
    id: 'staffPayments',
    context: {
      query: '',
      payments: [],
      chosen: null,
      reason: '',
      blankReason: false,
      refusal: null,
    },
    initial: 'loading',
    states: {
      loading: callState('searchPayments', {
        input: ({ context }) => ({ query: context.query }),
        keep: 'payments',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {
        initial: 'browsing',
        states: {
          browsing: { on: browsingEvents },
          reasoning: {
            on: {
              'reason.changed': {
                actions: assign({ reason: ({ event }) => event.reason, blankReason: false }),
              },
              'refund.confirmed': [
                { guard: 'isReasonBlank', actions: assign({ blankReason: true }) },
                { target: 'refunding' },
              ],
              'refund.cancelled': 'browsing',
            },
          },
          refunding: {
            tags: ['busy'],
            invoke: {
              id: 'refund',
              src: 'refund',
              input: ({ context }) => {
                const payment = context.payments.find((p) => p.id === context.chosen)
                return {
                  id: context.chosen ?? '',
                  method: payment?.method ?? 'card',
                  reason: context.reason.trim(),
                }
              },
              onDone: {
                target: 'refunded',
                actions: assign({
                  payments: ({ context, event }) => replacedById(context.payments, event.output),
                }),
              },
              // Refunded meanwhile, or not refundable any more.
              onError: writeFailed('staffPayments', {
                refusal: 'isConflict',
                keep: 'keepRefusal',
                refused: 'refused',
                failed: 'refundFailed',
              }),
            },
          },
          refundFailed: {
            tags: ['error'],
            on: { 'refund.retried': 'refunding', 'refund.cancelled': 'browsing' },
          },
          // Refunded meanwhile, or not refundable any more: the list is read again.
          refused: { on: { 'refund.cancelled': '#staffPayments.loading' } },
          refunded: { on: browsingEvents },
        },
      },
      ...loadEndings('payments.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
