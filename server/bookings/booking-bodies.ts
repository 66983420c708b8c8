import { inArray } from 'drizzle-orm'
import { bookingEnds, cancelCutoff } from '../../machines/rules/cancel-cutoff'
import type { Db, Tx } from '../db/client'
import { type Booking as BookingRow, events } from '../db/schema'
import type { ReceiptEvent } from '../mail/outbox'
import type { BookingBody, Quote } from './quote'
import { COWORKING_TITLE, PRINT_STUDIO_TITLE } from './quote'

// A booking as the contract's answers say it, and the titles its receipts and lists show.

/** What a booking's body reads of its event: when it runs, and its cancel cut-off. */
export type BookedEvent = Pick<ReceiptEvent, 'startAt' | 'endAt' | 'cancelCutoffHours'>

/**
 * A booking as the contract names it; `title` is the event's name or what was booked. `event`:
 * the booked event (null for co-working and the studio), which gives until when it can be
 * cancelled and when it ends; left out (undefined) where the caller has not read it, and then so
 * are those.
 */
export function bookingBody(
  row: BookingRow,
  title: string,
  event?: BookedEvent | null,
): BookingBody {
  const known = event !== undefined || row.type !== 'event' || !row.eventId
  const booked = row.type === 'event' && row.eventId ? (event ?? null) : null
  return {
    ...(known
      ? {
          'Cancel until': cancelCutoff(row, booked).toISOString(),
          'Ends at': bookingEnds(row, booked).toISOString(),
        }
      : {}),
    'Checked in': row.checkedInAt ? row.checkedInAt.toISOString() : null,
    id: row.id,
    Event: title,
    EventId: row.eventId,
    Type: row.type,
    Date: row.date,
    'Time Slot': row.timeSlot,
    Venue: row.venue,
    Amount: row.amountMinor,
    // A place the waitlist holds is never listed; were one answered, nothing was paid for it.
    'Paid with': row.paidWith === 'waitlist' ? 'free' : row.paidWith,
    'Payment Reference': row.paymentReference,
    Visitors: row.visitors,
    'Names of Visitors': row.namesOfVisitors,
    Status: row.status,
    // A held booking is not paid yet, and a cancelled one admits nobody.
    Ticket: row.status === 'confirmed' ? row.ticketCode : null,
  }
}

/** What a booking is of, as its Booking's Event says: the event's name, or what was booked. */
export function bookingTitle(
  row: Pick<BookingRow, 'type' | 'eventId'>,
  eventName: string | null | undefined,
): string {
  if (row.eventId) return eventName ?? row.eventId
  return row.type === 'spot' ? COWORKING_TITLE : PRINT_STUDIO_TITLE
}

/**
 * What the receipts of booking rows name: each one's title, and the booked event's address, times
 * and cancel cut-off (null for co-working and the studio); the events read once.
 */
export async function receiptSubjects(
  db: Db | Tx,
  rows: BookingRow[],
): Promise<Map<string, { title: string; event: Quote['event'] }>> {
  const ids = [...new Set(rows.map((row) => row.eventId).filter((id): id is string => id !== null))]
  const found =
    ids.length > 0
      ? await db
          .select({
            id: events.id,
            name: events.name,
            address: events.address,
            startAt: events.startAt,
            endAt: events.endAt,
            cancelCutoffHours: events.cancelCutoffHours,
          })
          .from(events)
          .where(inArray(events.id, ids))
      : []
  const byId = new Map(found.map((event) => [event.id, event]))
  return new Map(
    rows.map((row) => {
      const event = row.eventId ? byId.get(row.eventId) : undefined
      return [row.id, { title: bookingTitle(row, event?.name), event: event ?? null }]
    }),
  )
}

/** The titles of booking rows: event names looked up once, the others by type. */
export async function bookingTitles(db: Db | Tx, rows: BookingRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.eventId).filter((id): id is string => id !== null))]
  const named =
    ids.length > 0
      ? await db
          .select({ id: events.id, name: events.name })
          .from(events)
          .where(inArray(events.id, ids))
      : []
  const names = new Map(named.map((event) => [event.id, event.name]))
  return new Map(
    rows.map((row) => [row.id, bookingTitle(row, row.eventId ? names.get(row.eventId) : null)]),
  )
}
