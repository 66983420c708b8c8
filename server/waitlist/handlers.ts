import { optionalAccount } from '../http/auth'
import type { Handler, HandlerDeps } from '../http/operations'
import { eventWaitlist } from './event-waitlist'
import { joinWaitlist, leaveWaitlist, readWaitlistEntry } from './waitlist'

// The waitlist of a sold-out event day, as its person uses it (server/waitlist/waitlist.ts holds
// the rules): joining it (bearer optional), and their entry read or left with the token of its
// e-mails' links.

export function waitlistHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
  const joinWaitlistHandler: Handler<'joinWaitlist'> = async (request, reply) => {
    const account = optionalAccount(request)
    const { created, entry } = await joinWaitlist(db, {
      eventId: request.params.id,
      input: request.body,
      account,
      now: now(),
      site: publicUrl,
    })
    if (created) mailer?.kick()
    reply.code(created ? 201 : 200)
    return entry
  }

  const getWaitlistEntry: Handler<'getWaitlistEntry'> = async (request) => {
    const entry = await readWaitlistEntry(db, request.params.token, now(), publicUrl)
    // An offer passed on while reading: the next person's e-mail.
    mailer?.kick()
    return entry
  }

  const leaveWaitlistHandler: Handler<'leaveWaitlist'> = async (request) => {
    const entry = await leaveWaitlist(db, request.params.token, now(), publicUrl)
    mailer?.kick()
    return entry
  }

  const getStaffEventWaitlist: Handler<'getStaffEventWaitlist'> = async (request) => {
    return eventWaitlist(db, request.params.id)
  }

  return {
    joinWaitlist: joinWaitlistHandler,
    getWaitlistEntry,
    leaveWaitlist: leaveWaitlistHandler,
    getStaffEventWaitlist,
  }
}
