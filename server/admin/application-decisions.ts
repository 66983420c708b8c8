import { desc, inArray, sql } from 'drizzle-orm'
import { APPROVED, PENDING_STATUSES, REJECTED } from '../applications/applications'
import { approve, DecisionRefused, decline, nameOf } from '../applications/decisions'
import type { Db } from '../db/client'
import { type Application, applications } from '../db/schema'
import { CommandError, UsageError } from './args'

// Staff decide on applications from the command line: approve (the account is made from the
// application's fields and a login link is e-mailed) or decline (a polite e-mail), by the rules
// the staff's tools use too (server/applications/decisions.ts).

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
async function findApplication(db: Db, id: string): Promise<Application> {
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

/** A decision of server/applications/decisions.ts, its refusal said as the command line says it. */
async function decided<T>(id: string, decide: () => Promise<T>): Promise<T> {
  try {
    return await decide()
  } catch (error) {
    if (!(error instanceof DecisionRefused)) throw error
    const { refusal } = error
    if (refusal.reason === 'unknown') throw new CommandError(`No application has the id ${id}.`)
    const row = refusal.application
    if (refusal.reason === 'has-account') {
      throw new CommandError(
        `${row.email} already has an account: nothing to create. Reject the application instead, or leave it.`,
      )
    }
    throw new CommandError(
      `The application of ${row.email} is already ${row.status.toLowerCase()}${row.decidedAt ? ` (since ${row.decidedAt.toISOString().slice(0, 10)})` : ''}.`,
    )
  }
}

/**
 * `applications approve <id>`: creates the account from the application's fields (for a
 * community application, also makes the person an active member of the community when it
 * exists), marks the application approved and e-mails a login link.
 */
export async function approveApplication(ctx: AdminContext, id: string): Promise<string> {
  const row = await findApplication(ctx.db, id)
  const { account, community, link } = await decided(id, () =>
    approve({ db: ctx.db, actor: null, now: ctx.now() }, row.id, ctx.publicUrl),
  )
  let communityLine = ''
  if (community) {
    const role = community.creatorEmail === row.email ? 'creator' : 'member'
    communityLine = ` They are an active ${role} of ${community.name} (community ${community.status}).`
  } else if (row.kind === 'community') {
    communityLine = ' No community row names them yet: set the community up when it exists.'
  }
  return [
    `Approved ${nameOf(row)} <${row.email}>: account ${account.id} created.${communityLine}`,
    `A welcome e-mail with a login link (valid 15 minutes) is queued for ${account.email}${ctx.showLinks ? `: ${link}` : '.'}`,
  ].join('\n')
}

/** `applications reject <id> [--note <text>]`: marks it rejected and sends a polite e-mail. */
export async function rejectApplication(
  ctx: AdminContext,
  id: string,
  note: string | undefined,
): Promise<string> {
  const row = await findApplication(ctx.db, id)
  const { decisionNote } = await decided(id, () =>
    decline({ db: ctx.db, actor: null, now: ctx.now() }, row.id, note),
  )
  return `Rejected the application of ${nameOf(row)} <${row.email}>; a polite e-mail is queued${decisionNote ? ' with your note' : ''}.`
}
