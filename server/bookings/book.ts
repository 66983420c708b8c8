import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, getTableColumns, inArray, is, sql } from 'drizzle-orm'
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import { placesOf } from '../../machines/rules/bookings'
import { TICKET_CODE_BYTES, ticketCodeOf } from '../../machines/rules/ticket-code'
import { type Db, retriedTransaction, sqlState, type Tx } from '../db/client'
import { preparedStatement } from '../db/prepared'
import {
  type Booking as BookingRow,
  bookingPlaces,
  bookings,
  mailOutbox,
  type NewMailMessage,
  type PaidWith,
  waitlistEntries,
} from '../db/schema'
import type { Account } from '../http/auth'
import { conflict } from '../http/http-error'
import type { BookedEvent } from './booking-bodies'
import type { UnprovenClaim } from './places'
import {
  ALREADY_BOOKED,
  claim,
  claimOrReclaim,
  counterOf,
  heldByThem,
  PROVEN,
  setStatus,
  unprovenShare,
} from './places'
import type { BookingInput, Quote } from './quote'
import { parseAnswers } from './quote'

// The one place that takes a place for a booking (docs/decisions/026, 032). Every way of booking
// (free rsvp, wallet, card) goes through quoteBooking (quote.ts: the reads), prepareBooking
// (the row as it will be stored), then takePlace, the last write before the commit: one statement
// writes the booking and its receipt, then claims the place's counter row, last.

/** Visitor names as the app joins them: trimmed, blanks dropped; null when there are none. */
function cleanNames(names: string | null | undefined): string | null {
  const kept = (names ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return kept.length > 0 ? kept.join(', ') : null
}

export interface PlaceRequest {
  input: BookingInput
  quote: Quote
  account: Account | null
  paidWith: PaidWith
  paymentReference: string | null
  paymentId?: string | null
  /** A pending card payment's hold ends then; without it the booking is confirmed. */
  holdUntil?: Date | null
  /**
   * A visitor's free booking, unproven (decision 040): the share of the event's places such
   * bookings may hold. Unset: the booking is proven (a login, an opened link, a payment).
   */
  visitorShare?: number
  now: Date
}

/** How a booking that costs nothing is recorded: a member's free co-working, or a free event. */
export function freePayment(
  input: BookingInput,
  account: Account | null,
): {
  paidWith: PaidWith
  paymentReference: string
} {
  const member = input.Type === 'spot' && account !== null
  return { paidWith: member ? 'membership' : 'free', paymentReference: 'Free booking' }
}

/** A booking checked and ready to write: the row as it will be stored, and where it counts. */
export interface PreparedBooking {
  row: BookingRow
  capacity: number
  title: string
  /** The booked event (null for co-working and the studio): a 409's booking says its cut-off. */
  event: BookedEvent | null
  /** An unproven booking's places and their share; { places: 0 } for a proven one. */
  unproven: UnprovenClaim
  now: Date
}

/**
 * Thrown by takePlace when an unproven booking would fit in the place but not in the share of
 * unproven bookings (decision 040): the booking is then asked for (server/bookings/requests.ts).
 */
export class UnprovenShareTaken extends Error {
  constructor() {
    super("The visitors' share of this event's places is taken")
  }
}

/** A ticket's code, people can read and type (decision 041): 80 random bits. */
const newTicketCode = () => ticketCodeOf(randomBytes(TICKET_CODE_BYTES))

/** A booking's manage code, in its link only: 122 random bits, as its column's default. */
const newManageCode = () => randomUUID().replaceAll('-', '')

/**
 * Everything a booking needs before its place is claimed, without the database: the row as it
 * will be stored (its id, time and ticket included, so its receipt can be made before it is
 * written) and the answers checked. The one-booking-per-person rule is takePlace's.
 */
export function prepareBooking(p: PlaceRequest): PreparedBooking {
  const { input, quote, now } = p
  const unproven = p.visitorShare !== undefined
  return {
    row: {
      id: randomUUID(),
      type: input.Type,
      eventId: quote.eventId,
      venue: quote.venue,
      date: input.Date,
      timeSlot: quote.timeSlot,
      accountId: p.account?.id ?? null,
      email: input.Email.trim().toLowerCase(),
      name: input.Name.trim(),
      phone: input.Phone.trim(),
      amountMinor: quote.amountMinor,
      paidWith: p.paidWith,
      paymentReference: p.paymentReference,
      paymentId: p.paymentId ?? null,
      visitors: quote.places - 1,
      namesOfVisitors: cleanNames(input['Names of Visitors']),
      metadata: parseAnswers(input.metadata, quote.questions),
      status: p.holdUntil ? 'held' : 'confirmed',
      holdExpiresAt: p.holdUntil ?? null,
      ticketCode: newTicketCode(),
      manageCode: newManageCode(),
      checkedInAt: null,
      checkedInBy: null,
      checkedInPlaces: 0,
      cancelledAt: null,
      unproven,
      createdAt: now,
    },
    capacity: quote.capacity,
    title: quote.title,
    event: quote.event,
    unproven: unproven
      ? { places: quote.places, share: unprovenShare(quote.capacity, p.visitorShare ?? 1) }
      : PROVEN,
    now,
  }
}

/** A row as one JSON object of its columns' names, for jsonb_populate_record. */
function asRecord(table: PgTable, row: Record<string, unknown>): string {
  const record: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[key]
    if (value !== undefined)
      record[column.name] = value instanceof Date ? value.toISOString() : value
  }
  return JSON.stringify(record)
}

