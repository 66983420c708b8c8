import { and, eq, isNull, sql } from 'drizzle-orm'
import { dayInFull } from '../../machines/rules/dates'
import type { Db } from '../db/client'
import { retriedTransaction } from '../db/client'
import { bookingRequests, bookings } from '../db/schema'
import { conflict, HttpError, notFound, paymentRequired } from '../http/http-error'
import { bookingReceipt, mailRow, queueMail } from '../mail/outbox'
import { freePayment, prepareBooking, takePlace } from './book'
import {
  type BookingInput,
  type BookingRow,
  type CachedEventRow,
  type Quote,
  quoteBooking,
} from './quote'
import { requestMail } from './request-mail'

// A visitor's free ticket asked for (decision 040): when unproven bookings hold their share of an
// event day's places, a visitor's RSVP is kept here and a link is e-mailed to its address.
// Opening the link (the page's script posts it; a GET books nothing) books the ticket as the RSVP
// would have, proven, if a place is left: a script's made-up addresses never open theirs.

export type BookingRequestBody = {
  Event: string
  EventId: string
  Date: string
  'Time Slot': string | null
  Email: string
  Status: 'requested'
}

/** The link of a request's e-mail: its page takes the place. */
export const requestLink = (site: string, code: string) => `${site}/confirm/${code}`

/**
 * Keeps the RSVP as a request and e-mails its link. Asked again by the same address for the same
 * day and slot, the same request is kept with the newer form, and its link sent again.
 */
export async function askForPlace(
  db: Db,
  { input, quote, now, site }: { input: BookingInput; quote: Quote; now: Date; site: string },
): Promise<BookingRequestBody> {
  const email = input.Email.trim().toLowerCase()
  const place = {
    eventId: quote.eventId ?? '',
    date: input.Date,
    timeSlot: quote.timeSlot ?? '',
    email,
  }
  await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(bookingRequests)
      .values({ ...place, input: { ...input }, createdAt: now })
      .onConflictDoUpdate({
        target: [
          bookingRequests.email,
          bookingRequests.eventId,
          bookingRequests.date,
          bookingRequests.timeSlot,
        ],
        targetWhere: isNull(bookingRequests.bookingId),
        set: { input: sql`excluded.input` },
      })
      .returning({ code: bookingRequests.code })
    if (!request) throw new Error('A booking request was not kept')
    await queueMail(
      tx,
      requestMail({
        to: email,
        name: input.Name.trim(),
        what: [quote.title, dayInFull(input.Date), quote.timeSlot].filter(Boolean).join(', '),
        link: requestLink(site, request.code),
      }),
    )
  })
  return {
    Event: quote.title,
    EventId: place.eventId,
    Date: place.date,
    'Time Slot': quote.timeSlot,
    Email: email,
    Status: 'requested',
  }
}

/**
 * The request's link opened: its ticket booked as the RSVP asked, proven now (its address got
 * the link), with its receipt. Opened again, the booking it made. Refuses as an RSVP would: 404
 * for a link that is no request, 400 for an event over or closed, 409 'Sold out' when the places
 * went before the link was opened, 409 with the booking when the person booked it another way.
 */
export async function takeRequestedPlace(
  db: Db,
  {
    code,
    now,
    site,
    cachedEventRow,
  }: { code: string; now: Date; site: string; cachedEventRow: CachedEventRow },
): Promise<BookingRow> {
  const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.code, code))
  if (!request) {
    throw notFound(
      "We can't find this link. Please open it again from the e-mail, or book from the event's page.",
    )
  }
  if (request.bookingId) {
    const [booked] = await db.select().from(bookings).where(eq(bookings.id, request.bookingId))
    if (booked) return booked
  }
  const input = request.input as BookingInput
  const quote = await quoteBooking(db, input, null, now, cachedEventRow)
  if (quote.amountMinor > 0) {
    throw paymentRequired("This event has a price now: please book it from the event's page.")
  }
  const booking = prepareBooking({
    input,
    quote,
    account: null,
    ...freePayment(input, null),
    now,
  })
  const receipt = mailRow(
    await bookingReceipt(db, booking.row, {
      title: quote.title,
      publicUrl: site,
      event: quote.event,
    }),
  )
  return retriedTransaction(db, async (tx) => {
    // The request first, locked: a second opening of the link waits, then finds the booking.
    const [open] = await tx
      .select({ bookingId: bookingRequests.bookingId })
      .from(bookingRequests)
      .where(eq(bookingRequests.code, code))
      .for('update')
    if (open?.bookingId) {
      const [booked] = await tx.select().from(bookings).where(eq(bookings.id, open.bookingId))
      if (booked) return booked
    }
    const written = await takePlace(tx, booking, receipt).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 409 && error.message === 'Sold out') {
        throw conflict(
          "The last places went before you opened the link. Join the waitlist from the event's page: we'll e-mail you if one frees up.",
        )
      }
      throw error
    })
    await tx
      .update(bookingRequests)
      .set({ bookingId: written.id })
      .where(and(eq(bookingRequests.code, code), isNull(bookingRequests.bookingId)))
    return written
  })
}
