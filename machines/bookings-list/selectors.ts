import {
  bookingAmountLabel,
  bookingDayLabel,
  bookingStatusLabel,
  bookingTypeLabel,
  dayStub,
  guestsLabel,
  paidWithLabel,
} from '../rules/bookings'
import { clockTime, lagosDay, shortDate } from '../rules/dates'
import type { Booking, PastBooking } from './machine'

// What /profile/bookings shows of a booking, current or past: one row shape for both lists, its
// lines, the date stub's look and the details it opens to.

/** One detail under an opened row; a wide one takes the whole line. */
export interface BookingDetail {
  label: string
  value: string
  wide?: boolean
}

/** A booking as a row of the list. */
export interface BookingRow {
  id: string
  event: string
  type: string
  date: string
  timeSlot: string | null
  venue: string | null
  /** A card payment for it is still pending ('Awaiting payment'). */
  held: boolean
  /** The code of its ticket, shown as a QR code at the door; only confirmed current bookings. */
  ticket: string | null
  /** Only current bookings carry these: guests, amount, how it was paid, status, reference. */
  more: BookingDetail[]
  /** What Cancel needs to say where the money goes; null for a past booking. */
  payment: { paidWith: string; amountMinor: number } | null
}

/** A current or upcoming booking as a row. */
export function currentBookingRow(booking: Booking): BookingRow {
  const reference = booking['Payment Reference']
  return {
    id: booking.id,
    event: booking.Event,
    type: booking.Type,
    date: booking.Date,
    timeSlot: booking['Time Slot'],
    venue: booking.Venue,
    held: booking.Status === 'held',
    ticket: booking.Ticket ?? null,
    payment: { paidWith: booking['Paid with'], amountMinor: booking.Amount },
    more: [
      {
        label: 'Guests',
        value: guestsLabel(booking.Visitors, booking['Names of Visitors']),
        wide: true,
      },
      { label: 'Paid', value: bookingAmountLabel(booking.Amount) },
      { label: 'Paid with', value: paidWithLabel(booking['Paid with']) },
      { label: 'Status', value: bookingStatusLabel(booking.Status) },
      ...(reference ? [{ label: 'Reference', value: reference }] : []),
    ],
  }
}

/** A past booking as a row: what it was, where and when, nothing about payment. */
export function pastBookingRow(booking: PastBooking): BookingRow {
  return {
    id: booking.id,
    event: booking.event,
    type: booking.type,
    date: booking.date,
    timeSlot: booking.timeSlot,
    venue: booking.venue,
    held: false,
    ticket: null,
    more: [],
    payment: null,
  }
}

/** Where a booking is, when it names no venue. */
const DEFAULT_VENUE = 'Sixteen'

/** The row's second line: 'Today · 4pm - 8pm', or the day alone for an all-day booking. */
export function bookingWhen(row: BookingRow, now: Date): string {
  return [bookingDayLabel(row.date, now), row.timeSlot].filter(Boolean).join(' · ')
}

/** The row's venue line. */
export function bookingVenue(row: Pick<BookingRow, 'venue'>): string {
  return row.venue ?? DEFAULT_VENUE
}

/** The date stub: its day and month, and its look (today's stands out; past ones are grey). */
export function bookingStub(
  row: Pick<BookingRow, 'date'>,
  now: Date,
  past: boolean,
): { date: string; month: string; tone: 'today' | 'past' | 'upcoming' } {
  const tone = past ? 'past' : row.date === lagosDay(now) ? 'today' : 'upcoming'
  return { ...dayStub(row.date), tone }
}

/** Everything an opened row lists, in order. */
export function bookingDetails(row: BookingRow, now: Date): BookingDetail[] {
  return [
    { label: 'Event', value: row.event, wide: true },
    { label: 'Type', value: bookingTypeLabel(row.type) },
    { label: 'Date', value: bookingDayLabel(row.date, now) },
    { label: 'Time Slot', value: row.timeSlot ?? 'All day' },
    { label: 'Venue', value: bookingVenue(row) },
    ...row.more,
  ]
}

/** What the list says when it is the one kept on the phone: no network gave a newer one. */
export function keptNote(keptAt: string | null): string | null {
  if (keptAt === null) return null
  return `You're offline. These are your bookings as of ${shortDate(keptAt)}, ${clockTime(keptAt)}.`
}
