import { and, eq, inArray } from 'drizzle-orm'
import { lagosDay } from '../../machines/rules/dates'
import type { components } from '../../openapi/schema'
import { refuseUnstorableText } from '../bookings/core'
import type { Db, Tx } from '../db/client'
import {
  type Application as ApplicationRow,
  accounts,
  applications,
  communities,
  communityMembers,
} from '../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../http/http-error'
import type { Handler, ServiceDeps } from '../http/operations'
import { applicationReceivedMail } from '../login/identity-mail'
import type { MailDeps } from '../mail/deps'
import { queueMail } from '../mail/outbox'

// Applications (spec section 3): the labelled fields as sent, kept as they are for staff, with
// the e-mail lower-cased. Staff approve or decline them with `npm run admin -- applications`.

export type ApplicationFields = components['schemas']['Application']

/** What an application waits in: individual ones 'Pending', community ones as the spec names. */
export const PENDING_STATUSES = ['Pending', 'Community - Pending'] as const
export const APPROVED = 'Approved'
export const REJECTED = 'Rejected'

export const ACCOUNT_EXISTS = 'An account with this e-mail already exists. Log in instead.'
export const ALREADY_APPLIED =
  'We already have an application from this e-mail. We will write to you once it has been reviewed.'

const clean = (value: string | null | undefined) => {
  const text = value?.trim()
  return text ? text : null
}

/** The fields as stored: trimmed, empty ones as null, the e-mail lower-cased. */
export function storedFields(
  fields: ApplicationFields,
  today: string,
): Record<string, string | null> {
  const dateOfBirth = fields['Date of Birth'] ?? null
  if (dateOfBirth && dateOfBirth > today) {
    throw badRequest('Date of Birth cannot be after today.')
  }
  const stored: Record<string, string | null> = {}
  for (const [key, value] of Object.entries(fields)) {
    stored[key] = typeof value === 'string' ? clean(value) : null
  }
  stored['Email Address'] = fields['Email Address'].trim().toLowerCase()
  stored.Pronouns = clean(fields.Pronouns)?.toLowerCase() ?? null
  if (!stored['First Name'] || !stored['Last Name']) {
    throw badRequest('First Name and Last Name are required.')
  }
  return stored
}

/** Refuses an application from someone who has an account, or whose application still waits. */
export async function assertNewApplicant(tx: Db | Tx, email: string): Promise<void> {
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1)
  if (account) throw conflict(ACCOUNT_EXISTS)
  const [waiting] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.email, email), inArray(applications.status, [...PENDING_STATUSES])))
    .limit(1)
  if (waiting) throw conflict(ALREADY_APPLIED)
}

/** Stores an application and queues its confirmation e-mail, in the caller's transaction. */
export async function storeApplication(
  tx: Db | Tx,
  {
    kind,
    fields,
    inviteCode = null,
    communityId = null,
  }: {
    kind: 'individual' | 'community'
    fields: Record<string, string | null>
    inviteCode?: string | null
    communityId?: string | null
  },
): Promise<ApplicationRow> {
  const email = fields['Email Address'] as string
  const [row] = await tx
    .insert(applications)
    .values({
      kind,
      email,
      fields,
      status: kind === 'community' ? 'Community - Pending' : 'Pending',
      inviteCode,
      communityId,
    })
    .returning()
  if (!row) throw new Error('storeApplication: the insert returned no row')
  await queueMail(tx, applicationReceivedMail(email, fields['First Name'] ?? '', kind))
  return row
}

export const RECEIVED_MESSAGE =
  'Thank you for applying. We have sent a confirmation to your e-mail and will be in touch once your application has been reviewed.'

export function applicationsService({ db, now }: ServiceDeps, { mailer }: MailDeps) {
  /** An individual application (no invite code). */
  const createApplication: Handler<'createApplication'> = async (request, reply) => {
    refuseUnstorableText(request.body)
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
    refuseUnstorableText(request.body)
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

  return { createApplication, signupAsCommunityMember }
}
