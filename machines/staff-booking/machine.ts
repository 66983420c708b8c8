import { setup } from 'xstate'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { type StaffTag, staffGuards, staffRecordReadFailed } from '../calls/staff'
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
      events: {} as { type: 'booking.retried' },
      tags: {} as StaffTag | 'missing',
    },
    actors: {
      loadBooking: callStub<StaffBooking, { id: string }>('loadBooking'),
    },
    actions: loadCallActions,
    guards: {
      ...staffGuards,
      // 404, or 400 for an id that is no booking's id at all (a link cut short).
      isNotFound: isStatus(400, 404),
    },
  }).createMachine({
    id: 'staffBooking',
    context: ({ input }) => ({ id: input.id, booking: null }),
    initial: 'loading',
    states: {
      loading: callState('loadBooking', {
        input: ({ context }) => ({ id: context.id }),
        keep: 'booking',
        target: 'ready',
        onError: staffRecordReadFailed,
      }),
      ready: {},
      missing: { tags: ['missing'] },
      ...loadEndings('booking.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
