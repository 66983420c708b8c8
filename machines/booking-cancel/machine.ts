import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { errorParams, isStatus, logCallError } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { keepRefusal } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import type { PaidWith } from '../rules/bookings'

export type CancelledBooking = components['schemas']['CancelledBooking']

/** The booking as its row in /profile/bookings knows it. */
export interface CancelInput {
  id: string
  /** What was booked: 'Rooftop Jazz', 'Co-working'. */
  what: string
  /** How it was paid (the Booking's 'Paid with'). */
  paidWith: PaidWith
  amountMinor: number
}

/**
 * Cancel, in a booking's row of /profile/bookings: the person is asked first, told how the money
 * comes back, then the booking is cancelled once however often the answer is lost on the way
 * (Idempotency-Key). After the cut-off the server says when it was; a failed call can be sent
 * again or left.
 */
export const bookingCancelMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CancelInput,
      context: {} as CancelInput & {
        result: CancelledBooking | null
        /** Why the server refused (the cut-off has passed, checked in at the door). */
        refusal: string | null
      },
      events: {} as
        | { type: 'cancel.started' }
        | { type: 'cancel.confirmed' }
        | { type: 'cancel.kept' }
        | { type: 'cancel.retried' },
      tags: {} as 'busy' | 'error' | 'expired',
      output: {} as CancelledBooking,
    },
    actors: {
      cancelBooking: callStub<CancelledBooking, { id: string }>('cancelBooking'),
    },
    actions: {
      ...loadCallActions,
      keepRefusal: keepRefusal(),
    },
    guards: {
      ...sessionGuards,
      // 404 (no longer theirs) and 409 (the cut-off has passed): the server says why.
      isRefusal: isStatus(404, 409),
    },
  }).createMachine({
    id: 'bookingCancel',
    context: ({ input }) => ({ ...input, result: null, refusal: null }),
    // Cancelled: the answer, for whoever started it (the list marks the row).
    output: ({ context }) => context.result as CancelledBooking,
    initial: 'idle',
    states: {
      idle: { on: { 'cancel.started': 'confirming' } },
      confirming: { on: { 'cancel.confirmed': 'cancelling', 'cancel.kept': 'idle' } },
      cancelling: callState('cancelBooking', {
        input: ({ context }) => ({ id: context.id }),
        keep: 'result',
        target: 'cancelled',
        onError: [
          expiredOn401,
          {
            guard: { type: 'isRefusal', params: errorParams },
            target: 'refused',
            actions: { type: 'keepRefusal', params: errorParams },
          },
          { target: 'failed', actions: logCallError },
        ],
      }),
      refused: { on: { 'cancel.kept': 'idle' } },
      failed: { tags: ['error'], on: { 'cancel.retried': 'cancelling', 'cancel.kept': 'idle' } },
      cancelled: { type: 'final' },
      sessionExpired: { tags: ['expired'] },
    },
  }),
)
