import { refuseUnstorableText } from '../bookings/core'
import { optionalAccount } from '../http/auth'
import type { Handler, ServiceDeps } from '../http/operations'
import type { MailDeps } from '../mail/deps'
import { joinWaitlist, leaveWaitlist, readWaitlistEntry } from './waitlist'

// The waitlist of a sold-out event day, as its person uses it (server/waitlist/waitlist.ts holds
// the rules): joining it (bearer optional), and their entry read or left with the token of its
// e-mails' links.

export function waitlistService({ db, now }: ServiceDeps, { publicUrl, mailer }: MailDeps) {
  const joinWaitlistHandler: Handler<'joinWaitlist'> = async (request, reply) => {
    const account = optionalAccount(request)
    refuseUnstorableText(request.body)
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

  return {
    joinWaitlist: joinWaitlistHandler,
    getWaitlistEntry,
    leaveWaitlist: leaveWaitlistHandler,
  }
}
