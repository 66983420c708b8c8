import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import {
  type Application,
  accounts,
  applications,
  communities,
  communityMembers,
} from '../db/schema'
import { applicationApprovedMail, applicationDeclinedMail } from '../mail/identity-mail'
import { queueMail } from '../mail/outbox'
import { APPROVED, PENDING_STATUSES, REJECTED } from '../services/applications'
import { issueLoginLink } from '../services/login'
import { CommandError, UsageError } from './args'

// Staff decide on applications: approve (the account is made from the application's fields and
// a login link is e-mailed) or decline (a polite e-mail). Both happen once per application.

export interface AdminContext {
  db: Db
  now: () => Date
  /** Where people reach the site, for links in e-mail (PUBLIC_URL). */
  publicUrl: string
  /** Print login links too: only while mail stays in the outbox (no SMTP_URL), as the server does. */
  showLinks?: boolean
}

const STATUS_FILTERS: Record<string, readonly string[] | null> = {
  pending: PENDING_STATUSES,
  approved: [APPROVED],
  rejected: [REJECTED],
  all: null,
}

const field = (row: Application, name: string): string | null => {
  const value = row.fields[name]
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

const nameOf = (row: Application) =>
  [field(row, 'First Name'), field(row, 'Last Name')].filter(Boolean).join(' ') || row.email

/** `applications list [--status pending|approved|rejected|all]`: a table, oldest first. */
export async function listApplications(ctx: AdminContext, status = 'pending'): Promise<string> {
  const key = status.toLowerCase()
  if (!(key in STATUS_FILTERS)) {
    throw new UsageError(
      `--status must be one of: ${Object.keys(STATUS_FILTERS).join(', ')} (not '${status}').`,
    )
  }
  const statuses = STATUS_FILTERS[key]
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(statuses ? inArray(applications.status, [...statuses]) : undefined)
    .orderBy(applications.createdAt)
  if (rows.length === 0) return `No ${key === 'all' ? '' : `${key} `}applications.`
  const lines = rows.map((row) =>
    [
      row.id,
      row.createdAt.toISOString().slice(0, 10),
      row.kind.padEnd(10),
      row.status.padEnd(19),
      `${nameOf(row)} <${row.email}>`,
      row.inviteCode ? `(invite ${row.inviteCode})` : '',
    ]
      .join('  ')
      .trimEnd(),
  )
  return [
    `${rows.length} ${rows.length === 1 ? 'application' : 'applications'} (${key}):`,
    ...lines,
  ].join('\n')
}

/** An application by its id, or by the start of it (at least 6 characters) when unambiguous. */
async function findApplication(db: Db | Tx, id: string): Promise<Application> {
  const prefix = id.trim().toLowerCase()
  if (!/^[0-9a-f-]{6,36}$/.test(prefix)) {
    throw new UsageError(
      `'${id}' is not an application id. Copy one from 'npm run admin -- applications list'.`,
    )
  }
  const rows = await db
    .select()
    .from(applications)
    .where(sql`${applications.id}::text LIKE ${`${prefix}%`}`)
    .orderBy(desc(applications.createdAt))
    .limit(2)
  if (rows.length === 0) throw new CommandError(`No application has the id ${id}.`)
  if (rows.length > 1)
    throw new CommandError(`More than one application starts with ${id}: give more of the id.`)
  return rows[0] as Application
}

function assertPending(row: Application) {
  if (!(PENDING_STATUSES as readonly string[]).includes(row.status)) {
    throw new CommandError(
      `The application of ${row.email} is already ${row.status.toLowerCase()}${row.decidedAt ? ` (since ${row.decidedAt.toISOString().slice(0, 10)})` : ''}.`,
    )
  }
}

/** The community a community application is for: the one it names, else the one it created. */
async function communityOf(tx: Tx, row: Application) {
  if (row.communityId) {
    const [community] = await tx
      .select()
      .from(communities)
      .where(eq(communities.id, row.communityId))
    if (community) return community
  }
  const [created] = await tx
    .select()
    .from(communities)
    .where(eq(communities.creatorEmail, row.email))
    .orderBy(desc(communities.createdAt))
    .limit(1)
  return created ?? null
}

/**
 * `applications approve <id>`: creates the account from the application's fields (for a
 * community application, also makes the person an active member of the community when it
 * exists), marks the application approved and e-mails a login link.
 */
export async function approveApplication(ctx: AdminContext, id: string): Promise<string> {
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    const row = await findApplication(tx, id)
    assertPending(row)
    // Two staff approving at once: only one moves it out of its pending status.
    const [claimed] = await tx
      .update(applications)
      .set({ status: APPROVED, decidedAt: now })
      .where(and(eq(applications.id, row.id), eq(applications.status, row.status)))
      .returning({ id: applications.id })
    if (!claimed) throw new CommandError(`The application of ${row.email} was just decided.`)

    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, row.email))
    if (existing) {
      throw new CommandError(
        `${row.email} already has an account: nothing to create. Reject the application instead, or leave it.`,
      )
    }
    const community = row.kind === 'community' ? await communityOf(tx, row) : null
    // An Active community makes its new member active until it expires, as joining it does.
    const activeUntil =
      community?.status === 'Active' &&
      community.membershipExpiry &&
      community.membershipExpiry.getTime() > now.getTime()
        ? community.membershipExpiry
        : null
    const [account] = await tx
      .insert(accounts)
      .values({
        email: row.email,
        firstName: field(row, 'First Name') ?? '',
        lastName: field(row, 'Last Name') ?? '',
        phone: field(row, 'Phone Number'),
        role: row.kind === 'community' ? 'Community Member' : 'Member',
        // A member until they pay: the verify page sends them to the bye-laws and the plans.
        subscriptionStatus: activeUntil ? 'Active' : 'Inactive',
        subscriptionExpiry: activeUntil,
        pronouns: field(row, 'Pronouns')?.toLowerCase() ?? null,
        dateOfBirth: field(row, 'Date of Birth'),
        occupation: field(row, 'Occupation'),
        companyName: field(row, 'Company Name'),
        nationality: field(row, 'Nationality'),
        address: field(row, 'Address'),
        country: field(row, 'Country'),
        socialLink: field(row, 'Social Link'),
        emergencyContactName: field(row, 'Emergency Contact Name'),
        emergencyContactRelationship: field(row, 'Emergency Contact Relationship'),
        emergencyContactPhone: field(row, 'Emergency Contact Phone Number'),
      })
      .returning()
    if (!account) throw new Error('approve: the account was not created')

    let communityLine = ''
    if (community) {
      await tx
        .insert(communityMembers)
        .values({ communityId: community.id, email: row.email, status: 'Active' })
        .onConflictDoUpdate({
          target: [communityMembers.communityId, communityMembers.email],
          set: { status: 'Active' },
        })
      const role = community.creatorEmail === row.email ? 'creator' : 'member'
      communityLine = ` They are an active ${role} of ${community.name} (community ${community.status}).`
    } else if (row.kind === 'community') {
      communityLine = ' No community row names them yet: set the community up when it exists.'
    }

    const link = await issueLoginLink(tx, account, {
      site: ctx.publicUrl,
      now,
      mail: (url) =>
        applicationApprovedMail(
          account.email,
          account.firstName,
          url,
          activeUntil ? (community?.name ?? null) : null,
        ),
    })
    return [
      `Approved ${nameOf(row)} <${row.email}>: account ${account.id} created.${communityLine}`,
      `A welcome e-mail with a login link (valid 15 minutes) is queued for ${account.email}${ctx.showLinks ? `: ${link}` : '.'}`,
    ].join('\n')
  })
}

/** `applications reject <id> [--note <text>]`: marks it rejected and sends a polite e-mail. */
export async function rejectApplication(
  ctx: AdminContext,
  id: string,
  note: string | undefined,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const row = await findApplication(tx, id)
    assertPending(row)
    const [claimed] = await tx
      .update(applications)
      .set({ status: REJECTED, decidedAt: ctx.now(), decisionNote: note ?? null })
      .where(and(eq(applications.id, row.id), eq(applications.status, row.status)))
      .returning({ id: applications.id })
    if (!claimed) throw new CommandError(`The application of ${row.email} was just decided.`)
    await queueMail(
      tx,
      applicationDeclinedMail(row.email, field(row, 'First Name') ?? 'there', note ?? null),
    )
    return `Rejected the application of ${nameOf(row)} <${row.email}>; a polite e-mail is queued${note ? ' with your note' : ''}.`
  })
}
