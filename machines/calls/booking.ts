import { fromPromise } from 'xstate'
import { type Api, ApiError, type components } from '../../openapi/client'
import { BOOKINGS_PATH } from '../rules/bookings'
import { writeOnce } from './write-once'

// What the booking flows (RSVP, co-working, print studio) share about their calls: the request
// shapes, and how a failed call is handled. The transition pieces name the flow's own `logError`
// stub, so each flow still declares it in its setup(); a 401 is in ./session.ts.

type BookingInput = components['schemas']['BookingInput']
type Booking = components['schemas']['Booking']

/** A card payment for a booking (the contract's PaymentInitiation with its booking variant). */
export type BookingPayment = Omit<components['schemas']['PaymentInitiation'], 'booking'> & {
  booking: BookingInput
}

/** A booking paid from a wallet: the debit and the booking commit together on the server. */
export interface WalletDebitRequest {
  walletId: string
  body: components['schemas']['WalletDebit']
}

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

/** Which wallet pays: the person's own, or their community's. */
export type WalletKind = 'personal' | 'community'

/** A call refused because the session ended: the session-expiry flow speaks, not the form. */
export const isUnauthorizedError = (error: unknown) =>
  error instanceof ApiError && error.status === 401

/**
 * A guard of a failed call: the server answered with one of `statuses` (a refusal the flow says
 * in its own way, a booking not found). Its params are the failed call's error (`errorParams`).
 */
export const isStatus =
  (...statuses: number[]) =>
  (_: unknown, params: { error: unknown }) =>
    params.error instanceof ApiError && statuses.includes(params.error.status)

/** The params of `isSessionExpired` and `logError`: the failed call's error. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The `logError` stub, given the failed call's error. */
export const logCallError = { type: 'logError', params: errorParams } as const

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
