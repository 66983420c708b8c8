import type { CancelInput } from '../booking-cancel/machine'
import { refundSentence } from '../booking-cancel/selectors'
import {
  bookingAmountLabel,
  bookingDayLabel,
  bookingStatusLabel,
  bookingTypeLabel,
  dayStub,
  guestsLabel,
  type PaidWith,
  paidWithLabel,
} from '../rules/bookings'
import { type CancelStanding, cancelStanding } from '../rules/cancel-cutoff'
import { dateAndClock, lagosDay } from '../rules/dates'
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
  payment: { paidWith: PaidWith; amountMinor: number } | null
  /** The last instant it can be cancelled; null for a past booking (or a list kept from before). */
  cancelUntil: string | null
  /** When its ticket was checked in at the door; null before (and for a past booking). */
  checkedIn: string | null
  /** When it is over; null for a past booking (or a list kept from before). */
  endsAt: string | null
  /** When its person (or staff) cancelled it: it stays in the lists, marked; null when not. */
  cancelledAt: string | null
}

/** A current or upcoming booking as a row. */
export function currentBookingRow(booking: Booking): BookingRow {
  const reference = booking['Payment Reference']
  const cancelledAt = booking['Cancelled at'] ?? null
  const refund = booking.Refund
  return {
    id: booking.id,
    event: booking.Event,
    type: booking.Type,
    date: booking.Date,
    timeSlot: booking['Time Slot'],
    venue: booking.Venue,
    held: booking.Status === 'held',
    ticket: booking.Ticket ?? null,
    // A cancelled booking has nothing left to cancel.
    payment: cancelledAt ? null : { paidWith: booking['Paid with'], amountMinor: booking.Amount },
    cancelUntil: booking['Cancel until'] ?? null,
    checkedIn: booking['Checked in'] ?? null,
    endsAt: booking['Ends at'] ?? null,
    cancelledAt,
    more: [
      {
        label: 'Guests',
        value: guestsLabel(booking.Visitors, booking['Names of Visitors']),
        wide: true,
      },
      { label: 'Paid', value: bookingAmountLabel(booking.Amount) },
      { label: 'Paid with', value: paidWithLabel(booking['Paid with']) },
      { label: 'Status', value: bookingStatusLabel(booking.Status) },
      ...(cancelledAt ? [{ label: 'Cancelled', value: dateAndClock(cancelledAt) }] : []),
      ...(refund ? [{ label: 'Refund', value: refundSentence(refund), wide: true }] : []),
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
    cancelUntil: null,
    checkedIn: null,
    endsAt: null,
    cancelledAt: booking.cancelledAt ?? null,
  }
}

/** Whether a listed booking is over already (an event that ended tonight is still today's). */
export const hasBookingEnded = (row: Pick<BookingRow, 'endsAt'>, now: Date) =>
  row.endsAt !== null && now.getTime() >= new Date(row.endsAt).getTime()

/**
 * Whether an opened booking offers Cancel, by the server's own rule: until its cut-off, unless
 * checked in at the door; the line says until when, or why not. Null for a past booking, and
 * for a list kept from before the server said (then Cancel asks it).
 */
export function cancelStandingOf(
  row: Pick<BookingRow, 'type' | 'date' | 'payment' | 'cancelUntil' | 'checkedIn'>,
  now: Date,
): CancelStanding | null {
  if (row.payment === null) return null
  if (row.checkedIn !== null) return cancelStanding(row, row.cancelUntil ?? now, row.checkedIn, now)
  if (row.cancelUntil === null) return null
  return cancelStanding(row, row.cancelUntil, null, now)
}

/** Where a booking is, when it names no venue. */
const DEFAULT_VENUE = 'Sixteen'

/**
 * The row's second line: 'Today · 4pm - 8pm', or the day alone for an all-day booking; once it is
 * over (an evening event after it ended), 'Ended · 4pm - 8pm'.
 */
export function bookingWhen(
  row: Pick<BookingRow, 'date' | 'timeSlot' | 'endsAt'> & Partial<Pick<BookingRow, 'cancelledAt'>>,
  now: Date,
): string {
  if (row.cancelledAt)
    return ['Cancelled', bookingDayLabel(row.date, now), row.timeSlot].filter(Boolean).join(' · ')
  const day = hasBookingEnded(row, now) ? 'Ended' : bookingDayLabel(row.date, now)
  return [day, row.timeSlot].filter(Boolean).join(' · ')
}

/** The row's venue line. */
export function bookingVenue(row: Pick<BookingRow, 'venue'>): string {
  return row.venue ?? DEFAULT_VENUE
}

/** The date stub: its day and month, and its look (today's stands out; past ones are grey). */
export function bookingStub(
  row: Pick<BookingRow, 'date'> & Partial<Pick<BookingRow, 'endsAt' | 'cancelledAt'>>,
  now: Date,
  past: boolean,
): { date: string; month: string; tone: 'today' | 'past' | 'upcoming' } {
  const ended = hasBookingEnded({ endsAt: row.endsAt ?? null }, now)
  const over = past || ended || Boolean(row.cancelledAt)
  const tone = over ? 'past' : row.date === lagosDay(now) ? 'today' : 'upcoming'
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
  return `You're offline. These are your bookings as of ${dateAndClock(keptAt)}.`
}

/**
 * What the open row's Cancel is started with: a current booking of the list, paid for, not yet
 * cancelled on this page; null for a past row, a cancelled one, or none open.
 */
export function cancelInputOf(
  context: { bookings: Booking[]; cancelled: Record<string, unknown> },
  id: string | null,
): CancelInput | null {
  const booking = context.bookings.find((candidate) => candidate.id === id)
  if (!booking || context.cancelled[booking.id]) return null
  const { payment } = currentBookingRow(booking)
  return payment ? { id: booking.id, what: booking.Event, ...payment } : null
}
