import { and, eq } from 'drizzle-orm'
import { lagosDay, shortDate } from '../../machines/rules/dates'
import { communities, communityMembers, invites } from '../db/schema'
import { staffAccount } from '../http/auth'
import { conflict, forbidden, notFound } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import {
  APPROVED,
  assertNewApplicant,
  INVITE_INVALID,
  INVITE_OTHER_EMAIL,
  INVITE_USED,
  RECEIVED_MESSAGE,
  storeApplication,
  storedFields,
} from './applications'
import {
  approve,
  DecisionRefused,
  decline,
  nameOf,
  staffApplication,
  staffApplications,
} from './decisions'

// Invite codes (spec sections 2 and 8): /invite/{code} greets the invitee by first name; the
// application sent with the code spends it, once.

/** Codes are matched as typed, then upper-cased (people retype them from an e-mail). */
const codeVariants = (code: string) => [...new Set([code, code.toUpperCase()])]

const NO_SUCH_APPLICATION = 'No application has this id.'

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

export function applicationsHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
  /** An individual application (no invite code). */
  const createApplication: Handler<'createApplication'> = async (request, reply) => {
    const fields = storedFields(request.body, lagosDay(now()))
    const email = fields['Email Address'] as string
    const row = await db.transaction(async (tx) => {
      await assertNewApplicant(tx, email)
      return storeApplication(tx, { kind: 'individual', fields })
    })
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: RECEIVED_MESSAGE, data: { id: row.id } }
  }

  /** An invited person completes their profile through the short form (no token). */
  const signupAsCommunityMember: Handler<'signupAsCommunityMember'> = async (request, reply) => {
    const { communityId, application } = request.body
    const fields = storedFields(application, lagosDay(now()))
    fields.Status = 'Community - Pending'
    const email = fields['Email Address'] as string
    await db.transaction(async (tx) => {
      const [community] = await tx
        .select({ id: communities.id, name: communities.name })
        .from(communities)
        .where(eq(communities.id, communityId))
      if (!community) throw notFound('This community does not exist. Check the link you followed.')
      const [member] = await tx
        .select({ status: communityMembers.status })
        .from(communityMembers)
        .where(
          and(eq(communityMembers.communityId, communityId), eq(communityMembers.email, email)),
        )
      if (!member) {
        throw forbidden(
          `${email} has not been invited to ${community.name}. Ask the community's creator to invite this e-mail address.`,
        )
      }
      if (member.status !== 'Pending') {
        throw conflict(`${email} is already a member of ${community.name}. Log in instead.`)
      }
      await assertNewApplicant(tx, email)
      return storeApplication(tx, { kind: 'community', fields, communityId })
    })
    mailer?.kick()
    reply.code(201)
    return { status: 'success', message: RECEIVED_MESSAGE }
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
    const id = request.params.applicationId
    await decided(decline({ db, actor: staff, now: now() }, id, request.body.note))
    mailer?.kick()
    return answerOf(id)
  }

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

  return {
    createApplication,
    signupAsCommunityMember,
    listApplications,
    getApplication,
    approveApplication,
    declineApplication,
    getInvite,
    claimInvite,
  }
}
