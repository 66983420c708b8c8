import { optionalAccount, staffAccount } from '../http/auth'
import { CACHE_POLICIES, sendCached } from '../http/cache/policies'
import { sendCsv } from '../http/csv'
import { badRequest, HttpError, notFound } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import type { ImageUpload } from '../http/uploads'
import { uploadPoster } from '../media/media-store'
import { ImageRejected, MAX_UPLOAD_BYTES } from '../media/poster-variants'
import { isActiveMember } from '../memberships/membership'
import { guestList } from './guest-list'
import {
  createStaffEvent as create,
  staffEventOf,
  staffEvents,
  updateStaffEvent as update,
} from './staff-events'

/** PUT /staff/events/{id}/poster takes the file's bytes, as large as a camera's (up to 20 MB). */
export const POSTER_UPLOAD: ImageUpload = {
  url: '/api/staff/events/:id/poster',
  limit: MAX_UPLOAD_BYTES,
  tooLarge: `The poster is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Export it smaller and try again.`,
  wrongType: 'Send the poster as it is, with Content-Type image/jpeg, image/png or image/webp.',
}

/** Public reads come from the cache (one computation per change), with ETag and 304. */
export function eventsHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer, reads } = deps
  const listEvents: Handler<'listEvents'> = async (request, reply) =>
    sendCached(request, reply, await reads.events(now()), CACHE_POLICIES.live)

  const getEvent: Handler<'getEvent'> = async (request, reply) => {
    const event = await reads.event(now(), request.params.id)
    if (!event) throw notFound('This event does not exist.')
    return sendCached(request, reply, event, CACHE_POLICIES.live)
  }

  /** Bookable days, Mondays and days with nothing left for this viewer left out. */
  const listCoworkingDays: Handler<'listCoworkingDays'> = async (request, reply) => {
    const at = now()
    const isMember = await isActiveMember(db, optionalAccount(request), at)
    return sendCached(
      request,
      reply,
      await reads.coworkingDays(at, isMember),
      CACHE_POLICIES.perViewer,
    )
  }

  const listPrintStudioDays: Handler<'listPrintStudioDays'> = async (request, reply) => {
    optionalAccount(request)
    return sendCached(request, reply, await reads.printStudioDays(now()), CACHE_POLICIES.live)
  }

  const listStaffEvents: Handler<'listStaffEvents'> = async () => ({
    events: await staffEvents(db, now()),
  })

  const getStaffEvent: Handler<'getStaffEvent'> = async (request) => {
    return staffEventOf(db, request.params.id, now())
  }

  const createStaffEvent: Handler<'createStaffEvent'> = async (request, reply) => {
    const staff = staffAccount(request)
    const event = await create({ db, actor: staff, now: now() }, request.body)
    reply.code(201)
    return event
  }

  const updateStaffEvent: Handler<'updateStaffEvent'> = async (request) => {
    const staff = staffAccount(request)
    const event = await update(
      { db, actor: staff, now: now(), site: publicUrl },
      request.params.id,
      request.body,
    )
    // A raised capacity may have offered places to people waiting: their e-mails leave now.
    mailer?.kick()
    return event
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

  /** A manager's spreadsheet of the event's guests (their role checked before this runs). */
  const exportEventGuests: Handler<'exportEventGuests'> = async (request, reply) => {
    const list = await guestList(db, request.params.id, request.query.date)
    return sendCsv(reply, list.fileName, list.header, list.rows) as never
  }

  return {
    listEvents,
    getEvent,
    listCoworkingDays,
    listPrintStudioDays,
    listStaffEvents,
    getStaffEvent,
    createStaffEvent,
    updateStaffEvent,
    uploadEventPoster,
    exportEventGuests,
  }
}
