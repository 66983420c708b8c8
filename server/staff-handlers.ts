import { desc } from 'drizzle-orm'
import { isValidDay, lagosDay, shortDate } from '../machines/rules/dates'
import {
  approve,
  DecisionRefused,
  decline,
  nameOf,
  staffApplication,
  staffApplications,
} from './applications/decisions'
import { APPROVED } from './applications/handlers'
import { auditInWords } from './audit/audit-log'
import { refuseUnstorableText } from './bookings/core'
import { dayBookings, staffBookingOf } from './bookings/staff-bookings'
import { checkIn } from './check-in/check-in'
import { sessionsOfDay } from './check-in/day'
import { auditLog } from './db/schema'
import {
  createStaffEvent as create,
  staffEventOf,
  staffEvents,
  updateStaffEvent as update,
} from './events/staff-events'
import { staffAccount } from './http/auth'
import { badRequest, conflict, HttpError, notFound } from './http/http-error'
import type { Handler, ServiceDeps } from './http/operations'
import type { ImageUpload } from './http/uploads'
import type { MailDeps } from './mail/deps'
import { uploadPoster } from './media/media-store'
import { ImageRejected, MAX_UPLOAD_BYTES } from './media/poster-variants'
import {
  extendMembership as extend,
  searchMembers as findMembers,
} from './memberships/staff-members'
import type { RefundWorker } from './payments/refunds'
import { refundPayment as refund, searchPayments as search } from './payments/staff-payments'
import {
  createStaffSpace as createSpace,
  staffSpaceOf,
  staffSpaces,
  updateStaffSpace as updateSpace,
} from './spaces/staff-spaces'
import { eventWaitlist } from './waitlist/event-waitlist'

// The staff's tools (the contract's `staff` tag, docs/decisions/028): the day's sessions, the
// door's check-in, the audit log, the applications for membership to decide on, payments to
// find and refund, members to find and extend, the events, spaces and studio items to create
// and edit, and a day's bookings to find. Anyone without the staff role gets 403, from the
// contract's `staff` scheme (server/http/auth.ts), before the request's body is read.

/** The audit log's newest entries, as many as one answer lists. */
const AUDIT_ENTRIES = 200

const NO_SUCH_APPLICATION = 'No application has this id.'

/** PUT /staff/events/{id}/poster takes the file's bytes, as large as a camera's (up to 20 MB). */
export const POSTER_UPLOAD: ImageUpload = {
  url: '/api/staff/events/:id/poster',
  limit: MAX_UPLOAD_BYTES,
  tooLarge: `The poster is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Export it smaller and try again.`,
  wrongType: 'Send the poster as it is, with Content-Type image/jpeg, image/png or image/webp.',
}

/** A refused decision, said to staff in plain words. */
async function decided<T>(decision: Promise<T>): Promise<T> {
  try {
    return await decision
  } catch (error) {
    if (!(error instanceof DecisionRefused)) throw error
    const { refusal } = error
    if (refusal.reason === 'unknown') throw notFound(NO_SUCH_APPLICATION)
    const row = refusal.application
    if (refusal.reason === 'has-account') {
      throw conflict(`${row.email} already has an account: decline the application, or leave it.`)
    }
    const verdict = row.status === APPROVED ? 'approved' : 'declined'
    const when = row.decidedAt ? ` on ${shortDate(row.decidedAt)}` : ''
    throw conflict(`${nameOf(row)}'s application was already ${verdict}${when}.`)
  }
}

