import { and, between, eq, inArray, sql } from 'drizzle-orm'
import { addDaysToDay } from '../../machines/rules/dates'
import { ticketCodeHash } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import type { Db } from '../db/client'
import { bookings, events } from '../db/schema'
import { holderOf, isRefunded } from './check-in'

// The door's list (GET /staff/check-ins/list, issue 46): the tickets a phone keeps to decide
// with no network, each by its code's hash and only what the door shows.

type DoorList = components['schemas']['DoorList']

/** The days around the door's day whose tickets it keeps: a week before, a month after. */
const DAYS_BEFORE = 7
const DAYS_AFTER = 31

export async function doorList(db: Db, date: string, now: Date): Promise<DoorList> {
  const rows = await db
    .select({
      booking: bookings,
      eventName: events.name,
      refunded: sql<boolean>`${isRefunded}`,
    })
    .from(bookings)
    .leftJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        inArray(bookings.status, ['confirmed', 'cancelled']),
        between(bookings.date, addDaysToDay(date, -DAYS_BEFORE), addDaysToDay(date, DAYS_AFTER)),
      ),
    )
  const tickets = await Promise.all(
    rows.map(async ({ booking, eventName, refunded }) => ({
      // A stored code is always one the ticket rule reads (decision 041).
      codeHash: (await ticketCodeHash(booking.ticketCode)) as string,
      status:
        booking.status === 'cancelled'
          ? ('cancelled' as const)
          : refunded
            ? ('refunded' as const)
            : ('confirmed' as const),
      ticket: holderOf(booking, eventName),
      checkedInAt: booking.checkedInAt?.toISOString() ?? null,
      placesIn: booking.checkedInPlaces,
    })),
  )
  return { date, takenAt: now.toISOString(), tickets }
}