const quoted = (names: string[], prefix = '') =>
  sql.raw(names.map((name) => `${prefix}"${name}"`).join(', '))
const BOOKING_COLUMNS = Object.values(getTableColumns(bookings)).map((column) => column.name)
const RECEIPT_COLUMNS = ['to_address', 'subject', 'text', 'html', 'attachments']
export const placeholder = (name: string) => sql.placeholder(name)

/**
 * The common case in one statement, its own transaction when not in the caller's
 * (docs/decisions/032). In this order: the booking, written unless the place already looked full
 * (a read, no lock) or a booking of theirs stands in the way (the unique indexes); its receipt;
 * then the claim, last, so the place's counter row stays locked from the claim to the commit
 * only: it adds the booking's places if they fit. If they no longer do, booking_place_taken()
 * aborts the statement (SQLSTATE SX409) and nothing of it is kept. The claim counts the booking
 * itself: 'counted' names it for the counter trigger and the new-bookings notice of migrations
 * 0006 and 0011, which leave it alone. The public cache hears of the booking only when it fills
 * its place: one that leaves room changes no public answer. The booking and its receipt are
 * bound as JSON, one value each.
 */
const claimAndWrite = preparedStatement<{ written: boolean }>(
  'booking_written_then_claimed',
  sql`WITH written AS (
      INSERT INTO ${bookings} (${quoted(BOOKING_COLUMNS)})
      SELECT ${quoted(BOOKING_COLUMNS, 'r.')}
      FROM jsonb_populate_record(NULL::${bookings}, ${placeholder('booking')}::jsonb) AS r
      WHERE ${placeholder('places')} <= ${placeholder('capacity')}
        AND ${placeholder('unproven')} <= ${placeholder('share')} AND NOT EXISTS (
        SELECT 1 FROM ${bookingPlaces} AS p
        WHERE p.type = ${placeholder('type')} AND p.thing = ${placeholder('thing')}
          AND p.date = ${placeholder('date')} AND p.time_slot = ${placeholder('timeSlot')}
          AND (p.taken + ${placeholder('places')} > ${placeholder('capacity')}
            OR p.unproven + ${placeholder('unproven')} > ${placeholder('share')}))
      ON CONFLICT DO NOTHING
      RETURNING id
    ), mailed AS (
      INSERT INTO ${mailOutbox} (${quoted(RECEIPT_COLUMNS)})
      SELECT ${quoted(RECEIPT_COLUMNS, 'r.')}
      FROM written, jsonb_populate_record(NULL::${mailOutbox}, ${placeholder('receipt')}::jsonb) AS r
      WHERE ${placeholder('receipt')}::jsonb IS NOT NULL
      RETURNING 1
    ), counted AS (
      SELECT set_config('sixteen.booking_counted', id::text, true) FROM written
    ), claim AS (
      -- From 'counted' and after 'mailed' (the scalar subquery runs it first): nothing is left to
      -- write once the counter row is locked.
      INSERT INTO ${bookingPlaces} (type, thing, date, time_slot, taken, unproven)
      SELECT ${placeholder('type')}, ${placeholder('thing')}, ${placeholder('date')}, ${placeholder('timeSlot')}, ${placeholder('places')}, ${placeholder('unproven')}
      FROM counted WHERE (SELECT count(*) FROM mailed) >= 0
      ON CONFLICT (type, thing, date, time_slot) DO UPDATE
        SET taken = ${bookingPlaces}.taken + EXCLUDED.taken,
          unproven = ${bookingPlaces}.unproven + EXCLUDED.unproven
        WHERE ${bookingPlaces}.taken + EXCLUDED.taken <= ${placeholder('capacity')}
          AND ${bookingPlaces}.unproven + EXCLUDED.unproven <= ${placeholder('share')}
      RETURNING taken
    ), full_now AS (
      SELECT pg_notify('public_data_changed', 'bookings') FROM claim
      WHERE claim.taken >= ${placeholder('capacity')}
    )
    -- 'said' reads full_now, which is what sends its notice.
    SELECT CASE WHEN EXISTS (SELECT 1 FROM written) AND NOT EXISTS (SELECT 1 FROM claim)
        THEN booking_place_taken() ELSE EXISTS (SELECT 1 FROM written) END AS written,
      (SELECT count(*) FROM full_now) AS said`,
)

