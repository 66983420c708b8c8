import { and, eq, inArray, lt, not, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { placesOf } from '../../machines/rules/bookings'
import { bookingEnds } from '../../machines/rules/cancel-cutoff'
import { lagosDay } from '../../machines/rules/dates'
import { ticketCodeKey } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import { fullName, recordAudit } from '../audit/audit'
import { bookingTitle } from '../bookings/booking-bodies'
import type { BookingRow } from '../bookings/quote'
import type { Db, Tx } from '../db/client'
import { accounts, bookings, type Event as EventRow, events } from '../db/schema'
import type { Account } from '../http/auth'
import { REFUND_PREFIX } from '../payments/staff-payments'
import { BOOKING_DEBIT_PREFIX } from '../wallets/wallets'

// A ticket at the door (POST /staff/check-ins, docs/decisions/028 and 052). Its booking is locked
// while the party not yet in is counted and let in (whole, or the number the door asked for): of
// any number of scans of one code at once, each waits for the one before and counts from what it
// left, so nobody is let in twice. Only when nothing could be let in does one read say why. A code
// is read by the one rule of ticket codes (machines/rules/ticket-code.ts), whatever its case and
// spacing.

type CheckIn = components['schemas']['CheckIn']
type TicketHolder = components['schemas']['TicketHolder']

const checker = alias(accounts, 'checker')

/**
 * A refund of the booking's payment, as staff make them while the booking stays confirmed
 * (server/payments/staff-payments.ts): a card payment's queued refund (or a payment marked refunded by
 * hand), or the credit back of the wallet debit that names the booking ('booking:<id>', its
 * refund 'refund:<debit id>'). Its time and who asked, as SQL on the outer query's booking.
 */
const refundOf = (column: 'created_at' | 'requested_by') => {
  const card =
    column === 'created_at'
      ? sql`coalesce((SELECT r.created_at FROM refunds r WHERE r.payment_id = ${bookings.paymentId}),
          (SELECT p.finalized_at FROM payments p WHERE p.id = ${bookings.paymentId} AND p.status = 'refunded'))`
      : sql`(SELECT r.requested_by FROM refunds r WHERE r.payment_id = ${bookings.paymentId})`
  const wallet = sql`(SELECT c.${sql.raw(column === 'created_at' ? 'created_at' : 'actor')}
    FROM wallet_transactions d
    JOIN wallet_transactions c ON c.reference = ${REFUND_PREFIX} || d.id::text
    WHERE d.reference = ${BOOKING_DEBIT_PREFIX} || ${bookings.id}::text)`
  return sql`coalesce(${card}, ${wallet})`
}

/** Whether the booking's payment was refunded (see refundOf). */
export const isRefunded = sql`(EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = ${bookings.paymentId})
  OR EXISTS (SELECT 1 FROM payments p WHERE p.id = ${bookings.paymentId} AND p.status = 'refunded')
  OR EXISTS (SELECT 1 FROM wallet_transactions d
    JOIN wallet_transactions c ON c.reference = ${REFUND_PREFIX} || d.id::text
    WHERE d.reference = ${BOOKING_DEBIT_PREFIX} || ${bookings.id}::text))`

export function holderOf(row: BookingRow, eventName: string | null): TicketHolder {
  return {
    name: row.name,
    what: bookingTitle(row, eventName),
    type: row.type,
    date: row.date,
    timeSlot: row.timeSlot,
    venue: row.venue,
    visitors: row.visitors,
    namesOfVisitors: row.namesOfVisitors,
  }
}

/**
 * The booking of a code (confirmed or cancelled: a hold admits nobody and was never a ticket),
 * with its event, who checked it in, and its refund.
 */
async function readTicket(db: Db | Tx, key: string) {
  const [found] = await db
    .select({
      booking: bookings,
      event: events,
      checkerFirstName: checker.firstName,
      checkerLastName: checker.lastName,
      refunded: sql<boolean>`${isRefunded}`,
      refundedAt: sql<string | null>`${refundOf('created_at')}`,
      refundedBy: sql<string | null>`${refundOf('requested_by')}`,
    })
    .from(bookings)
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy))
    .where(and(eq(bookings.ticketCode, key), inArray(bookings.status, ['confirmed', 'cancelled'])))
    .limit(1)
  return found ?? null
}

const NOTHING = {
  checkedInAt: null,
  checkedInBy: null,
  cancelledAt: null,
  refundedAt: null,
  refundedBy: null,
  endedAt: null,
  placesIn: 0,
  placesAdmitted: 0,
} as const

const instantOf = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString()

/** Where a scan was made: a door's queue names its door and whether the phone decided offline. */
export interface ScanPlace {
  door: string
  offline: boolean
}

/** A scan at the door: its code, and how many of the party come in (null: all not yet in). */
export interface TicketScan {
  code: string
  places: number | null
}

/**
 * Checks a ticket in for today in Lagos, its code read by the one rule of ticket codes: admitted
 * (its party not yet in, or `places` of it, now, by `staff`, with its audit entry in the same
 * transaction; with when it ended, for a late guest), already (all of the party in: when first
 * and by whom), elsewhere (another day's, not checked in), cancelled (and when), refunded (when
 * and by whom, not checked in), or unknown (no booking has the code). `now` is the moment of the
 * scan (a door's queue sends it later); `place`, its door.
 */
