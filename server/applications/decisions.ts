import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  APPLICANT_FIELDS,
  type ApplicantField,
  type ApplicationPayload,
} from '../../machines/rules/application'
import type { components } from '../../openapi/schema'
import { recordAudit } from '../audit/audit'
import type { Db, Tx } from '../db/client'
import {
  type Application,
  accounts,
  applications,
  type Community,
  communities,
  communityMembers,
} from '../db/schema'
import type { Account } from '../http/auth'
import { applicationApprovedMail, applicationDeclinedMail } from '../login/identity-mail'
import { issueLoginLink } from '../login/login-links'
import { queueMail } from '../mail/outbox'
import { APPROVED, PENDING_STATUSES, REJECTED } from './applications'

// Staff decide on applications, from the command line (npm run admin) or the staff's tools
// (/staff/applications): approve (the account is made from the application's fields and a login
// link is e-mailed) or decline (a polite e-mail). One place for the rules, so both decide alike:
// once per application, each decision in the audit log in the transaction that makes it.

type StaffApplication = components['schemas']['StaffApplication']

/** The newest decided applications one answer lists. */
const DECIDED_SHOWN = 100

/** A text field of the application, trimmed; null when empty. */
export const field = (row: Application, name: string): string | null => {
  const value = row.fields[name]
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** The applicant's name as given, else their e-mail. */
export const nameOf = (row: Application) =>
  [field(row, 'First Name'), field(row, 'Last Name')].filter(Boolean).join(' ') || row.email

const isPending = (row: Application) => (PENDING_STATUSES as readonly string[]).includes(row.status)

/** Why a decision was refused; each caller says it in its own words. */
export type Refusal =
  | { reason: 'unknown' }
  | { reason: 'decided' | 'has-account'; application: Application }

export class DecisionRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`application decision refused: ${refusal.reason}`)
    this.name = 'DecisionRefused'
  }
}

export interface Decision {
  db: Db
  /** The staff member; null: the command line. */
  actor: Account | null
  now: Date
}

/**
 * The pending application, locked until the decision commits: a second decision at the same
 * moment waits for the first, then finds it decided.
 */
async function claim(tx: Tx, id: string): Promise<Application> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update')
  if (!row) throw new DecisionRefused({ reason: 'unknown' })
  if (!isPending(row)) throw new DecisionRefused({ reason: 'decided', application: row })
  return row
}

/** The community a community application is for: the one it names, else the one it created. */
async function communityOf(tx: Tx, row: Application): Promise<Community | null> {
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

export interface Approval {
  application: Application
  account: Account
  /** A community application's community, when it exists. */
  community: Community | null
  /** The login link e-mailed to the new member. */
  link: string
}

/**
 * Approves an application: creates the account from its fields (for a community application,
 * also makes the person an active member of the community when it exists), marks it approved
 * and e-mails a login link to `site`.
 */
export async function approve(
  { db, actor, now }: Decision,
  id: string,
  site: string,
): Promise<Approval> {
  return db.transaction(async (tx) => {
    const row = await claim(tx, id)
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
      // The e-mail has an account (made some other way, or at this very moment): nothing to do.
      .onConflictDoNothing({ target: accounts.email })
      .returning()
    if (!account) throw new DecisionRefused({ reason: 'has-account', application: row })

    const [decided] = await tx
      .update(applications)
      .set({ status: APPROVED, decidedAt: now })
      .where(eq(applications.id, row.id))
      .returning()
    if (!decided) throw new Error('approve: the application was not updated')
    if (community) {
      await tx
        .insert(communityMembers)
        .values({ communityId: community.id, email: row.email, status: 'Active' })
        .onConflictDoUpdate({
          target: [communityMembers.communityId, communityMembers.email],
          set: { status: 'Active' },
        })
    }
    const link = await issueLoginLink(tx, account, {
      site,
      now,
      mail: (url) =>
        applicationApprovedMail(
          account.email,
          account.firstName,
          url,
          activeUntil ? (community?.name ?? null) : null,
        ),
    })
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'application approve',
      subject: row.id,
      before: { status: row.status },
      after: { status: APPROVED, accountId: account.id },
    })
    return { application: decided, account, community, link }
  })
}

