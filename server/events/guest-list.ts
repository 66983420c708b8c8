import { and, asc, eq, sql } from 'drizzle-orm'
import { placesOf } from '../../machines/rules/bookings'
import { isEventDay, isValidDay } from '../../machines/rules/dates'
import { metadataFields } from '../../machines/rules/events'
import { exportedBookingColumns, paidAndCameIn, timeSlotText } from '../bookings/day-export'
import type { Db } from '../db/client'
import { bookings, events } from '../db/schema'
import { csvFileName } from '../http/csv'
import { badRequest, notFound } from '../http/http-error'
import { timingOf } from './events'
import { NO_SUCH_EVENT } from './staff-events'

// An event's guest list for the door or the organiser (GET /staff/events/{id}/guests.csv): every
// confirmed booking, by day, time slot and name, one column for each of the event's questions.

/** Rows read from the database at a time: the export holds one page, never the whole list. */
export const GUEST_PAGE_ROWS = 500

const COLUMNS = [
  'Day',
  'Time',
  'Name',
  'E-mail',
  'Phone',
  'Party',
  'Guests',
  'Paid (NGN)',
  'Paid with',
  'Came in',
  'Checked in at',
] as const

export interface GuestList {
  fileName: string
  header: string[]
  rows: AsyncIterable<string[]>
}

/** The event's guest list, all its days or `day`'s; 404 for no such event, 400 for a day it is not on. */
export async function guestList(db: Db, eventId: string, day?: string): Promise<GuestList> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId))
  if (!event) throw notFound(NO_SUCH_EVENT)
  if (day !== undefined && !(isValidDay(day) && isEventDay(timingOf(event), day))) {
    throw badRequest(`${event.name} is not on ${day}: choose one of its days, or none for all.`)
  }
  const questions = metadataFields(event.metadata)
  return {
    fileName: csvFileName(event.id, day ?? '', 'guests'),
    header: [...COLUMNS, ...questions],
    rows: guestRows(db, eventId, day, questions),
  }
}

/** The bookings a page at a time, after the last one sent (day, slot, name, id: a stable order). */
async function* guestRows(
  db: Db,
  eventId: string,
  day: string | undefined,
  questions: string[],
): AsyncGenerator<string[]> {
  let after: { date: string; slot: string; name: string; id: string } | null = null
  for (;;) {
    const page = await db
      .select({
        ...exportedBookingColumns,
        date: bookings.date,
        slot: timeSlotText,
        metadata: bookings.metadata,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, eventId),
          eq(bookings.status, 'confirmed'),
          day === undefined ? undefined : eq(bookings.date, day),
          after === null
            ? undefined
            : sql`(${bookings.date}, ${timeSlotText}, ${bookings.name}, ${bookings.id}) > (${after.date}, ${after.slot}, ${after.name}, ${after.id})`,
        ),
      )
      .orderBy(asc(bookings.date), asc(timeSlotText), asc(bookings.name), asc(bookings.id))
      .limit(GUEST_PAGE_ROWS)
    for (const row of page) {
      const answers = row.metadata ?? {}
      yield [
        row.date,
        row.slot,
        row.name,
        row.email,
        row.phone,
        String(placesOf(row)),
        row.namesOfVisitors ?? '',
        ...paidAndCameIn(row),
        ...questions.map((question) => answers[question] ?? ''),
      ]
    }
    const last = page.at(-1)
    if (!last || page.length < GUEST_PAGE_ROWS) return
    after = { date: last.date, slot: last.slot, name: last.name, id: last.id }
  }
}
