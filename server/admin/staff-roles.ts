import { eq } from 'drizzle-orm'
import { isValidEmail } from '../../machines/rules/email'
import { STAFF_ROLES, type StaffRole, staffRoleOf } from '../../machines/rules/staff-roles'
import { fullName, recordAudit } from '../audit/audit'
import type { Tx } from '../db/client'
import { accounts } from '../db/schema'
import type { AdminContext } from './application-decisions'
import { CommandError, type Parsed, text, UsageError } from './args'

// Who has the staff role (docs/decisions/028): staff log in by the same magic link as everyone,
// and the role opens the /staff tools. Given and taken here only, each change in the audit log.

export const staffOptions = {
  role: {
    kind: 'text',
    help: `The staff role: ${STAFF_ROLES.join(', ')} (default desk; see docs/decisions/049)`,
    placeholder: '<role>',
  },
  'first-name': {
    kind: 'text',
    help: 'First name, when the e-mail has no account yet',
    placeholder: '<name>',
  },
  'last-name': {
    kind: 'text',
    help: 'Last name, when the e-mail has no account yet',
    placeholder: '<name>',
  },
} as const

/** An e-mail as accounts keep it (lower case), refused when it is not one. */
function emailOf(typed: string): string {
  const email = typed.trim().toLowerCase()
  if (!isValidEmail(email)) {
    throw new UsageError(`'${typed}' is not an e-mail address (e.g. tolu@example.com).`)
  }
  return email
}

/** The role `--role` names (desk when it names none), refused when it is none of the roles. */
function roleOf(options: Parsed['options']): StaffRole {
  const typed = text(options, 'role')
  if (!typed) return 'desk'
  const role = staffRoleOf(typed.trim().toLowerCase())
  if (!role) {
    throw new UsageError(`'${typed}' is not a staff role: use one of ${STAFF_ROLES.join(', ')}.`)
  }
  return role
}

/**
 * `staff add <email> [--role <role>] [--first-name <name> --last-name <name>]`: gives the account
 * the staff role (desk unless --role says otherwise), or another role to a staff member, creating
 * the account (no membership) when the e-mail has none; the names are needed then.
 */
export async function addStaff(
  ctx: AdminContext,
  typed: string,
  options: Parsed['options'],
): Promise<string> {
  const email = emailOf(typed)
  const role = roleOf(options)
  const firstName = text(options, 'first-name')
  const lastName = text(options, 'last-name')
  return ctx.db.transaction(async (tx) => {
    const existing = await lockedAccount(tx, email)
    if (existing?.staffRole === role)
      return `${fullName(existing)} <${email}> is staff (${role}) already: nothing changed.`
    if (existing?.staffRole) {
      await setRole(ctx, tx, existing, role)
      return `${fullName(existing)} <${email}> is staff (${role}) now, was ${existing.staffRole}: from their next call.`
    }
    if (existing) {
      await setRole(ctx, tx, existing, role)
      const unused = firstName || lastName ? ' (the account keeps its own names)' : ''
      return `${fullName(existing)} <${email}> is staff (${role}) now: they log in at /login as before and find the staff tools at /staff${unused}.`
    }
    if (!firstName || !lastName) {
      throw new UsageError(
        `${email} has no account yet: give --first-name and --last-name to create it.`,
      )
    }
    const [created] = await tx
      .insert(accounts)
      .values({ email, firstName, lastName, staffRole: role, createdAt: ctx.now() })
      .returning()
    if (!created) throw new Error('staff add: the account was not created')
    await recordAudit(tx, {
      at: ctx.now(),
      actor: null,
      action: 'staff add',
      subject: email,
      before: null,
      after: { email, firstName, lastName, staffRole: role },
    })
    return `Created the account of ${fullName(created)} <${email}>, staff (${role}): they log in at /login with this e-mail and find the staff tools at /staff.`
  })
}

/** `staff remove <email>`: takes the staff role away; the account stays, as a member or guest. */
export async function removeStaff(ctx: AdminContext, typed: string): Promise<string> {
  const email = emailOf(typed)
  return ctx.db.transaction(async (tx) => {
    const existing = await lockedAccount(tx, email)
    if (!existing) throw new CommandError(`No account has the e-mail ${email}.`)
    if (!existing.staffRole)
      return `${fullName(existing)} <${email}> is not staff: nothing changed.`
    await setRole(ctx, tx, existing, null)
    return `${fullName(existing)} <${email}> is no longer staff: the staff tools answer them 403 from their next call.`
  })
}

/** The account of `email`, locked till the end of the command's transaction, if there is one. */
async function lockedAccount(tx: Tx, email: string) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.email, email)).for('update')
  return account
}

/** Gives, changes or takes an existing account's staff role, with its audit row, in the command's transaction. */
async function setRole(
  ctx: AdminContext,
  tx: Tx,
  account: { id: string; email: string; staffRole: StaffRole | null },
  staffRole: StaffRole | null,
) {
  await tx.update(accounts).set({ staffRole }).where(eq(accounts.id, account.id))
  await recordAudit(tx, {
    at: ctx.now(),
    actor: null,
    action: staffRole ? 'staff add' : 'staff remove',
    subject: account.email,
    before: { staffRole: account.staffRole },
    after: { staffRole },
  })
}