/** Declines an application and e-mails a polite refusal, with the note unless it is blank. */
export async function decline(
  { db, actor, now }: Decision,
  id: string,
  note: string | null | undefined,
): Promise<Application> {
  const decisionNote = note?.trim() || null
  return db.transaction(async (tx) => {
    const row = await claim(tx, id)
    const [decided] = await tx
      .update(applications)
      .set({ status: REJECTED, decidedAt: now, decisionNote })
      .where(eq(applications.id, row.id))
      .returning()
    if (!decided) throw new Error('decline: the application was not updated')
    await queueMail(
      tx,
      applicationDeclinedMail(row.email, field(row, 'First Name') ?? 'there', decisionNote),
    )
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'application decline',
      subject: row.id,
      before: { status: row.status },
      after: { status: REJECTED, ...(decisionNote ? { decisionNote } : {}) },
    })
    return decided
  })
}

// ---------------------------------------------------------------------------------------------
// Applications as staff read them (GET /staff/applications).

/** Each question of the applicant forms (machines/rules/application.ts), as the answer is stored. */
const STORED_AS: Record<ApplicantField, keyof ApplicationPayload> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  pronouns: 'Pronouns',
  dateOfBirth: 'Date of Birth',
  occupation: 'Occupation',
  companyName: 'Company Name',
  nationality: 'Nationality',
  address: 'Address',
  country: 'Country',
  phone: 'Phone Number',
  email: 'Email Address',
  socialLink: 'Social Link',
  emergencyName: 'Emergency Contact Name',
  relationship: 'Emergency Contact Relationship',
  emergencyPhone: 'Emergency Contact Phone Number',
  referrer: 'Referrer',
}

/** The stored labels in the order the forms ask them. */
const FORM_ORDER: readonly string[] = APPLICANT_FIELDS.map((name) => STORED_AS[name])

/** Set by the community forms, not answered: the application's status says it. */
const FORM_STATUS = 'Status'

const formRank = (label: string) => {
  const rank = FORM_ORDER.indexOf(label)
  return rank === -1 ? FORM_ORDER.length : rank
}

/**
 * Every answer given, in the forms' order, then any other field alphabetically (jsonb keeps no
 * order of its keys).
 */
function answersOf(fields: Record<string, unknown>): StaffApplication['answers'] {
  const answers: StaffApplication['answers'] = []
  for (const [label, value] of Object.entries(fields)) {
    if (label === FORM_STATUS) continue
    const text =
      typeof value === 'string'
        ? value.trim()
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : ''
    if (text) answers.push({ label, value: text })
  }
  return answers.sort(
    (a, b) => formRank(a.label) - formRank(b.label) || a.label.localeCompare(b.label, 'en'),
  )
}

function statusOf(row: Application): StaffApplication['status'] {
  if (row.status === APPROVED) return 'approved'
  if (row.status === REJECTED) return 'declined'
  return 'pending'
}

function staffApplicationOf(row: Application, community: string | null): StaffApplication {
  return {
    id: row.id,
    kind: row.kind,
    status: statusOf(row),
    name: nameOf(row),
    email: row.email,
    appliedAt: row.createdAt.toISOString(),
    community,
    inviteCode: row.inviteCode,
    answers: answersOf(row.fields),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  }
}

/** The name of the community an application created, for a community one naming none. */
const createdCommunity = sql`CASE WHEN ${applications.kind} = 'community' THEN (
  SELECT created.name FROM communities created
  WHERE created.creator_email = ${applications.email}
  ORDER BY created.created_at DESC LIMIT 1
) END`

/** Applications with their community's name, found as communityOf finds it: one query. */
const withCommunity = (db: Db) =>
  db
    .select({
      application: applications,
      community: sql<string | null>`coalesce(${communities.name}, ${createdCommunity})`,
    })
    .from(applications)
    .leftJoin(communities, eq(communities.id, applications.communityId))

/** Pending applications, oldest first (the queue); or the newest decided ones, latest first. */
export async function staffApplications(
  db: Db,
  status: 'pending' | 'decided',
): Promise<StaffApplication[]> {
  const rows =
    status === 'pending'
      ? await withCommunity(db)
          .where(inArray(applications.status, [...PENDING_STATUSES]))
          .orderBy(asc(applications.createdAt), asc(applications.id))
      : await withCommunity(db)
          .where(inArray(applications.status, [APPROVED, REJECTED]))
          .orderBy(sql`${applications.decidedAt} DESC NULLS LAST`, desc(applications.createdAt))
          .limit(DECIDED_SHOWN)
  return rows.map((row) => staffApplicationOf(row.application, row.community))
}

/** One application as staff read it; null when no application has the id. */
export async function staffApplication(db: Db, id: string): Promise<StaffApplication | null> {
  const [row] = await withCommunity(db).where(eq(applications.id, id))
  return row ? staffApplicationOf(row.application, row.community) : null
}
