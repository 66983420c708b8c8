import type { CancelInput } from '../booking-cancel/machine'
import { cancelledLine } from '../booking-cancel/selectors'
import { type BookingRow, currentBookingRow } from '../bookings-list/selectors'
import { whenInFull } from '../rules/dates'
import type { ManagedBooking } from './machine'

// What the 'Manage your booking' page says of its booking.

/** The booking as a row of /profile/bookings: the same details, ticket and payment. */
export const managedRow = (managed: ManagedBooking): BookingRow =>
  currentBookingRow(managed.booking)

export const isCancelled = (managed: ManagedBooking) => managed.booking.Status === 'cancelled'

/** 'You can cancel until 4pm on Friday, November 27, 2026.' */
export function cancelUntilLine(managed: Pick<ManagedBooking, 'cutoff'>): string {
  return `You can cancel until ${whenInFull(managed.cutoff)}.`
}

/** Once cancelled: what went back, as the cancellation said it. */
export const cancelledNote = (managed: ManagedBooking) => cancelledLine(managed)

/** Cancel is offered: until the cut-off, not yet cancelled, with a payment to say back. */
export const canCancelByLink = (managed: ManagedBooking) =>
  managed.cancellable && !isCancelled(managed) && managedRow(managed).payment !== null

/** What the page's Cancel is started with: the link's code stands for the booking's id. */
export function cancelInputOf(code: string, managed: ManagedBooking | null): CancelInput {
  const row = managed ? managedRow(managed) : null
  return {
    id: code,
    what: row?.event ?? '',
    // Cancel is offered only with a payment (canCancelByLink): without one, a free nothing.
    paidWith: row?.payment?.paidWith ?? 'free',
    amountMinor: row?.payment?.amountMinor ?? 0,
  }
}
