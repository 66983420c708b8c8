import { fromPromise } from 'xstate'
import type { Api, components } from '../../openapi/client'
import { BOOKINGS_PATH } from '../rules/bookings'
import type { BookingPayment } from './booking'
import { writeOnce } from './write-once'

// An event's ticket, as the RSVP panel and a waitlist's offer take it: booked free, or paid by
// card. Apart from ./booking.ts, which the calendar loads with the first page: these calls are
// loaded with the flows that make them.

type BookingInput = components['schemas']['BookingInput']
type Booking = components['schemas']['Booking']

/** Who books an event's ticket, as the card payment needs them. */
interface TicketBuyer {
  signedIn: boolean
  userId: string | null
}

/**
 * The card payment of an event's ticket (the RSVP panel's, a waitlist offer's): in naira, on the
 * person's account when signed in; the provider sends them back to /profile/bookings (signed in)
 * or to the ticket's page (`registeredPath`, a guest's).
 */
export function ticketCardPayment(order: {
  origin: string
  viewer: TicketBuyer
  registeredPath: () => string
  email: string
  amountKobo: number
  booking: BookingInput
}): BookingPayment {
  const { viewer } = order
  const path = viewer.signedIn ? BOOKINGS_PATH : order.registeredPath()
  return {
    callbackUrl: `${order.origin}${path}`,
    email: order.email,
    payment: {
      Amount: order.amountKobo,
      Currency: 'NGN',
      Account: viewer.signedIn && viewer.userId ? [viewer.userId] : null,
      Plan: null,
    },
    booking: order.booking,
  }
}

/**
 * The RSVP panel's booking (POST /bookings/rsvp), made by the panel and by a waitlist's offer:
 * booked once, however often the answer is lost on the way (Idempotency-Key).
 */
export const createBookingCall = (api: Api) =>
  fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) => api.POST('/bookings/rsvp', { body: input, ...attempt }),
      signal,
    )
    return body.data
  })
