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
type BookingRequest = components['schemas']['BookingRequest']

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
 * A free ticket's answer: booked, or (a visitor's, when visitors' unproven tickets hold their
 * share of the places, docs/decisions/040) asked for, booked when the e-mailed link is opened.
 */
export type FreeTicket = Booking | BookingRequest

/** POST /bookings/rsvp: booked once, however often the answer is lost (Idempotency-Key). */
async function bookFree(api: Api, input: BookingInput, signal: AbortSignal): Promise<FreeTicket> {
  const body = await writeOnce(
    (attempt) => api.POST('/bookings/rsvp', { body: input, ...attempt }),
    signal,
  )
  return body.data
}

/** The RSVP panel's free ticket: booked, or asked for by e-mail. */
export const createBookingCall = (api: Api) =>
  fromPromise<FreeTicket, BookingInput>(({ input, signal }) => bookFree(api, input, signal))

/**
 * A waitlist offer's free ticket: its place is held for the person, so the server books it at
 * once (a hold of theirs proves them); an answer asking for it by e-mail would be a fault.
 */
export const offerBookingCall = (api: Api) =>
  fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const ticket = await bookFree(api, input, signal)
    if (ticket.Status === 'requested') throw new Error('The offered place was not booked')
    return ticket
  })
