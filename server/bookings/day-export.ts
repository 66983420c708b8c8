import { and, asc, eq, sql } from 'drizzle-orm'
import {
  BOOKING_STATUS_LABELS,
  bookingTypeLabel,
  paidWithLabel,
  placesOf,
  type StoredPaidWith,
} from '../../machines/rules/bookings'
import { dateAndClock, isValidDay } from '../../machines/rules/dates'
import type { Db } from '../db/client'
import { bookings, events } from '../db/schema'
import { csvFileName } from '../http/csv'
import { badRequest } from '../http/http-error'

// A day's bookings for the front desk (GET /staff/bookings.csv): every booking of the day, held
// and cancelled ones too (its status says which), by the hour its session starts, then name.

/** Rows read from the database at a time: the export holds one page, never the whole day. */
export const DAY_PAGE_ROWS = 500

const HEADER = [
  'Time',
  'What',
  'For',
  'Venue',
  'Name',
  'E-mail',
  'Phone',
  'Party',
  'Guests',
  'Status',
  'Paid (NGN)',
  'Paid with',
  'Came in',
  'Checked in at',
]

/**
 * The minute of the day a slot starts ('4pm - 8pm': 960, '7:30am - 11am': 450); -1 for a booking
 * without a slot, so the day's first. Computed in SQL so the database keeps the day's order.
 */
const startMinute = sql<number>`coalesce(
  (substring(${bookings.timeSlot} from '^\\s*(\\d{1,2})')::int % 12
    + case when lower(substring(${bookings.timeSlot} from '^\\s*\\d{1,2}(?::\\d{2})?\\s*(am|pm)')) = 'pm' then 12 else 0 end) * 60
    + coalesce(substring(${bookings.timeSlot} from '^\\s*\\d{1,2}:(\\d{2})')::int, 0),
  -1)`

/** A booking's time slot as text, '' for none: a key of the exports' order. */
export const timeSlotText = sql<string>`coalesce(${bookings.timeSlot}, '')`

/** The columns every export reads of a booking: who, their party, what they paid, who came. */
export const exportedBookingColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  visitors: bookings.visitors,
  namesOfVisitors: bookings.namesOfVisitors,
  amountMinor: bookings.amountMinor,
  paidWith: bookings.paidWith,
  checkedInPlaces: bookings.checkedInPlaces,
  checkedInAt: bookings.checkedInAt,
}

/** A booking's last four cells in every export: what was paid, how, and who of the party came. */
export function paidAndCameIn(row: {
  amountMinor: number
  paidWith: StoredPaidWith
  visitors: number
  checkedInPlaces: number
  checkedInAt: Date | null
}): string[] {
  return [
    (row.amountMinor / 100).toFixed(2),
    row.paidWith === 'waitlist' ? 'Waitlist place' : paidWithLabel(row.paidWith),
    `${row.checkedInPlaces} of ${placesOf(row)}`,
    row.checkedInAt ? dateAndClock(row.checkedInAt) : '',
  ]
}

/** The day's bookings as a file; 400 for a day the calendar has not. */
export function dayBookingsFile(db: Db, day: string) {
  if (!isValidDay(day)) throw badRequest(`${day} is not a day on the calendar.`)
  return { fileName: csvFileName('bookings', day), header: HEADER, rows: dayRows(db, day) }
}

async function* dayRows(db: Db, day: string): AsyncGenerator<string[]> {
  let after: { minute: number; slot: string; name: string; id: string } | null = null
  for (;;) {
    const page = await db
      .select({
        ...exportedBookingColumns,
        minute: startMinute,
        slot: timeSlotText,
        type: bookings.type,
        eventName: events.name,
        venue: bookings.venue,
        status: bookings.status,
      })
      .from(bookings)
      .leftJoin(events, eq(events.id, bookings.eventId))
      .where(
        and(
          eq(bookings.date, day),
          after === null
            ? undefined
            : sql`(${startMinute}, ${timeSlotText}, ${bookings.name}, ${bookings.id}) > (${after.minute}, ${after.slot}, ${after.name}, ${after.id})`,
        ),
      )
      .orderBy(asc(startMinute), asc(timeSlotText), asc(bookings.name), asc(bookings.id))
      .limit(DAY_PAGE_ROWS)
    for (const row of page) {
      yield [
        row.slot,
        bookingTypeLabel(row.type),
        row.eventName ?? '',
        row.venue ?? '',
        row.name,
        row.email,
        row.phone,
        String(placesOf(row)),
        row.namesOfVisitors ?? '',
        BOOKING_STATUS_LABELS[row.status],
        ...paidAndCameIn(row),
      ]
    }
    const last = page.at(-1)
    if (!last || page.length < DAY_PAGE_ROWS) return
    after = { minute: Number(last.minute), slot: last.slot, name: last.name, id: last.id }
  }
}
