import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type ManagedBooking, manageBookingMachine } from './machine'

/** The code of the receipt's link (the browser replay gives it to a demo booking first). */
export const MANAGE_CODE = '5d2c8e1f9a7b4c3d8e6f1a2b3c4d5e6f'

const managed = (over: Partial<ManagedBooking>): ManagedBooking => ({
  booking: {
    id: '00000000-0000-4000-8000-0000000000b1',
    Event: 'Rooftop Jazz',
    EventId: 'rooftop-jazz',
    Type: 'event',
    Date: '2026-11-28',
    'Time Slot': '4pm - 8pm',
    Venue: 'The Rooftop',
    Amount: 1_500_000,
    'Paid with': 'sandbox',
    Visitors: 0,
    Status: 'confirmed',
    Ticket: '9b1e7c2a4d5f46e8a0c3b7d9e1f2a4c6',
  },
  name: 'Chukwuemeka Okonkwo-Adeyemi',
  email: 'chukwuemeka.okonkwo-adeyemi@lagoscreatives.com.ng',
  cancellable: true,
  cutoff: '2026-11-27T15:00:00.000Z',
  refusal: null,
  refund: { way: 'card', amountMinor: 1_500_000 },
  ...over,
})

export const manageBookingModel = defineModel(manageBookingMachine, {
  description:
    "The receipt's 'Manage your booking' link: the booking, whether it can still be cancelled (until when, and where the money goes) or why not; once cancelled here it is read again; an unknown link says so; a lost connection offers a retry.",
  inputs: { 'from the receipt': { code: MANAGE_CODE } },
  events: {
    ...callEndings(
      'loadBooking',
      [
        managed({}),
        managed({
          cancellable: false,
          refusal:
            'Cancellations for Rooftop Jazz closed at 4pm on Friday, November 27, 2026, 24 hours before it starts.',
        }),
      ],
      [{ error: new ApiError(404, 'No booking has this link.') }, connectionLost],
    ),
    // Its Cancel, cancelled (the question and its answers are booking-cancel's own paths).
    'xstate.done.actor.bookingCancel': [
      {
        output: {
          id: MANAGE_CODE,
          cancelledAt: '2026-11-24T10:00:00.000Z',
          refund: { way: 'card', amountMinor: 1_000_000 },
        },
      },
    ],
  },
})
