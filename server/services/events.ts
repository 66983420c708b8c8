import { and, inArray, sql } from 'drizzle-orm'
import { bookableDays, eventDays, lagosDay } from '../../machines/rules/dates'
import { sortEvents } from '../../machines/rules/events'
import type { components } from '../../openapi/schema'
import { optionalAccount } from '../auth'
import type { Db } from '../db/client'
import { bookings, events } from '../db/schema'
import { notFound } from '../http-error'
import type { Handler, ServiceDeps } from './types'

type Event = components['schemas']['Event']
type EventRow = typeof events.$inferSelect

/** How many days ahead co-working and the print studio can be booked. */
export const BOOKING_HORIZON_DAYS = 14

type Taken = Map<string, number>
const placeKey = (eventId: string, day: string, slot: string | null) =>
  `${eventId}|${day}|${slot ?? ''}`

/** Places taken per event, day and time slot: a booking counts its booker and extra guests. */
async function placesTaken(db: Db, eventIds: string[]): Promise<Taken> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .select({
      eventId: bookings.eventId,
      date: bookings.date,
      timeSlot: bookings.timeSlot,
      places: sql<number>`sum(1 + ${bookings.visitors})`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(inArray(bookings.eventId, eventIds), inArray(bookings.status, ['confirmed', 'held'])),
    )
    .groupBy(bookings.eventId, bookings.date, bookings.timeSlot)
  return new Map(rows.map((r) => [placeKey(r.eventId ?? '', r.date, r.timeSlot), r.places]))
}

/**
 * RSVP is true while staff keep the event open and some day still to come (Mondays excluded)
 * and time slot has a place left; capacity counts per day and slot.
 */
function hasPlaceLeft(row: EventRow, taken: Taken, now: Date): boolean {
  if (!row.rsvpOpen) return false
  const today = lagosDay(now)
  const days = eventDays({ StartDate: row.startAt.toISOString(), EndDate: row.endAt.toISOString() })
  const slots = row.timeSlots.length > 0 ? row.timeSlots : [null]
  return days
    .filter((day) => day >= today)
    .some((day) =>
      slots.some((slot) => (taken.get(placeKey(row.id, day, slot)) ?? 0) < row.capacity),
    )
}

/** An event row as the contract names it. */
export function toEvent(row: EventRow, rsvp: boolean): Event {
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
  )
  return sortEvents(
    rows.map((row) => toEvent(row, hasPlaceLeft(row, taken, now))),
    now,
  )
}

export async function findEvent(db: Db, now: Date, id: string): Promise<Event | null> {
  const [event] = await findEvents(db, now, [id])
  return event ?? null
}

export function eventsService({ db, now }: ServiceDeps) {
  const listEvents: Handler<'listEvents'> = async () => ({
    status: 'success',
    data: await findEvents(db, now()),
  })

  const getEvent: Handler<'getEvent'> = async (request) => {
    const event = await findEvent(db, now(), request.params.id)
    if (!event) throw notFound('This event does not exist.')
    return { status: 'success', data: event }
  }

  const listCoworkingDays: Handler<'listCoworkingDays'> = async (request) => {
    optionalAccount(request)
    return { status: 'success', data: bookableDays(now(), BOOKING_HORIZON_DAYS) }
  }

  const listPrintStudioDays: Handler<'listPrintStudioDays'> = async (request) => {
    optionalAccount(request)
    return { status: 'success', data: bookableDays(now(), BOOKING_HORIZON_DAYS) }
  }

  return { listEvents, getEvent, listCoworkingDays, listPrintStudioDays }
}