/** The SQLSTATE booking_place_taken() raises (server/db/functions/). */
const PLACE_TAKEN = 'SX409'

/**
 * Runs the one statement; false: the places do not fit, or a booking of theirs is in the way.
 * In the caller's transaction it runs under a savepoint, so its abort leaves the transaction
 * usable for writeWithCare.
 */
async function writeAtOnce(
  db: Db | Tx,
  { row, capacity, unproven }: PreparedBooking,
  receipt: NewMailMessage | null,
): Promise<boolean> {
  const values = {
    ...counterOf(row),
    places: placesOf(row),
    capacity,
    unproven: unproven.places,
    share: unproven.share,
    booking: asRecord(bookings, row),
    receipt: receipt ? asRecord(mailOutbox, receipt) : null,
  }
  try {
    const [result] = is(db, PgTransaction)
      ? await (db as Tx).transaction((savepoint) => claimAndWrite(savepoint, values))
      : await claimAndWrite(db, values)
    return result?.written === true
  } catch (error) {
    if (sqlState(error) === PLACE_TAKEN) return false
    throw error
  }
}

/**
 * The rest, inside a transaction, in the order a person reads the refusals: a confirmed booking of
 * theirs for the same thing (409 with it), then the places (409 'Sold out'). Their pending card
 * payment's hold for it is given up, expired holds of the place are taken back when they are
 * needed; should their booking be written meanwhile (another request, another instance), the
 * insert is refused and this is answered again.
 */
