import { assign, setup } from 'xstate'
import { ApiError } from '../../openapi/client'
import { errorParams } from '../calls/booking'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403 } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'
import type { StaffBooking } from '../staff-bookings/machine'

/**
 * /staff/bookings/:bookingId: one booking, with who made it and how to reach them, what and when,
 * their extra guests and answers, how it was paid, and whether they have come. A booking that is
 * not there (a link from an old message) says so.
 */
export const staffBookingMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { id: string; booking: StaffBooking | null },
      input: {} as { id: string },
      events: {} as { type: 'booking.retry' },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden' | 'missing',
    },
    actors: {
      loadBooking: callStub<StaffBooking, { id: string }>('loadBooking'),
    },
    actions: loadCallActions,
    guards: {
      ...sessionGuards,
      ...forbiddenGuards,
      // 404, or 400 for an id that is no booking's id at all (a link cut short).
      isNotFound: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && [400, 404].includes(params.error.status),
    },
  }).createMachine({
    id: 'staffBooking',
    context: ({ input }) => ({ id: input.id, booking: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadBooking',
          src: 'loadBooking',
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'ready', actions: assign({ booking: ({ event }) => event.output }) },
          onError: [
            expiredOn401,
            refusedOn403,
            { guard: { type: 'isNotFound', params: errorParams }, target: 'missing' },
            failedOnError,
          ],
        },
      },
      ready: {},
      missing: { tags: ['missing'] },
      ...loadEndings('booking.retry'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
