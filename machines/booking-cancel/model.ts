import { ApiError } from '../../openapi/client'
import { connectionLost, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import { bookingCancelMachine, type CancelledBooking } from './machine'

const ID = '00000000-0000-4000-8000-0000000000c1'

const cancelledTo = (way: CancelledBooking['refund']['way'], amountMinor: number) => ({
  output: {
    id: ID,
    cancelledAt: '2026-11-22T10:00:00.000Z',
    refund: { way, amountMinor },
  } satisfies CancelledBooking,
})

export const bookingCancelModel = defineModel(bookingCancelMachine, {
  description:
    'A person cancels a booking from its row: asked first and told how the money comes back, then cancelled once; after the cut-off the server says when it was; a failed call can be sent again or left; a 401 ends the session.',
  inputs: {
    'paid by card': { id: ID, what: 'Rooftop Jazz', paidWith: 'sandbox', amountMinor: 800_000 },
    'paid from the wallet': {
      id: ID,
      what: 'Co-working',
      paidWith: 'wallet',
      amountMinor: 500_000,
    },
    free: { id: ID, what: 'Film Night', paidWith: 'free', amountMinor: 0 },
  },
  events: {
    'xstate.done.actor.cancelBooking': [
      cancelledTo('card', 800_000),
      cancelledTo('wallet', 500_000),
      cancelledTo('none', 0),
    ],
    'xstate.error.actor.cancelBooking': [
      sessionEnded,
      connectionLost,
      {
        error: new ApiError(
          409,
          'Cancellations for Rooftop Jazz closed at 4pm on Monday, November 23, 2026, 24 hours before it starts.',
        ),
      },
    ],
  },
})
