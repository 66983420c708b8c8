import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { addDaysToDay, dayStart, isValidDay, lagosDay, shortDate } from '../../machines/rules/dates'
import { isActiveStatus } from '../../machines/rules/membership'
import { planLabel } from '../../machines/rules/profile'
import type { components } from '../../openapi/schema'
import { fullName, recordAudit } from '../audit/audit'
import type { Db, Tx } from '../db/client'
import { accounts, payments } from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, notFound } from '../http/http-error'
import { containing } from '../payments/staff-payments'

// Members as staff find them (GET /staff/members) and extend them by hand
// (POST /staff/members/{id}/extension): a membership made to run to the end of a later day,
// with the reason in the audit log, in the transaction that makes it.

type StaffMember = components['schemas']['StaffMember']

/** The most members one search answers. */
const MEMBERS_SHOWN = 50

/** The roles of a membership (the seed's, an approval's and a plan's); staff alone have none. */
const MEMBERSHIP_ROLES = ['Member', 'Community Member']

export const MEMBER_REFUSALS = {
  unknown: 'No member has this id.',
  blankReason: 'Write the reason for the extension: it is kept in the audit log.',
  notAfterToday: 'Choose a day after today.',
} as const

const notADay = (until: string) => `${until} is not a day on the calendar.`
const notAfterEnd = (expiry: Date) =>
  `Choose a day after the membership's current end (${shortDate(expiry)}).`

/** First and last name, as fullName writes them, for matching and ordering in SQL. */
const nameText = sql<string>`trim(${accounts.firstName} || ' ' || ${accounts.lastName})`

/**
 * A column named with its table: drizzle leaves a lone table's columns bare, which inside the
 * subquery below would read the payment's id for the account's.
 */
const qualified = (table: typeof accounts | typeof payments, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`

/**
 * The plan of the latest successful membership payment: the account's, or one made with its
 * e-mail before it had signed in (as /profile/payments lists them).
 */
const latestPlan = sql<string | null>`(
  SELECT ${qualified(payments, payments.plan)} FROM ${payments}
  WHERE ${qualified(payments, payments.purpose)} = 'membership'
    AND ${qualified(payments, payments.status)} = 'success'
    AND (${qualified(payments, payments.accountId)} = ${qualified(accounts, accounts.id)}
      OR (${qualified(payments, payments.accountId)} IS NULL
        AND ${qualified(payments, payments.email)} = ${qualified(accounts, accounts.email)}))
  ORDER BY ${qualified(payments, payments.createdAt)} DESC LIMIT 1
)`

const memberRows = (db: Db | Tx) =>
  db.select({ account: accounts, plan: latestPlan }).from(accounts).$dynamic()

type MemberRow = { account: Account; plan: string | null }

function staffMember({ account, plan }: MemberRow, now: Date): StaffMember {
  const expiry = account.subscriptionExpiry
  const status: StaffMember['status'] = !isActiveStatus(account.subscriptionStatus)
    ? 'inactive'
    : expiry && expiry.getTime() <= now.getTime()
      ? 'expired'
      : 'active'
  return {
    id: account.id,
    name: fullName(account) || account.email,
    email: account.email,
    phone: account.phone,
    role: account.role ?? '',
    status,
    // The words /profile/payments shows for the plan.
    plan: plan ? planLabel(plan) : null,
    expiry: expiry?.toISOString() ?? null,
  }
}

const isMember = inArray(accounts.role, MEMBERSHIP_ROLES)

/**
 * Members (accounts with a membership role), the soonest to end first (no end last), then by
 * name; 50 at most. A blank `q` lists them all; any other matches any part of the name, e-mail
 * or phone (case aside).
 */
export async function searchMembers(db: Db, q: string, now: Date): Promise<StaffMember[]> {
  const text = q.trim()
  const pattern = containing(text)
  const rows = await memberRows(db)
    .where(
      and(
        isMember,
        text
          ? or(
              sql`${nameText} ILIKE ${pattern}`,
              ilike(accounts.email, pattern),
              ilike(accounts.phone, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      sql`${accounts.subscriptionExpiry} ASC NULLS LAST`,
      asc(sql`lower(${nameText})`),
      asc(accounts.id),
    )
    .limit(MEMBERS_SHOWN)
  return rows.map((row) => staffMember(row, now))
}

export interface MembershipChange {
  db: Db
  actor: Account
  now: Date
}

/**
 * Extends a membership by hand: Active until the end of `until` (Lagos), the last millisecond of
 * that day, so the day shown as its end is `until` itself. `until` must be after the day the
 * membership ends now (when that is not past) and after today: 400 otherwise, as for a blank
 * reason or a day not on the calendar; 404 for an account without a membership role.
 */
export async function extendMembership(
  { db, actor, now }: MembershipChange,
  id: string,
  until: string,
  reasonAsWritten: string,
): Promise<StaffMember> {
  if (!isValidDay(until)) throw badRequest(notADay(until))
  const reason = reasonAsWritten.trim()
  if (reason === '') throw badRequest(MEMBER_REFUSALS.blankReason)
  const end = new Date(dayStart(addDaysToDay(until, 1)).getTime() - 1)
  const today = lagosDay(now)
  await db.transaction(async (tx) => {
    // Locked, as a plan's payment locks it: an extension and a settling payment wait in turn.
    const [account] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), isMember))
      .for('update')
    if (!account) throw notFound(MEMBER_REFUSALS.unknown)
    const before = {
      subscriptionStatus: account.subscriptionStatus,
      subscriptionExpiry: account.subscriptionExpiry?.toISOString() ?? null,
    }
    // Compared by Lagos day, as the form's first day is (machines/staff-members/selectors.ts).
    const current = account.subscriptionExpiry
    if (current && current.getTime() > now.getTime() && until <= lagosDay(current)) {
      throw badRequest(notAfterEnd(current))
    }
    if (until <= today) throw badRequest(MEMBER_REFUSALS.notAfterToday)
    await tx
      .update(accounts)
      .set({ subscriptionStatus: 'Active', subscriptionExpiry: end })
      .where(eq(accounts.id, account.id))
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'member extend',
      subject: account.id,
      before,
      after: { subscriptionStatus: 'Active', subscriptionExpiry: end.toISOString(), reason },
    })
  })
  const [row] = await memberRows(db).where(eq(accounts.id, id))
  if (!row) throw new Error('extend: the extended member was not found')
  return staffMember(row, now)
}
