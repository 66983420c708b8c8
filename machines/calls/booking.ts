import { ApiError, type components } from '../../openapi/client'

// What the booking flows (RSVP, co-working, print studio) share about their calls: the request
// shapes, and how a failed call is handled. The transition pieces name the flow's own `logError`
// stub, so each flow still declares it in its setup(); a 401 is in ./session.ts.

type BookingInput = components['schemas']['BookingInput']

/** A card payment for a booking (the contract's PaymentInitiation with its booking variant). */
export type BookingPayment = Omit<components['schemas']['PaymentInitiation'], 'booking'> & {
  booking: BookingInput
}

/** A booking paid from a wallet: the debit and the booking commit together on the server. */
export interface WalletDebitRequest {
  walletId: string
  body: components['schemas']['WalletDebit']
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
