import { and, eq, gte, inArray, lt, or } from 'drizzle-orm'
import { placesOf } from '../../machines/rules/bookings'
import { addDaysToDay, dayStart, isEventDay, isMonday } from '../../machines/rules/dates'
import { COWORKING_HOURS, PRINT_STUDIO_SLOTS, parseSlot } from '../../machines/rules/slots'
import { cleanSpaceName } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import { bookingTitle } from '../bookings/booking-bodies'
import { counterOf } from '../bookings/places'
import type { Db } from '../db/client'
import { type BookingType, bookings, events, spaces } from '../db/schema'

// The staff's day (GET /staff/today): every event day, co-working space and studio session of a
// day, offered that day or booked for it, with its places booked and checked in. Places are
// counted as the booking_places counters count them (server/bookings/places.ts): by counterOf's
// place, 1 + visitors a booking; here only confirmed bookings, which is what the door sees.

type StaffSession = components['schemas']['StaffSession']

interface Tally {
  booked: number
  checkedIn: number
}

/** A thing that has sessions: an event, a co-working space, a studio item. */
interface Thing {
  kind: StaffSession['kind']
  type: BookingType
  id: string
  /** As booking_places names it: the event's id, or the space's name as booked. */
  thing: string
  title: string
  venue: string | null
  capacity: number | null
  /** The counters' slots offered that day ('' where it counts per day or has no slots). */
  offered: readonly string[]
  /** When a session without a time slot starts, in minutes after the day's midnight. */
  startsAt: number
}

const KINDS: Record<BookingType, StaffSession['kind']> = {
  event: 'event',
  spot: 'coworking',
  'print-studio': 'studio',
}

const thingKey = (type: BookingType, thing: string) => `${type}|${thing}`

/** A session's time slot as people read it, from its counter's slot. */
const slotShown = (type: BookingType, slot: string) =>
  type === 'spot' ? COWORKING_HOURS : slot === '' ? null : slot

/** Every session of a Lagos day (yyyy-MM-dd), by time slot then title: three queries. */
export async function sessionsOfDay(db: Db, day: string): Promise<StaffSession[]> {
  const booked = await db
    .select({
      type: bookings.type,
      eventId: bookings.eventId,
      venue: bookings.venue,
      date: bookings.date,
      timeSlot: bookings.timeSlot,
      visitors: bookings.visitors,
      checkedInPlaces: bookings.checkedInPlaces,
    })
    .from(bookings)
    .where(and(eq(bookings.date, day), eq(bookings.status, 'confirmed')))

  // Per thing, per counter slot: the places of its confirmed bookings, and of those checked in.
  const tallies = new Map<string, Map<string, Tally>>()
  for (const row of booked) {
    const counter = counterOf(row)
    const key = thingKey(counter.type, counter.thing)
    const slots = tallies.get(key) ?? new Map<string, Tally>()
    tallies.set(key, slots)
    const tally = slots.get(counter.timeSlot) ?? { booked: 0, checkedIn: 0 }
    slots.set(counter.timeSlot, tally)
    tally.booked += placesOf(row)
    tally.checkedIn += row.checkedInPlaces
  }

  const midnight = dayStart(day)
  const bookedEvents = [...new Set(booked.flatMap((row) => (row.eventId ? [row.eventId] : [])))]
  const eventRows = await db
    .select()
    .from(events)
    .where(
      or(
        and(lt(events.startAt, dayStart(addDaysToDay(day, 1))), gte(events.endAt, midnight)),
        bookedEvents.length > 0 ? inArray(events.id, bookedEvents) : undefined,
      ),
    )
  const spaceRows = await db.select().from(spaces)

  const open = !isMonday(day)
  const things: Thing[] = [
    ...eventRows.map((event) => {
      const runs = isEventDay(
        { StartDate: event.startAt.toISOString(), EndDate: event.endAt.toISOString() },
        day,
      )
      return {
        kind: 'event' as const,
        type: 'event' as const,
        id: event.id,
        thing: event.id,
        title: event.name,
        venue: event.venue,
        capacity: event.capacity,
        offered: runs ? (event.timeSlots.length > 0 ? event.timeSlots : ['']) : [],
        startsAt: Math.max(0, (event.startAt.getTime() - midnight.getTime()) / 60_000),
      }
    }),
    ...spaceRows.map((space) => {
      const type = space.kind === 'coworking' ? ('spot' as const) : ('print-studio' as const)
      const bookable = open && space.coworking
      return {
        kind: KINDS[type],
        type,
        id: space.id,
        thing: cleanSpaceName(space.name),
        // A co-working space by its own name (the kind says co-working); a studio item as its
        // bookings read, 'Print Studio Session', at the item.
        title:
          type === 'spot'
            ? cleanSpaceName(space.name)
            : bookingTitle({ type, eventId: null }, null),
        venue: cleanSpaceName(space.name),
        capacity: space.capacity,
        offered: bookable ? (type === 'spot' ? [''] : PRINT_STUDIO_SLOTS) : [],
        startsAt: 0,
      }
    }),
  ]
  // Bookings of a place no longer in the catalogue (a space renamed since) are still shown.
  const known = new Set(things.map((t) => thingKey(t.type, t.thing)))
  for (const row of booked) {
    const { type, thing } = counterOf(row)
    if (known.has(thingKey(type, thing))) continue
    known.add(thingKey(type, thing))
    things.push({
      kind: KINDS[type],
      type,
      id: thing,
      thing,
      title: bookingTitle(row, null),
      venue: row.venue,
      capacity: null,
      offered: [],
      startsAt: 0,
    })
  }

  const sessions = things.flatMap((t) => {
    const counted = tallies.get(thingKey(t.type, t.thing))
    const slots = new Set([...t.offered, ...(counted?.keys() ?? [])])
    return [...slots].map((slot) => {
      const timeSlot = slotShown(t.type, slot)
      const tally = counted?.get(slot) ?? { booked: 0, checkedIn: 0 }
      const session: StaffSession = {
        kind: t.kind,
        id: t.id,
        title: t.title,
        venue: t.venue,
        timeSlot,
        capacity: t.capacity,
        booked: tally.booked,
        checkedIn: tally.checkedIn,
      }
      const slotStart = timeSlot ? parseSlot(timeSlot)?.start : undefined
      return { session, startsAt: slotStart ?? t.startsAt }
    })
  })
  return sessions
    .sort(
      (a, b) =>
        a.startsAt - b.startsAt ||
        a.session.title.localeCompare(b.session.title) ||
        (a.session.venue ?? '').localeCompare(b.session.venue ?? '') ||
        (a.session.timeSlot ?? '').localeCompare(b.session.timeSlot ?? ''),
    )
    .map(({ session }) => session)
}
