import { and, eq } from 'drizzle-orm'
import { lagosDay } from '../../machines/rules/dates'
import { refuseUnstorableText } from '../bookings/core'
import { invites } from '../db/schema'
import { conflict, forbidden, notFound } from '../http/http-error'
import type { Handler, ServiceDeps } from '../http/operations'
import type { MailDeps } from '../mail/deps'
import { assertNewApplicant, RECEIVED_MESSAGE, storeApplication, storedFields } from './handlers'

// Invite codes (spec sections 2 and 8): /invite/{code} greets the invitee by first name; the
// application sent with the code spends it, once.

/** The spec's words. */
export const INVITE_INVALID = 'This invite code is not valid'
export const INVITE_USED = 'This invite code has been used'
/** Claimed with another address than the one it was sent to (the code stays Pending). */
export const INVITE_OTHER_EMAIL =
  'This invite was sent to another e-mail address. Please apply with the address it came to.'

/** Codes are matched as typed, then upper-cased (people retype them from an e-mail). */
const codeVariants = (code: string) => [...new Set([code, code.toUpperCase()])]

export function invitesService({ db, now }: ServiceDeps, { mailer }: MailDeps) {
  async function findInvite(code: string) {
    for (const variant of codeVariants(code)) {
      const [invite] = await db.select().from(invites).where(eq(invites.code, variant))
      if (invite) return invite
    }
    return null
  }

  const getInvite: Handler<'getInvite'> = async (request) => {
    const invite = await findInvite(request.params.code)
    if (!invite) throw notFound(INVITE_INVALID)
    return {
      status: 'success',
      data: { fields: { 'First Name': invite.firstName, Status: invite.status } },
    }
  }

  const claimInvite: Handler<'claimInvite'> = async (request, reply) => {
    refuseUnstorableText(request.body)
    const invite = await findInvite(request.params.code)
    if (!invite) throw notFound(INVITE_INVALID)
    const fields = storedFields(request.body, lagosDay(now()))
    const email = fields['Email Address'] as string
    const row = await db.transaction(async (tx) => {
      // Spent in one statement: of two claims at once, only one finds it still Pending.
      const [spent] = await tx
        .update(invites)
        .set({ status: 'Used' })
        .where(and(eq(invites.code, invite.code), eq(invites.status, 'Pending')))
        .returning({ code: invites.code, email: invites.email, communityId: invites.communityId })
      if (!spent) throw conflict(INVITE_USED)
      // An invite is for the person it was sent to: a code passed on or guessed is no way in.
      // Both addresses are trimmed and lower-cased (storedFields; invites_email_lowercase).
      if (spent.email.trim() !== email) throw forbidden(INVITE_OTHER_EMAIL)
      await assertNewApplicant(tx, email)
      return storeApplication(tx, {
        kind: spent.communityId ? 'community' : 'individual',
        fields: spent.communityId ? { ...fields, Status: 'Community - Pending' } : fields,
        inviteCode: spent.code,
        communityId: spent.communityId,
      })
    })
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: RECEIVED_MESSAGE, data: { id: row.id } }
  }

  return { getInvite, claimInvite }
}
