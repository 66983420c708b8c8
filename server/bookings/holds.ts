import { and, eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { type Booking as BookingRow, bookings, events } from '../db/schema'
import { keepOffers } from '../waitlist/waitlist'
import { claimOrReclaim, setStatus } from './places'
import { findSpace } from './quote'

// Card payments' holds: confirmed when the payment settles, let go when it fails, and a hold the
// waitlist offered kept for the person it was offered to.

/** The capacity a booking row counts against, found again from the server's data. */
async function capacityOf(tx: Tx, row: BookingRow): Promise<number> {
  if (row.type === 'event') {
    const [event] = await tx
      .select({ capacity: events.capacity })
      .from(events)
      .where(eq(events.id, row.eventId ?? ''))
    return event?.capacity ?? 0
  }
  const kind = row.type === 'spot' ? 'coworking' : 'print-studio'
  const { match } = await findSpace(tx, kind, row.venue)
  return match?.capacity ?? 0
}

/**
 * Confirms one held booking. A hold still counts in its place until a booking needs it back, so
 * a lapsed hold nobody reclaimed keeps its place, unless the place is over-full (its capacity
 * lowered, bookings written by hand) and other lapsed holds cannot make room: then it is
 * cancelled.
 */
async function confirmOne(tx: Tx, row: BookingRow, now: Date): Promise<BookingRow> {
  const lapsed = !row.holdExpiresAt || row.holdExpiresAt.getTime() <= now.getTime()
  const keeps =
    !lapsed || (await claimOrReclaim(tx, row, 0, await capacityOf(tx, row), now, row.id))
  const [updated] = await setStatus(tx, eq(bookings.id, row.id), keeps ? 'confirmed' : 'cancelled')
  return updated ?? row
}

/**
 * A card payment succeeded: its held booking becomes confirmed. If the hold had lapsed and the
 * place was taken meanwhile, the booking is cancelled and `full` says the payment must be refunded.
 * Returns the bookings now confirmed.
 */
export async function confirmHeldBookings(
  tx: Tx,
  paymentId: string,
  now: Date,
): Promise<{ bookings: BookingRow[]; full: boolean }> {
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'held')))
    .for('update')
  const settled: BookingRow[] = []
  for (const row of held) settled.push(await confirmOne(tx, row, now))
  return {
    bookings: settled.filter((row) => row.status === 'confirmed'),
    full: settled.some((row) => row.status === 'cancelled'),
  }
}

/**
 * A card payment failed or was abandoned: its held places go back, but for a place offered from
 * the waitlist to its payer: that one is held for them again until the offer ends.
 */
export async function releaseHeldBookings(tx: Tx, paymentId: string): Promise<void> {
  const released = await setStatus(
    tx,
    and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'held')),
    'cancelled',
  )
  const events = released.filter((row) => row.type === 'event')
  if (events.length > 0) await keepOffers(tx, events)
}
