import { eq, inArray, sql } from 'drizzle-orm'
import { bookableDays } from '../../machines/rules/dates'
import { sortEvents } from '../../machines/rules/events'
import type { components } from '../../openapi/schema'
import { optionalAccount } from '../auth'
import type { Db } from '../db/client'
import { events } from '../db/schema'
import { notFound } from '../http-error'
import type { Handler, ServiceDeps } from './types'

type Event = components['schemas']['Event']
type EventRow = typeof events.$inferSelect

/** How many days ahead co-working and the print studio can be booked. */
export const BOOKING_HORIZON_DAYS = 14

/** Places taken at an event: each booking counts its booker plus extra guests; held ones too. */
const placesTaken = sql<number>`coalesce((
  select sum(1 + b.visitors) from bookings b
  where b.event_id = ${events}.id and b.status in ('confirmed', 'held')
), 0)`.mapWith(Number)

/** An event row as the contract names it; RSVP is true while staff keep it open and places remain. */
export function toEvent(row: EventRow, taken: number): Event {
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
    RSVP: row.rsvpOpen && taken < row.capacity,
    'Members-only': row.membersOnly,
    About: row.about,
    URL: row.url,
    metadata: row.metadata,
  }
}

/** All events in calendar order, or the ones named by id. */
export async function findEvents(db: Db, now: Date, ids?: string[]): Promise<Event[]> {
  const rows = await db
    .select({ event: events, taken: placesTaken })
    .from(events)
    .where(ids ? inArray(events.id, ids) : undefined)
  return sortEvents(
    rows.map((r) => toEvent(r.event, r.taken)),
    now,
  )
}

export async function findEvent(db: Db, id: string): Promise<Event | null> {
  const [row] = await db
    .select({ event: events, taken: placesTaken })
    .from(events)
    .where(eq(events.id, id))
    .limit(1)
  return row ? toEvent(row.event, row.taken) : null
}

export function eventsService({ db, now }: ServiceDeps) {
  const listEvents: Handler<'listEvents'> = async () => ({
    status: 'success',
    data: await findEvents(db, now()),
  })

  const getEvent: Handler<'getEvent'> = async (request) => {
    const event = await findEvent(db, request.params.id)
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
