import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import type { Booking, PastBooking } from './machine'
import { bookingsListMachine } from './machine'

const upcoming: Booking = {
  id: '00000000-0000-4000-8000-0000000000b1',
  Event: 'Rooftop Jazz',
  EventId: 'rooftop-jazz',
  Type: 'event',
  Date: '2026-11-22',
  'Time Slot': '4pm - 8pm',
  Venue: 'Rooftop Terrace',
  Amount: 800_000,
  'Paid with': 'sandbox',
  'Payment Reference': 'demo-jazz-ada',
  Visitors: 0,
  'Names of Visitors': null,
  Status: 'confirmed',
}

const past: PastBooking = {
  id: '00000000-0000-4000-8000-0000000000b2',
  event: 'Film Night',
  type: 'event',
  date: '2026-11-19',
  timeSlot: '7pm - 10pm',
  venue: 'Screening Room',
}

export const bookingsListModel = defineModel(bookingsListMachine, {
  description:
    "A member's bookings: loaded (or none), one row open at a time, its Cancel (booking-cancel) started for a paid booking and its cancellation kept on the row, past bookings on demand; errors retried; without a network, the list last read on this phone, said to be as of then; a 401 ends the session.",
  inputs: {
    'e-mail stored': { email: 'ada@example.com' },
    'e-mail missing': { email: null },
    'a list kept on the phone': {
      email: 'ada@example.com',
      kept: { email: 'ada@example.com', at: '2026-11-21T09:00:00.000Z', bookings: [upcoming] },
    },
  },
  events: {
    ...callEndings(
      'loadBookings',
      [
        { email: 'ada@example.com', bookings: [upcoming] },
        { email: 'ada@example.com', bookings: [] },
      ],
      [
        sessionEnded,
        { error: new ApiError(500, 'Something went wrong on our side.') },
        connectionLost,
      ],
    ),
    ...callEndings('loadPastBookings', [[past]], [sessionEnded, connectionLost]),
    'booking.toggled': [{ id: upcoming.id }, { id: past.id }],
    // The open row's Cancel (its own paths are booking-cancel's): cancelled, the card refunded.
    'xstate.done.actor.bookingCancel': [
      {
        output: {
          id: upcoming.id,
          cancelledAt: '2026-11-21T10:00:00.000Z',
          refund: { way: 'card', amountMinor: upcoming.Amount },
        },
      },
    ],
  },
})
