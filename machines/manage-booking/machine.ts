import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { bookingCancelMachine } from '../booking-cancel/machine'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, missingOrFailed } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import { canCancelByLink, cancelInputOf } from './selectors'

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
      events: {} as { type: 'booking.retried' },
      tags: {} as 'busy' | 'error' | 'missing',
      children: {} as { bookingCancel: 'bookingCancel' },
    },
    actors: {
      loadBooking: callStub<ManagedBooking, { code: string }>('loadBooking'),
      // Provided with the call by the link's code (cancelByLinkActors).
      bookingCancel: bookingCancelMachine,
    },
    actions: loadCallActions,
    guards: {
      isMissing: isStatus(400, 404),
      canCancel: ({ context }) => context.booking !== null && canCancelByLink(context.booking),
    },
  }).createMachine({
    id: 'manageBooking',
    context: ({ input }) => ({ code: input.code, booking: null }),
    initial: 'loading',
    states: {
      loading: callState('loadBooking', {
        input: ({ context }) => ({ code: context.code }),
        keep: 'booking',
        target: 'ready',
        onError: missingOrFailed,
      }),
      // The booking shows, with Cancel (the booking-cancel flow, this flow's child) until the
      // cut-off; a cancellation made here reads it again (cancelled, the refund said).
      ready: {
        initial: 'opening',
        states: {
          opening: { always: [{ guard: 'canCancel', target: 'cancelOffered' }, 'settled'] },
          cancelOffered: {
            invoke: {
              id: 'bookingCancel',
              src: 'bookingCancel',
              input: ({ context }) => cancelInputOf(context.code, context.booking),
              onDone: '#manageBooking.loading',
            },
          },
          // Cancelled, past the cut-off, or nothing paid to cancel.
          settled: {},
        },
      },
      missing: { tags: ['missing'] },
      failed: { tags: ['error'], on: { 'booking.retried': 'loading' } },
    },
  }),
)
