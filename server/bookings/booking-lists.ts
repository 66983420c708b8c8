import { and, eq, gte, isNotNull, lt, ne, or } from 'drizzle-orm'
import { parseSlot } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import type { Db } from '../db/client'
import { bookings } from '../db/schema'
import type { Account } from '../http/auth'
import { forbidden } from '../http/http-error'
import type { BookingRow } from './quote'

export type PastBooking = components['schemas']['PastBooking']

/** Only the signed-in person's own bookings: the address in the path must be theirs. */
export function ownEmail(account: Account, email: string): string {
  if (email.trim().toLowerCase() !== account.email) {
    throw forbidden('You can only see your own bookings.')
  }
  return account.email
}

/** Bookings made by this account, or with its e-mail before it signed in. */
const mine = (account: Account) =>
  or(eq(bookings.accountId, account.id), eq(bookings.email, account.email))

/**
 * A booking the person's lists show: live, or cancelled by them or staff (it stays, marked, with
 * its refund). A card payment's hold the app let go (never cancelled by anyone) is not one.
 */
const listed = or(ne(bookings.status, 'cancelled'), isNotNull(bookings.cancelledAt))

/** Minutes after midnight a booking starts, for ordering bookings of one day. */
const startsAt = (row: BookingRow) => (row.timeSlot ? (parseSlot(row.timeSlot)?.start ?? 0) : 0)

export async function upcoming(db: Db, account: Account, today: string): Promise<BookingRow[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        mine(account),
        gte(bookings.date, today),
        listed,
        // A place the waitlist holds for them is an offer, read at its own link, not a booking.
        ne(bookings.paidWith, 'waitlist'),
      ),
    )
  // Soonest first: by day, then by the slot's start, then by when it was booked.
  return rows.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      startsAt(a) - startsAt(b) ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  )
}

export async function past(db: Db, account: Account, today: string): Promise<BookingRow[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        mine(account),
        lt(bookings.date, today),
        or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'cancelled'), listed)),
      ),
    )
  return rows.sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      startsAt(b) - startsAt(a) ||
      b.createdAt.getTime() - a.createdAt.getTime(),
  )
}
