import { and, eq, gt, inArray, min, or, sql } from 'drizzle-orm'
import {
  addDaysToDay,
  bookableDays,
  dayStart,
  eventDays,
  lagosDay,
} from '../../machines/rules/dates'
import { sortEvents } from '../../machines/rules/events'
import { COWORKING_HOURS, PRINT_STUDIO_SLOTS, slotInstants } from '../../machines/rules/slots'
import { cleanSpaceName, isMembersOnlySpace } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import { BOOKING_HORIZON_DAYS, slotOpen } from '../bookings/quote'
import type { Db } from '../db/client'
import { bookings, type Event as EventRow, events, spaces } from '../db/schema'
import type { Timed } from '../http/cache/store'

type Event = components['schemas']['Event']

export { BOOKING_HORIZON_DAYS }

/** Bookings that hold a place now: confirmed ones, and holds of pending card payments not expired. */
export const holdingPlace = (now: Date) =>
  or(
    eq(bookings.status, 'confirmed'),
    and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)),
  )

type Taken = Map<string, number>
const placeKey = (eventId: string, day: string, slot: string | null) =>
  `${eventId}|${day}|${slot ?? ''}`

/** Places taken per event, day and time slot: a booking counts its booker and extra guests. */
async function placesTaken(db: Db, eventIds: string[], now: Date): Promise<Taken> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .select({
      eventId: bookings.eventId,
      date: bookings.date,
      timeSlot: bookings.timeSlot,
      places: sql<number>`sum(1 + ${bookings.visitors})`.mapWith(Number),
    })
    .from(bookings)
    .where(and(inArray(bookings.eventId, eventIds), holdingPlace(now)))
    .groupBy(bookings.eventId, bookings.date, bookings.timeSlot)
  return new Map(rows.map((r) => [placeKey(r.eventId ?? '', r.date, r.timeSlot), r.places]))
}

/**
 * RSVP is true while staff keep the event open and some day still to come (Mondays excluded)
 * and time slot has a place left; capacity counts per day and slot.
 */
function placesLeft(row: EventRow, taken: Taken, now: Date): { rsvp: boolean; waitlist: boolean } {
  if (!row.rsvpOpen) return { rsvp: false, waitlist: false }
  const today = lagosDay(now)
  const days = eventDays(timingOf(row))
  const slots = row.timeSlots.length > 0 ? row.timeSlots : [null]
  const ahead = days.filter((day) => day >= today)
  const rsvp = ahead.some((day) =>
    slots.some((slot) => (taken.get(placeKey(row.id, day, slot)) ?? 0) < row.capacity),
  )
  // Every day and slot to come is full: people can wait for a place that frees up.
  return { rsvp, waitlist: !rsvp && ahead.length > 0 }
}

/** An event row's first and last moments, as the calendar's rules read them. */
export const timingOf = (row: { startAt: Date; endAt: Date }) => ({
  StartDate: row.startAt.toISOString(),
  EndDate: row.endAt.toISOString(),
})

/** An event row as the contract names it. */
export function toEvent(
  row: EventRow,
  { rsvp, waitlist }: { rsvp: boolean; waitlist: boolean },
): Event {
  return {
    ID: row.id,
    Name: row.name,
    Address: row.address,
    Venue: row.venue,
    Poster: row.posters,
    StartDate: row.startAt.toISOString(),
    EndDate: row.endAt.toISOString(),
    TimeSlots: row.timeSlots,
    Price: row.priceNaira,
    FriendsPrice: row.friendsPriceNaira,
    RSVP: rsvp,
    Waitlist: waitlist,
    // Closed by staff, not full: the event says so rather than 'Sold out', and nobody waits.
    BookingClosed: !row.rsvpOpen,
    CancelCutoffHours: row.cancelCutoffHours,
    'Members-only': row.membersOnly,
    About: row.about,
    URL: row.url,
    metadata: row.metadata,
  }
}

/** Events in calendar order: all of them, or the ones named by id. */
export async function findEvents(db: Db, now: Date, ids?: string[]): Promise<Event[]> {
  const rows = await db
    .select()
    .from(events)
    .where(ids ? inArray(events.id, ids) : undefined)
  const taken = await placesTaken(
    db,
    rows.map((r) => r.id),
    now,
  )
  return sortEvents(
    rows.map((row) => toEvent(row, placesLeft(row, taken, now))),
    now,
  )
}

export async function findEvent(db: Db, now: Date, id: string): Promise<Event | null> {
  const [event] = await findEvents(db, now, [id])
  return event ?? null
}