export async function checkIn(
  db: Db,
  code: string,
  staff: Account,
  now: Date,
  place: ScanPlace | null = null,
): Promise<CheckIn> {
  return (
    await db.transaction((tx) => checkInBooking(tx, { code, places: null }, staff, now, place))
  ).check
}

/** The events a door's batch has read, by id: a night's scans are mostly of one event. */
export type EventsRead = Map<string, Promise<EventRow | null>>

function eventOf(tx: Tx, id: string, read: EventsRead): Promise<EventRow | null> {
  let event = read.get(id)
  if (!event) {
    event = tx
      .select()
      .from(events)
      .where(eq(events.id, id))
      .then(([row]) => row ?? null)
    read.set(id, event)
  }
  return event
}

/**
 * checkIn's answer, and the booking of the code (null: no booking's), in the caller's
 * transaction: the admission and its audit entry commit together.
 */
export async function checkInBooking(
  tx: Tx,
  scan: TicketScan,
  staff: Account,
  now: Date,
  place: ScanPlace | null,
  eventsRead: EventsRead = new Map(),
): Promise<{ check: CheckIn; bookingId: string | null }> {
  const key = ticketCodeKey(scan.code)
  if (key === null)
    return { check: { result: 'unknown', ticket: null, ...NOTHING }, bookingId: null }
  // Locked, a concurrent scan of the code waits here and then reads what this one left.
  const [open] = await tx
    .select({ id: bookings.id, visitors: bookings.visitors, placesIn: bookings.checkedInPlaces })
    .from(bookings)
    .where(
      and(
        eq(bookings.ticketCode, key),
        eq(bookings.status, 'confirmed'),
        eq(bookings.date, lagosDay(now)),
        lt(bookings.checkedInPlaces, sql`${bookings.visitors} + 1`),
        not(isRefunded),
      ),
    )
    .for('update')
  if (open) {
    const placesAdmitted = Math.min(scan.places ?? placesOf(open), placesOf(open) - open.placesIn)
    const placesIn = open.placesIn + placesAdmitted
    const [admitted] = await tx
      .update(bookings)
      .set({
        checkedInPlaces: placesIn,
        // The party's first admission stays its check-in: when, and by whom.
        checkedInAt: sql`coalesce(${bookings.checkedInAt}, ${now.toISOString()}::timestamptz)`,
        checkedInBy: sql`coalesce(${bookings.checkedInBy}, ${staff.id}::uuid)`,
      })
      .where(eq(bookings.id, open.id))
      .returning()
    if (!admitted) throw new Error(`The booking ${open.id} was locked and is gone`)
    await recordAudit(tx, {
      at: now,
      actor: staff,
      action: 'check-in',
      subject: admitted.id,
      before: {
        checkedInAt: open.placesIn === 0 ? null : admitted.checkedInAt?.toISOString(),
        checkedInPlaces: open.placesIn,
      },
      after: {
        checkedInAt: now.toISOString(),
        checkedInBy: staff.id,
        checkedInPlaces: placesIn,
        ...place,
      },
    })
    const event = admitted.eventId ? await eventOf(tx, admitted.eventId, eventsRead) : null
    const ends = bookingEnds(admitted, event)
    const check: CheckIn = {
      result: 'admitted',
      ticket: holderOf(admitted, event?.name ?? null),
      ...NOTHING,
      checkedInAt: now.toISOString(),
      checkedInBy: fullName(staff),
      endedAt: ends <= now ? ends.toISOString() : null,
      placesIn,
      placesAdmitted,
    }
    return { check, bookingId: admitted.id }
  }
  const found = await readTicket(tx, key)
  if (!found) return { check: { result: 'unknown', ticket: null, ...NOTHING }, bookingId: null }
  return { check: await refusal(tx, found, scan, staff, now, place), bookingId: found.booking.id }
}

/** Why a found ticket was not admitted (or, paid meanwhile, its admission now). */
async function refusal(
  tx: Tx,
  found: NonNullable<Awaited<ReturnType<typeof readTicket>>>,
  scan: TicketScan,
  staff: Account,
  now: Date,
  place: ScanPlace | null,
): Promise<CheckIn> {
  const { booking, event, checkerFirstName, checkerLastName, refunded, refundedAt, refundedBy } =
    found
  const ticket = holderOf(booking, event?.name ?? null)
  const placesIn = booking.checkedInPlaces
  if (booking.status === 'cancelled') {
    return {
      result: 'cancelled',
      ticket,
      ...NOTHING,
      cancelledAt: instantOf(booking.cancelledAt),
      placesIn,
    }
  }
  if (booking.checkedInAt && placesIn >= placesOf(booking)) {
    return {
      result: 'already',
      ticket,
      ...NOTHING,
      placesIn,
      checkedInAt: booking.checkedInAt.toISOString(),
      // Null once the staff member's account is gone; the audit log keeps their name.
      checkedInBy:
        checkerFirstName === null
          ? null
          : fullName({ firstName: checkerFirstName, lastName: checkerLastName ?? '' }),
    }
  }
  if (booking.date !== lagosDay(now)) {
    return { result: 'elsewhere', ticket, ...NOTHING, placesIn }
  }
  if (refunded) {
    return {
      result: 'refunded',
      ticket,
      ...NOTHING,
      refundedAt: instantOf(refundedAt),
      refundedBy,
      placesIn,
    }
  }
  // Confirmed for today and not all in, yet not found open: its card payment was confirmed
  // between the two reads. Let it in now.
  return (await checkInBooking(tx, scan, staff, now, place)).check
}
