import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { type Booking as BookingRow, bookings, events, waitlistEntries } from '../db/schema'
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

/**
 * Offers from the waitlist whose place was held by these card holds, just cancelled in this
 * transaction (their counter rows locked by it): each place is held for its person again by a
 * 'waitlist' hold until the offer ends, taking back the place its card hold gave back. An offer
 * already over is passed on by the waitlist's sweep.
 */
async function keepOffers(tx: Tx, released: BookingRow[]): Promise<void> {
  const offers = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        inArray(
          waitlistEntries.holdBookingId,
          released.map((row) => row.id),
        ),
      ),
    )
    .for('update')
  for (const entry of offers) {
    const card = released.find((row) => row.id === entry.holdBookingId)
    if (!card || !entry.offerExpiresAt) continue
    const [hold] = await tx
      .insert(bookings)
      .values({
        type: 'event',
        eventId: card.eventId,
        venue: card.venue,
        date: card.date,
        timeSlot: card.timeSlot,
        accountId: entry.accountId ?? card.accountId,
        email: entry.email,
        name: entry.name,
        phone: entry.phone,
        amountMinor: 0,
        paidWith: 'waitlist',
        paymentReference: null,
        visitors: 0,
        status: 'held',
        holdExpiresAt: entry.offerExpiresAt,
        createdAt: card.createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: bookings.id })
    if (hold) {
      await tx
        .update(waitlistEntries)
        .set({ holdBookingId: hold.id })
        .where(eq(waitlistEntries.id, entry.id))
    }
  }
}
