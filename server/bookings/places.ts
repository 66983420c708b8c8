import { and, eq, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { type Booking as BookingRow, bookingPlaces, bookings } from '../db/schema'
import { HttpError } from '../http/http-error'
import type { BookedEvent } from './booking-bodies'
import { bookingBody } from './booking-bodies'

// The counters of places (booking_places, kept by the count_booking_places trigger): a claim
// takes a day's place in one locked statement, with the visitors' share (decision 040) and
// lapsed holds taken back when they are needed.

/** `column IS NOT DISTINCT FROM value`: an event without time slots stores null, and null = null. */
const sameSlot = (slot: string | null) => sql`${bookings.timeSlot} IS NOT DISTINCT FROM ${slot}`

/** Where a booking's places are counted, from what was booked (a booking row is one). */
interface PlaceOf {
  type: BookingRow['type']
  eventId: string | null
  venue: string | null
  date: string
  timeSlot: string | null
}

/**
 * The place's row of booking_places, named as the trigger of migration 0006 names a booking's:
 * an event's day and slot, a space's day (co-working counts per day), a studio item's session.
 */
export function counterOf(place: PlaceOf) {
  return {
    type: place.type,
    thing: place.type === 'event' ? (place.eventId ?? '') : (place.venue ?? ''),
    date: place.date,
    timeSlot: place.type === 'spot' ? '' : (place.timeSlot ?? ''),
  }
}

/** The bookings one row of booking_places counts. */
function samePlace(place: PlaceOf): SQL | undefined {
  if (place.type === 'event') {
    return and(
      eq(bookings.eventId, place.eventId ?? ''),
      eq(bookings.date, place.date),
      sameSlot(place.timeSlot),
    )
  }
  const sameSpace = and(
    eq(bookings.type, place.type),
    eq(bookings.venue, place.venue ?? ''),
    eq(bookings.date, place.date),
  )
  // Co-working counts per day; studio sessions per time slot.
  return place.type === 'spot' ? sameSpace : and(sameSpace, sameSlot(place.timeSlot))
}

/**
 * The one way a booking's status changes once it is written: a held booking confirmed (its card
 * payment succeeded) or cancelled (released, given up, or reclaimed once expired); a hold's expiry
 * goes with it. Its places follow in the same statement: the trigger of migration 0006 takes a
 * cancelled booking's places off its counter row. Returns the bookings changed.
 */
export async function setStatus(
  tx: Tx,
  which: SQL | undefined,
  status: 'confirmed' | 'cancelled',
): Promise<BookingRow[]> {
  return tx.update(bookings).set({ status, holdExpiresAt: null }).where(which).returning()
}

/**
 * The places of an unproven booking (decision 040) and how many such places its event's day and
 * slot may hold; a proven booking's claim is { places: 0 } and meets no share.
 */
export interface UnprovenClaim {
  places: number
  share: number
}

/** Decision 040: visitors' unproven free tickets hold at most a third of a day's places. */
export const VISITOR_SHARE = 1 / 3

// No share to meet (the counters are PostgreSQL integers, so no larger than theirs).
export const PROVEN: UnprovenClaim = { places: 0, share: 2_000_000_000 }

/**
 * How many places of an event's day and slot visitors' unproven free bookings may hold: a third
 * of them (one at least), so a script's made-up addresses leave two thirds to people who prove
 * theirs (decision 040). `visitorShare` 1 lifts the cap (tests of other rules).
 */
export function unprovenShare(capacity: number, visitorShare: number): number {
  return Math.max(1, Math.floor(capacity * visitorShare))
}

/**
 * The capacity decision, one statement: the place's counter row (created at 0 the first time) is
 * locked until the commit, and the claim holds only when `places` more fit in `capacity` (and an
 * unproven booking's places in its share). The booking's insert then adds them (the trigger); a
 * claim of 0 checks the place is not over-full.
 */
export async function claim(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  unproven: UnprovenClaim = PROVEN,
): Promise<boolean> {
  const fits = (row: { taken: number; unproven: number }) =>
    row.taken + places <= capacity && row.unproven + unproven.places <= unproven.share
  const [row] = await tx
    .insert(bookingPlaces)
    .values({ ...counterOf(place), taken: 0 })
    .onConflictDoUpdate({
      target: [bookingPlaces.type, bookingPlaces.thing, bookingPlaces.date, bookingPlaces.timeSlot],
      set: { taken: sql`${bookingPlaces.taken}` },
      setWhere: sql`${bookingPlaces.taken} + ${places} <= ${capacity}
        AND ${bookingPlaces.unproven} + ${unproven.places} <= ${unproven.share}`,
    })
    .returning({ taken: bookingPlaces.taken, unproven: bookingPlaces.unproven })
  return row !== undefined && fits(row)
}

/**
 * After a claim that did not fit (the counter row is locked): the place's expired holds are
 * cancelled, the earliest expired first, as many as the claim needs, and their places go back.
 * A card payment of one that is paid after all is refunded (decision 005). `keep`: a hold not to
 * take. Returns whether any was taken back.
 */
async function reclaimLapsedHolds(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  now: Date,
  keep: string | null = null,
): Promise<boolean> {
  const counter = counterOf(place)
  const needed = sql`(SELECT ${bookingPlaces.taken} FROM ${bookingPlaces}
    WHERE ${and(
      eq(bookingPlaces.type, counter.type),
      eq(bookingPlaces.thing, counter.thing),
      eq(bookingPlaces.date, counter.date),
      eq(bookingPlaces.timeSlot, counter.timeSlot),
    )}) + ${places} - ${capacity}`
  const lapsed = and(
    samePlace(place),
    eq(bookings.status, 'held'),
    lte(bookings.holdExpiresAt, now),
    keep ? ne(bookings.id, keep) : undefined,
  )
  // Each lapsed hold with the places freed before it, earliest expiry first.
  const taken = sql`SELECT id FROM (
      SELECT ${bookings.id}, sum(1 + ${bookings.visitors})
        OVER (ORDER BY ${bookings.holdExpiresAt}, ${bookings.id}) - (1 + ${bookings.visitors}) AS freed_before
      FROM ${bookings} WHERE ${lapsed}
    ) AS lapsed WHERE freed_before < ${needed}`
  const freed = await setStatus(
    tx,
    and(sql`${bookings.id} IN (${taken})`, eq(bookings.status, 'held')),
    'cancelled',
  )
  return freed.length > 0
}

/** Claims places, taking back expired holds of the place when they are needed. */
export async function claimOrReclaim(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  now: Date,
  keep: string | null = null,
  unproven: UnprovenClaim = PROVEN,
): Promise<boolean> {
  if (await claim(tx, place, places, capacity, unproven)) return true
  return (
    (await reclaimLapsedHolds(tx, place, places, capacity, now, keep)) &&
    (await claim(tx, place, places, capacity, unproven))
  )
}

export const ALREADY_BOOKED = "You're already booked for this"

/**
 * One booking per person per thing (docs/decisions/015): the same event day and slot, the same
 * co-working day (whichever space), the same studio session. A confirmed one is refused with 409
 * and the booking itself; the ids of a card payment's holds of theirs for it are returned, to be
 * given up for the new booking (its place goes back, and should it be paid after all, it is
 * refunded), since the person is paying again. The unique indexes of bookings are what makes the
 * rule hold when two attempts come at once: the second insert is refused, and this answers it.
 * A place the waitlist holds for them (paid_with 'waitlist') is one of these holds.
 */
export async function heldByThem(
  tx: Tx,
  place: PlaceOf,
  email: string,
  title: string,
  event: BookedEvent | null,
): Promise<BookingRow[]> {
  const same =
    place.type === 'event'
      ? and(
          eq(bookings.eventId, place.eventId ?? ''),
          eq(bookings.date, place.date),
          sameSlot(place.timeSlot),
        )
      : place.type === 'spot'
        ? and(eq(bookings.type, 'spot'), eq(bookings.date, place.date))
        : and(
            eq(bookings.type, place.type),
            eq(bookings.date, place.date),
            sameSlot(place.timeSlot),
          )
  const mine = await tx
    .select()
    .from(bookings)
    .where(and(same, eq(bookings.email, email), ne(bookings.status, 'cancelled')))
  const confirmed = mine.find((row) => row.status === 'confirmed')
  if (confirmed) throw new HttpError(409, ALREADY_BOOKED, bookingBody(confirmed, title, event))
  return mine.filter((row) => row.status === 'held')
}