/** Places taken per space or studio item ('type|venue|day|slot'), over the days asked. */
async function spaceTaken(
  db: Db,
  type: 'spot' | 'print-studio',
  days: string[],
  now: Date,
): Promise<Taken> {
  const rows = await db
    .select({
      venue: bookings.venue,
      date: bookings.date,
      timeSlot: bookings.timeSlot,
      places: sql<number>`sum(1 + ${bookings.visitors})`.mapWith(Number),
    })
    .from(bookings)
    .where(and(eq(bookings.type, type), inArray(bookings.date, days), holdingPlace(now)))
    .groupBy(bookings.venue, bookings.date, bookings.timeSlot)
  const taken: Taken = new Map()
  for (const row of rows) {
    // Co-working counts per day whatever the slot text; studio sessions per slot.
    const key = `${row.venue}|${row.date}|${type === 'spot' ? '' : (row.timeSlot ?? '')}`
    taken.set(key, (taken.get(key) ?? 0) + row.places)
  }
  return taken
}

const bookableSpaces = (db: Db, kind: 'coworking' | 'print-studio') =>
  db
    .select()
    .from(spaces)
    .where(and(eq(spaces.kind, kind), eq(spaces.coworking, true)))

/** Co-working days with a place left in some space this viewer may choose (8th Floor: members). */
export async function coworkingDays(db: Db, now: Date, isMember: boolean): Promise<string[]> {
  const days = bookableDays(now, BOOKING_HORIZON_DAYS)
  const open = (await bookableSpaces(db, 'coworking')).filter(
    (space) => isMember || !isMembersOnlySpace(space.name),
  )
  const taken = await spaceTaken(db, 'spot', days, now)
  return days.filter((day) =>
    open.some((space) => {
      const left = space.capacity - (taken.get(`${cleanSpaceName(space.name)}|${day}|`) ?? 0)
      return left > 0 && slotOpen(day, COWORKING_HOURS, now)
    }),
  )
}

/** Print-studio days with a session left: some slot of some item not full and not over. */
export async function printStudioDays(db: Db, now: Date): Promise<string[]> {
  const days = bookableDays(now, BOOKING_HORIZON_DAYS)
  const items = await bookableSpaces(db, 'print-studio')
  const taken = await spaceTaken(db, 'print-studio', days, now)
  return days.filter((day) =>
    items.some((item) =>
      PRINT_STUDIO_SLOTS.some(
        (slot) =>
          (taken.get(`${cleanSpaceName(item.name)}|${day}|${slot}`) ?? 0) < item.capacity &&
          slotOpen(day, slot, now),
      ),
    ),
  )
}

/** The earliest of some instants; null when there is none. */
function earliest(instants: (Date | null | undefined)[]): Date | null {
  const times = instants.filter((t): t is Date => t instanceof Date).map((t) => t.getTime())
  return times.length > 0 ? new Date(Math.min(...times)) : null
}

/** Midnight in Lagos after `now`: today's events, bookable days and days gone by change then. */
function nextLagosMidnight(now: Date): Date {
  return dayStart(addDaysToDay(lagosDay(now), 1))
}

/** When the first hold still counting expires: its place comes back then, without a write. */
async function nextHoldExpiry(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(bookings.holdExpiresAt) })
    .from(bookings)
    .where(and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)))
  return row?.at ?? null
}

/** When the first of today's sessions still open ends (it is no longer bookable then). */
function nextSlotEnd(now: Date, slots: readonly string[]): Date | null {
  const today = lagosDay(now)
  return earliest(
    slots.map((slot) => slotInstants(today, slot)?.end).filter((end) => end && end > now),
  )
}

/**
 * The calendar, valid until the clock alone changes it: Lagos midnight (today's events, days
 * gone by), an event ending (it moves to the ended ones), a hold expiring (a place comes back).
 */
export async function timedEvents(db: Db, now: Date): Promise<Timed<Event[]>> {
  const list = await findEvents(db, now)
  const ends = list.map((event) => new Date(event.EndDate)).filter((end) => end > now)
  return {
    value: list,
    until: earliest([nextLagosMidnight(now), ...ends, await nextHoldExpiry(db, now)]),
  }
}

/** Co-working days for members or guests, valid until midnight, today's closing or a hold ends. */
export async function timedCoworkingDays(
  db: Db,
  now: Date,
  isMember: boolean,
): Promise<Timed<string[]>> {
  const value = await coworkingDays(db, now, isMember)
  return {
    value,
    until: earliest([
      nextLagosMidnight(now),
      nextSlotEnd(now, [COWORKING_HOURS]),
      await nextHoldExpiry(db, now),
    ]),
  }
}

/** Print-studio days, valid until midnight, the end of today's next session or a hold ends. */
export async function timedPrintStudioDays(db: Db, now: Date): Promise<Timed<string[]>> {
  const value = await printStudioDays(db, now)
  return {
    value,
    until: earliest([
      nextLagosMidnight(now),
      nextSlotEnd(now, PRINT_STUDIO_SLOTS),
      await nextHoldExpiry(db, now),
    ]),
  }
}
