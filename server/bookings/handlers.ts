import { isValidDay, lagosDay } from '../../machines/rules/dates'
import { refundsOf } from '../cancellation/cancel'
import { optionalAccount, requireAccount } from '../http/auth'
import { sendCsv } from '../http/csv'
import { badRequest, paymentRequired } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import { bookingReceipt, mailRow } from '../mail/outbox'
import { freePayment, prepareBooking, takePlace, UnprovenShareTaken } from './book'
import { bookingBody, bookingTitles, receiptSubjects } from './booking-bodies'
import { ownEmail, type PastBooking, past, upcoming } from './booking-lists'
import { dayBookingsFile } from './day-export'
import { type BookingRow, quoteBooking } from './quote'
import { askForPlace, takeRequestedPlace } from './requests'
import { dayBookings, staffBookingOf } from './staff-bookings'

export function bookingsHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer, visitorShare } = deps
  const cachedEventRow = deps.reads.eventRow
  /** Free bookings only: anything with a price is paid by card or from a wallet. */
  const createBooking: Handler<'createBooking'> = async (request, reply) => {
    const account = optionalAccount(request)
    const input = request.body
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

  const searchBookings: Handler<'searchBookings'> = async (request) => {
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return { date, bookings: await dayBookings(db, date, request.query.q ?? '') }
  }

  /** The front desk's spreadsheet of the day (their role checked before this runs). */
  const exportDayBookings: Handler<'exportDayBookings'> = async (request, reply) => {
    const file = dayBookingsFile(db, request.query.date)
    return sendCsv(reply, file.fileName, file.header, file.rows) as never
  }

  const getStaffBooking: Handler<'getStaffBooking'> = async (request) => {
    return staffBookingOf(db, request.params.bookingId)
  }

  return {
    searchBookings,
    exportDayBookings,
    getStaffBooking,
    createBooking,
    takeRequestedPlace: takeRequestedPlaceHandler,
    listBookings,
    listPastBookings,
  }
}