export function staffService(
  { db, now }: ServiceDeps,
  { publicUrl, mailer }: MailDeps,
  /** Sends a card refund right after its commit; null leaves it to a worker. */
  refunds: Pick<RefundWorker, 'sendNow'> | null = null,
) {
  const getStaffDay: Handler<'getStaffDay'> = async (request) => {
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return { date, sessions: await sessionsOfDay(db, date) }
  }

  const checkInTicket: Handler<'checkInTicket'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const code = request.body.code.trim()
    if (code === '') {
      throw badRequest('The ticket code is empty: scan the QR code again, or type the code.')
    }
    return checkIn(db, code, staff, now())
  }

  const listAuditLog: Handler<'listAuditLog'> = async () => {
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(AUDIT_ENTRIES)
    return { entries: await auditInWords(db, rows) }
  }

  const answerOf = async (id: string) => {
    const application = await staffApplication(db, id)
    if (!application) throw notFound(NO_SUCH_APPLICATION)
    return application
  }

  const listApplications: Handler<'listApplications'> = async (request) => {
    return { applications: await staffApplications(db, request.query.status ?? 'pending') }
  }

  const getApplication: Handler<'getApplication'> = async (request) => {
    return answerOf(request.params.applicationId)
  }

  const approveApplication: Handler<'approveApplication'> = async (request) => {
    const staff = staffAccount(request)
    const id = request.params.applicationId
    await decided(approve({ db, actor: staff, now: now() }, id, publicUrl))
    mailer?.kick()
    return answerOf(id)
  }

  const declineApplication: Handler<'declineApplication'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const id = request.params.applicationId
    await decided(decline({ db, actor: staff, now: now() }, id, request.body.note))
    mailer?.kick()
    return answerOf(id)
  }

  const searchPayments: Handler<'searchPayments'> = async (request) => {
    refuseUnstorableText(request.query)
    return { payments: await search(db, request.query.q ?? '') }
  }

  const refundPayment: Handler<'refundPayment'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const payment = await refund(
      { db, refunds },
      {
        id: request.params.paymentId,
        method: request.body.method,
        reason: request.body.reason,
        actor: staff,
        now: now(),
        site: publicUrl,
      },
    )
    mailer?.kick()
    return payment
  }

  const searchMembers: Handler<'searchMembers'> = async (request) => {
    refuseUnstorableText(request.query)
    return { members: await findMembers(db, request.query.q ?? '', now()) }
  }

  const extendMembership: Handler<'extendMembership'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const { until, reason } = request.body
    return extend({ db, actor: staff, now: now() }, request.params.memberId, until, reason)
  }

  const listStaffEvents: Handler<'listStaffEvents'> = async () => ({
    events: await staffEvents(db, now()),
  })

  const getStaffEvent: Handler<'getStaffEvent'> = async (request) => {
    return staffEventOf(db, request.params.id, now())
  }

  const createStaffEvent: Handler<'createStaffEvent'> = async (request, reply) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const event = await create({ db, actor: staff, now: now() }, request.body)
    reply.code(201)
    return event
  }

  const updateStaffEvent: Handler<'updateStaffEvent'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const event = await update(
      { db, actor: staff, now: now(), site: publicUrl },
      request.params.id,
      request.body,
    )
    // A raised capacity may have offered places to people waiting: their e-mails leave now.
    mailer?.kick()
    return event
  }

  const getStaffEventWaitlist: Handler<'getStaffEventWaitlist'> = async (request) => {
    return eventWaitlist(db, request.params.id)
  }

  const uploadEventPoster: Handler<'uploadEventPoster'> = async (request) => {
    const staff = staffAccount(request)
    const id = request.params.id
    // Known before the file is resized, which takes seconds: 404, not the pipeline's refusal.
    await staffEventOf(db, id, now())
    const file = request.body as unknown
    if (!Buffer.isBuffer(file)) throw badRequest('Send the poster file as the request body.')
    try {
      await uploadPoster(db, id, file, { actor: staff, now: now() })
    } catch (error) {
      if (error instanceof ImageRejected) throw new HttpError(400, error.message)
      throw error
    }
    return staffEventOf(db, id, now())
  }

  const listStaffSpaces: Handler<'listStaffSpaces'> = async () => ({
    spaces: await staffSpaces(db, now()),
  })

  const getStaffSpace: Handler<'getStaffSpace'> = async (request) => {
    return staffSpaceOf(db, request.params.spaceId, now())
  }

  const createStaffSpace: Handler<'createStaffSpace'> = async (request, reply) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    const space = await createSpace({ db, actor: staff, now: now() }, request.body)
    reply.code(201)
    return space
  }

  const updateStaffSpace: Handler<'updateStaffSpace'> = async (request) => {
    const staff = staffAccount(request)
    refuseUnstorableText(request.body)
    return updateSpace({ db, actor: staff, now: now() }, request.params.spaceId, request.body)
  }

  const searchBookings: Handler<'searchBookings'> = async (request) => {
    refuseUnstorableText(request.query)
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return { date, bookings: await dayBookings(db, date, request.query.q ?? '') }
  }

  const getStaffBooking: Handler<'getStaffBooking'> = async (request) => {
    return staffBookingOf(db, request.params.bookingId)
  }

  return {
    listStaffSpaces,
    getStaffSpace,
    createStaffSpace,
    updateStaffSpace,
    searchBookings,
    getStaffBooking,
    listStaffEvents,
    getStaffEvent,
    createStaffEvent,
    updateStaffEvent,
    getStaffEventWaitlist,
    uploadEventPoster,
    getStaffDay,
    checkInTicket,
    listAuditLog,
    listApplications,
    getApplication,
    approveApplication,
    declineApplication,
    searchPayments,
    refundPayment,
    searchMembers,
    extendMembership,
  }
}
