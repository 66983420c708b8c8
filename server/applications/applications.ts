import { and, eq, inArray } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { type Application as ApplicationRow, accounts, applications } from '../db/schema'
import { badRequest, conflict } from '../http/http-error'
import { applicationReceivedMail } from '../login/identity-mail'
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

/** An invite code refused, in the spec's words. */
export const INVITE_INVALID = 'This invite code is not valid'
export const INVITE_USED = 'This invite code has been used'
/** Claimed with another address than the one it was sent to (the code stays Pending). */
export const INVITE_OTHER_EMAIL =
  'This invite was sent to another e-mail address. Please apply with the address it came to.'
