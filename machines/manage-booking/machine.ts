import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { errorParams } from '../calls/booking'
import { failedOnError, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type ManagedBooking = components['schemas']['ManagedBooking']

/**
 * /manage/:code, the receipt's 'Manage your booking' link, for people with or without an
 * account: the booking, until when it can be cancelled and how the money would come back. Cancel
 * is the booking-cancel flow (by the link's code); once it is done the booking is read again.
 */
export const manageBookingMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as { code: string },
      context: {} as { code: string; booking: ManagedBooking | null },
      events: {} as { type: 'booking.retry' } | { type: 'booking.cancelled' },
      tags: {} as 'busy' | 'error' | 'missing',
    },
    actors: {
      loadBooking: callStub<ManagedBooking, { code: string }>('loadBooking'),
    },
    actions: loadCallActions,
    guards: {
      isMissing: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && [400, 404].includes(params.error.status),
    },
  }).createMachine({
    id: 'manageBooking',
    context: ({ input }) => ({ code: input.code, booking: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadBooking',
          src: 'loadBooking',
          input: ({ context }) => ({ code: context.code }),
          onDone: { target: 'ready', actions: assign({ booking: ({ event }) => event.output }) },
          onError: [
            { guard: { type: 'isMissing', params: errorParams }, target: 'missing' },
            failedOnError,
          ],
        },
      },
      // The booking shows; a cancellation made here reads it again (cancelled, the refund said).
      ready: { on: { 'booking.cancelled': 'loading' } },
      missing: { tags: ['missing'] },
      failed: { tags: ['error'], on: { 'booking.retry': 'loading' } },
    },
  }),
)
