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
