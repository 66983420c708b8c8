import { guestsLine } from '../check-in/selectors'
import { paidWithLabel, placesOf } from '../rules/bookings'
import { dateAndClock, dayInFull } from '../rules/dates'
import { formatMinor } from '../rules/money'
import type { StaffBooking } from './machine'

// What /staff/bookings and /staff/bookings/:id show of a booking.

export const KIND_LABELS: Record<StaffBooking['kind'], string> = {
  event: 'Event',
  coworking: 'Co-working',
  studio: 'Print studio',
}

/** How it was paid, in the person's own words; staff also see a test card payment for what it is. */
const paidWithText = (paidWith: StaffBooking['paidWith']) =>
  paidWith === 'sandbox' ? 'Card (sandbox)' : paidWithLabel(paidWith)

/** 'Rooftop Jazz · 4pm - 8pm · The Rooftop'. */
export const whatLine = (booking: StaffBooking) =>
  [booking.what, booking.timeSlot, booking.venue].filter(Boolean).join(' · ')

/** 'Alone', or 'With 2 guests: Ifeoma Okonkwo, Nnamdi Okonkwo' (the door's words). */
export function partyLine(booking: Pick<StaffBooking, 'visitors' | 'namesOfVisitors'>): string {
  const guests = guestsLine(booking)
  return guests ? `W${guests.slice(1)}` : 'Alone'
}

/** 'Card · ₦15,000.00 · ref SIXTEEN-RJ-0001', or 'Free'. */
export function paidLine(booking: StaffBooking): string {
  return [
    paidWithText(booking.paidWith),
    booking.amountMinor > 0 && formatMinor(booking.amountMinor, 'NGN'),
    booking.paymentReference && `ref ${booking.paymentReference}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** 'Checked in Nov 24, 2026, 4:12pm by Oluwaseun Adebayo-Okonkwo' (and '· 2 of 4 in' for a party part in), or 'Not checked in'. */
export function checkInLine(
  booking: Pick<StaffBooking, 'checkedInAt' | 'checkedInBy' | 'placesIn' | 'visitors'>,
): string {
  if (!booking.checkedInAt) return 'Not checked in'
  const by = booking.checkedInBy ? ` by ${booking.checkedInBy}` : ''
  const party = placesOf(booking)
  // A party let in part: how many of it are in so far.
  const part = booking.placesIn < party ? ` · ${booking.placesIn} of ${party} in` : ''
  return `Checked in ${dateAndClock(booking.checkedInAt)}${by}${part}`
}

type DoorScanRecord = NonNullable<StaffBooking['scans']>[number]

/** What a door's scan decided, as the desk says it. */
const SCAN_RESULTS: Record<DoorScanRecord['result'], string> = {
  admitted: 'Let in',
  already: 'Already in: not let in again',
  elsewhere: 'For another day: not let in',
  cancelled: 'Cancelled: not let in',
  refunded: 'Refunded: not let in',
  unknown: 'Not known',
}

/**
 * A scan from a door's queue: 'Nov 24, 2026, 7:42pm · Garden gate · Chidiebube
 * Okwuosa-Adeyemi · Let in, decided offline'.
 */
export function scanLine(scan: DoorScanRecord): string {
  const result = `${SCAN_RESULTS[scan.result]}${scan.offline ? ', decided offline' : ''}`
  return [dateAndClock(scan.scannedAt), scan.door, scan.staff, result].filter(Boolean).join(' · ')
}

/** What the list says above its rows. */
export function bookingsLead(date: string, query: string, count: number): string {
  const day = dayInFull(date)
  if (count === 0)
    return query ? `No booking on ${day} matches '${query}'.` : `No bookings on ${day}.`
  const found = `${count} ${count === 1 ? 'booking' : 'bookings'}`
  return query ? `${found} on ${day} for '${query}'.` : `${found} on ${day}.`
}
