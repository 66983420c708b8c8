import { ApiError } from '../../openapi/client'
import { connectionLost } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type Booking, ticketRequestMachine } from './machine'

/** The code of the e-mailed link (the browser replay gives it to a request first). */
export const REQUEST_CODE = '7e3b9d2a5c8f41e6b0d4a9c2e5f8b1d7'

const booked: Booking = {
  id: '00000000-0000-4000-8000-0000000000c1',
  Event: 'Poetry & Palm Wine',
  EventId: 'poetry-and-palm-wine',
  Type: 'event',
  Date: '2026-11-26',
  'Time Slot': '4pm - 8pm',
  Venue: 'Courtyard',
  Amount: 0,
  'Paid with': 'free',
  'Payment Reference': 'Free booking',
  Visitors: 0,
  'Names of Visitors': null,
  Status: 'confirmed',
  Ticket: 'a4c9e2b7d1f84a6c9e3b5d7f1a2c4e6b',
}

export const ticketRequestModel = defineModel(ticketRequestMachine, {
  description:
    "The link e-mailed for a visitor's free ticket asked for (decision 040): the page takes the place and shows the ticket; the places gone or the event over says why; an unknown link says so; a lost connection offers a retry.",
  inputs: { 'from the e-mail': { code: REQUEST_CODE } },
  events: {
    ...callEndings(
      'takePlace',
      [booked],
      [
        { error: new ApiError(404, "We can't find this link.") },
        {
          error: new ApiError(
            409,
            "The last places went before you opened the link. Join the waitlist from the event's page: we'll e-mail you if one frees up.",
          ),
        },
        connectionLost,
      ],
    ),
  },
})
