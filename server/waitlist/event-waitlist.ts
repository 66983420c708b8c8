import { and, asc, eq } from 'drizzle-orm'
import { parseSlot } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import type { Db } from '../db/client'
import { bookingPlaces, events, type WaitlistEntry, waitlistEntries } from '../db/schema'
import { NO_SUCH_EVENT } from '../events/staff-events'
import { notFound } from '../http/http-error'

// An event's waitlist as staff see it (GET /staff/events/{id}/waitlist): per day and slot that
// someone waits for or was offered, its places (capacity, taken, waiting, offered), and who is in
// line, in line order, with how to reach them. Reads only: the offers themselves are made and
// passed on by server/waitlist/waitlist.ts.

type StaffWaitlist = components['schemas']['StaffWaitlist']
type Place = StaffWaitlist['places'][number]
type Entry = StaffWaitlist['entries'][number]

/** Statuses of people still in line: waiting, or offered a place held for them. */
const IN_LINE: ReadonlySet<WaitlistEntry['status']> = new Set(['waiting', 'offered'])

const placeKey = (date: string, timeSlot: string) => `${date}|${timeSlot}`

/**
 * Day and slot, soonest first: the day, then the slot's start (a slot that is no time range
 * after those that are, by name).
 */
function bySoonest(a: { date: string; timeSlot: string }, b: { date: string; timeSlot: string }) {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  const start = (slot: string) => (slot === '' ? -1 : (parseSlot(slot)?.start ?? 24 * 60))
  return start(a.timeSlot) - start(b.timeSlot) || a.timeSlot.localeCompare(b.timeSlot)
}

/** The event's waitlist for staff; 404 when there is no such event. */
export async function eventWaitlist(db: Db, eventId: string): Promise<StaffWaitlist> {
  const [event] = await db
    .select({ id: events.id, name: events.name, capacity: events.capacity })
    .from(events)
    .where(eq(events.id, eventId))
  if (!event) throw notFound(NO_SUCH_EVENT)
  const [rows, counters] = await Promise.all([
    db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.eventId, eventId))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id)),
    db
      .select({
        date: bookingPlaces.date,
        timeSlot: bookingPlaces.timeSlot,
        taken: bookingPlaces.taken,
      })
      .from(bookingPlaces)
      .where(and(eq(bookingPlaces.type, 'event'), eq(bookingPlaces.thing, eventId))),
  ])
  const taken = new Map(counters.map((row) => [placeKey(row.date, row.timeSlot), row.taken]))

  // The rows are in line order (created_at): each place's people waiting counted as they come.
  const places = new Map<string, Place & { slot: string }>()
  const positions = new Map<WaitlistEntry, number>()
  for (const row of rows) {
    if (!IN_LINE.has(row.status)) continue
    const key = placeKey(row.date, row.timeSlot)
    const place = places.get(key) ?? {
      date: row.date,
      timeSlot: row.timeSlot === '' ? null : row.timeSlot,
      slot: row.timeSlot,
      capacity: event.capacity,
      booked: taken.get(key) ?? 0,
      waiting: 0,
      offered: 0,
    }
    if (row.status === 'waiting') {
      place.waiting += 1
      positions.set(row, place.waiting)
    } else place.offered += 1
    places.set(key, place)
  }

  const entryOf = (row: WaitlistEntry): Entry => ({
    date: row.date,
    timeSlot: row.timeSlot === '' ? null : row.timeSlot,
    position: positions.get(row) ?? null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    joinedAt: row.createdAt.toISOString(),
    offerExpiresAt: row.status === 'offered' ? (row.offerExpiresAt?.toISOString() ?? null) : null,
  })
  const soonest = (a: WaitlistEntry, b: WaitlistEntry) =>
    bySoonest(a, b) || a.createdAt.getTime() - b.createdAt.getTime()
  return {
    eventId: event.id,
    eventName: event.name,
    places: [...places.values()]
      .sort((a, b) => bySoonest({ ...a, timeSlot: a.slot }, { ...b, timeSlot: b.slot }))
      .map(({ slot: _, ...place }) => place),
    entries: [
      ...rows.filter((row) => IN_LINE.has(row.status)).sort(soonest),
      ...rows.filter((row) => !IN_LINE.has(row.status)).sort(soonest),
    ].map(entryOf),
  }
}