async function writeWithCare(
  tx: Tx,
  booking: PreparedBooking,
  receipt: NewMailMessage | null,
): Promise<BookingRow> {
  const { capacity, title, now } = booking
  for (let attempt = 1; attempt <= 3; attempt++) {
    let row = booking.row
    let unproven = booking.unproven
    const givesUp = await heldByThem(tx, row, row.email, title, booking.event)
    const ids = givesUp.map((held) => held.id)
    if (givesUp.length > 0) {
      // A place held for them (a waitlist's offer, reached by its e-mail, or a card payment):
      // theirs already, so never asked for again.
      unproven = PROVEN
      row = { ...row, unproven: false }
      // The place's counter row first, as offers from the waitlist and the reclaim of lapsed
      // holds lock them (server/waitlist/waitlist.ts), then the holds: a claim of nothing.
      await claim(tx, row, 0, capacity)
      await setStatus(tx, and(inArray(bookings.id, ids), eq(bookings.status, 'held')), 'cancelled')
      row = keepsOfferTime(row, givesUp)
    }
    if (!(await claimOrReclaim(tx, row, placesOf(row), capacity, now, null, unproven))) {
      // Room for a proven booking, none left in the unproven share: the booking is asked for.
      if (unproven.places > 0 && (await claim(tx, row, placesOf(row), capacity))) {
        throw new UnprovenShareTaken()
      }
      throw conflict('Sold out')
    }
    const [written] = await tx.insert(bookings).values(row).onConflictDoNothing().returning()
    if (written) {
      if (receipt) await tx.insert(mailOutbox).values(receipt)
      if (written.status === 'held' && written.type === 'event' && ids.length > 0) {
        await passOfferHold(tx, ids, written.id, now)
      }
      return written
    }
  }
  throw conflict(ALREADY_BOOKED)
}

/**
 * A held booking (a card payment) that gives up a hold of theirs keeps the place at least as long
 * as that hold would have: a place offered from the waitlist stays theirs until the offer ends,
 * however soon a card payment started within it is abandoned. A card hold given up for a new one
 * ended before the new one's, so it changes nothing.
 */
function keepsOfferTime(row: BookingRow, givesUp: BookingRow[]): BookingRow {
  if (row.status !== 'held' || !row.holdExpiresAt) return row
  const latest = Math.max(
    row.holdExpiresAt.getTime(),
    ...givesUp.map((held) => held.holdExpiresAt?.getTime() ?? 0),
  )
  return latest > row.holdExpiresAt.getTime() ? { ...row, holdExpiresAt: new Date(latest) } : row
}

/**
 * The offer from the waitlist whose place was held by a hold given up now is held by the new
 * held booking (the person pays by card for the place offered): its entry points at it.
 */
async function passOfferHold(tx: Tx, from: string[], to: string, now: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ holdBookingId: to, updatedAt: now })
    .where(and(eq(waitlistEntries.status, 'offered'), inArray(waitlistEntries.holdBookingId, from)))
}

/**
 * Claims a prepared booking's places and writes it, with its receipt when given: in one
 * statement when nothing stands in the way (outside a transaction, that statement is the
 * transaction), else in a transaction (writeWithCare). In the caller's transaction, call it last,
 * so the place's counter row stays locked only until the commit. Throws 409 'You're already
 * booked for this' (with the booking) when the same person has a confirmed booking of the same
 * thing, and 409 'Sold out' when the places are gone.
 */
export async function takePlace(
  db: Db | Tx,
  booking: PreparedBooking,
  receipt: NewMailMessage | null = null,
): Promise<BookingRow> {
  if (await writeAtOnce(db, booking, receipt)) return booking.row
  if (is(db, PgTransaction)) return writeWithCare(db as Tx, booking, receipt)
  // Run again if PostgreSQL gave it up for a cancellation or the waitlist's sweeper (holds of
  // the same place, locked in another order).
  return retriedTransaction(db, (tx) => writeWithCare(tx, booking, receipt))
}

/**
 * Takes a place and writes the booking, inside the caller's transaction: held until `holdUntil`
 * (a pending card payment) or confirmed. Throws 409 'Sold out' when the places are gone.
 */
export async function placeBooking(tx: Tx, p: PlaceRequest): Promise<BookingRow> {
  return takePlace(tx, prepareBooking(p))
}
