import { and, eq, gte, isNotNull, lt, ne, or } from 'drizzle-orm'
import { lagosDay } from '../../machines/rules/dates'
import { parseSlot } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import { cancelOwnBooking, managedBookingOf, refundsOf } from '../cancellation/cancel'
import type { Db } from '../db/client'
import { bookings } from '../db/schema'
import { type Account, optionalAccount, requireAccount } from '../http/auth'
import { forbidden, paymentRequired } from '../http/http-error'
import type { Handler, ServiceDeps } from '../http/operations'
import type { MailDeps } from '../mail/deps'
import { bookingReceipt, mailRow } from '../mail/outbox'
import {
  type BookingRow,
  bookingBody,
  bookingTitles,
  type CachedEventRow,
  freePayment,
  prepareBooking,
  quoteBooking,
  receiptSubjects,
  refuseUnstorableText,
  takePlace,
  UnprovenShareTaken,
} from './core'
import { askForPlace, takeRequestedPlace } from './requests'

type PastBooking = components['schemas']['PastBooking']

/** Only the signed-in person's own bookings: the address in the path must be theirs. */
function ownEmail(account: Account, email: string): string {
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

async function upcoming(db: Db, account: Account, today: string): Promise<BookingRow[]> {
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

async function past(db: Db, account: Account, today: string): Promise<BookingRow[]> {
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

export function bookingsService(
  { db, now }: ServiceDeps,
  { publicUrl, mailer }: MailDeps,
  cachedEventRow: CachedEventRow,
  /** The share of a free event's places visitors' unproven tickets may hold (decision 040). */
  visitorShare: number,
) {
  /** Free bookings only: anything with a price is paid by card or from a wallet. */
  const createBooking: Handler<'createBooking'> = async (request, reply) => {
    const account = optionalAccount(request)
    const input = request.body
    refuseUnstorableText(input)
    const at = now()
    // Reads first, outside any transaction (the event from the public cache); then one statement
    // writes the booking with its receipt and claims its place last (docs/decisions/032), or
    // keeps none of it.
    const quote = await quoteBooking(db, input, account, at, cachedEventRow)
    if (quote.amountMinor > 0) {
      throw paymentRequired('This booking has a price: pay by card or from your wallet.')
    }
    const booking = prepareBooking({
      input,
      quote,
      account,
      ...freePayment(input, account),
      // A visitor's free ticket is unproven until a link of their e-mail is opened.
      visitorShare: account === null && input.Type === 'event' ? visitorShare : undefined,
      now: at,
    })
    const receipt = await bookingReceipt(db, booking.row, {
      title: quote.title,
      publicUrl,
      event: quote.event,
    })
    let row: BookingRow
    try {
      row = await takePlace(db, booking, mailRow(receipt))
    } catch (error) {
      if (!(error instanceof UnprovenShareTaken)) throw error
      const asked = await askForPlace(db, { input, quote, now: at, site: publicUrl })
      request.server.metrics.booked(input.Type, 'requested')
      mailer?.kick()
      reply.code(202)
      return {
        status: 'pending',
        message: `Almost there: open the link we sent to ${asked.Email} to take your place.`,
        data: asked,
      }
    }
    const data = bookingBody(row, quote.title, quote.event)
    request.server.metrics.booked(input.Type, 'confirmed')
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: `You're booked: ${data.Event}.`, data }
  }

  /** A visitor's ticket asked for by e-mail (decision 040): its link opened, the place taken. */
  const takeRequestedPlaceHandler: Handler<'takeRequestedPlace'> = async (request, reply) => {
    const row = await takeRequestedPlace(db, {
      code: request.params.code,
      now: now(),
      site: publicUrl,
      cachedEventRow,
    })
    const subject = (await receiptSubjects(db, [row])).get(row.id)
    const data = bookingBody(row, subject?.title ?? '', subject?.event ?? null)
    request.server.metrics.booked(row.type, 'confirmed')
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: `You're booked: ${data.Event}.`, data }
  }

  const listBookings: Handler<'listBookings'> = async (request) => {
    const account = requireAccount(request)
    ownEmail(account, request.params.email)
    const rows = await upcoming(db, account, lagosDay(now()))
    // Each with its event's times and cut-off: until when it can be cancelled, when it ends.
    const subjects = await receiptSubjects(db, rows)
    const refunds = await refundsOf(db, rows, account.email)
    return {
      status: 'success',
      bookings: rows.map((row) => {
        const subject = subjects.get(row.id)
        const body = bookingBody(row, subject?.title ?? '', subject?.event ?? null)
        const refund = refunds.get(row.id)
        // A cancelled one says when, and where its money went.
        return row.cancelledAt && refund
          ? { ...body, 'Cancelled at': row.cancelledAt.toISOString(), Refund: refund }
          : body
      }),
    }
  }

  const listPastBookings: Handler<'listPastBookings'> = async (request) => {
    const account = requireAccount(request)
    ownEmail(account, request.params.email)
    const rows = await past(db, account, lagosDay(now()))
    const titles = await bookingTitles(db, rows)
    const data: PastBooking[] = rows.map((row) => ({
      id: row.id,
      event: titles.get(row.id) ?? '',
      type: row.type,
      date: row.date,
      timeSlot: row.timeSlot,
      venue: row.venue,
      ...(row.status === 'cancelled' && row.cancelledAt
        ? { cancelledAt: row.cancelledAt.toISOString() }
        : {}),
    }))
    return { status: 'success', data }
  }

  /**
   * One of the signed-in person's bookings, cancelled until its cut-off, its money sent back the
   * way it came (server/cancellation/cancel.ts). A card refund is tried right after the commit, by
   * this instance's refund worker (as a staff refund is), and retried by it after that.
   */
  const cancelBooking: Handler<'cancelBooking'> = async (request) => {
    const account = requireAccount(request)
    const { answer, refundPaymentId } = await cancelOwnBooking(db, {
      account,
      bookingId: request.params.bookingId,
      now: now(),
      site: publicUrl,
    })
    if (refundPaymentId) await request.server.refunds?.sendNow(refundPaymentId)
    mailer?.kick()
    return answer
  }

  /**
   * The booking of a receipt's 'Manage your booking' link, read without an account: the code is
   * the booking's own secret. Whether it can be cancelled now, until when, and the money's way.
   */
  const getManagedBooking: Handler<'getManagedBooking'> = async (request) =>
    managedBookingOf(db, request.params.code, now())

  /** The booking of a receipt's link, cancelled as cancelBooking cancels: by its code. */
  const cancelManagedBooking: Handler<'cancelManagedBooking'> = async (request) => {
    const { answer, refundPaymentId } = await cancelOwnBooking(db, {
      code: request.params.code,
      now: now(),
      site: publicUrl,
    })
    if (refundPaymentId) await request.server.refunds?.sendNow(refundPaymentId)
    mailer?.kick()
    return answer
  }

  return {
    createBooking,
    takeRequestedPlace: takeRequestedPlaceHandler,
    cancelBooking,
    getManagedBooking,
    cancelManagedBooking,
    listBookings,
    listPastBookings,
  }
}
