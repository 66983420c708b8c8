import { eq } from 'drizzle-orm'
import { isValidEmail } from '../../machines/rules/email'
import { fullName, recordAudit } from '../audit/audit'
import type { Tx } from '../db/client'
import { accounts } from '../db/schema'
import type { AdminContext } from './application-decisions'
import { CommandError, type Parsed, text, UsageError } from './args'

// Who has the staff role (docs/decisions/028): staff log in by the same magic link as everyone,
// and the role opens the /staff tools. Given and taken here only, each change in the audit log.

export const staffOptions = {
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

/**
 * `staff add <email> [--first-name <name> --last-name <name>]`: gives the account the staff
 * role, creating the account (no membership) when the e-mail has none; the names are needed then.
 */
export async function addStaff(
  ctx: AdminContext,
  typed: string,
  options: Parsed['options'],
): Promise<string> {
  const email = emailOf(typed)
  const firstName = text(options, 'first-name')
  const lastName = text(options, 'last-name')
  return ctx.db.transaction(async (tx) => {
    const existing = await lockedAccount(tx, email)
    if (existing?.staff)
      return `${fullName(existing)} <${email}> is staff already: nothing changed.`
    if (existing) {
      await setStaff(ctx, tx, existing, true)
      const unused = firstName || lastName ? ' (the account keeps its own names)' : ''
      return `${fullName(existing)} <${email}> is staff now: they log in at /login as before and find the staff tools at /staff${unused}.`
    }
    if (!firstName || !lastName) {
      throw new UsageError(
        `${email} has no account yet: give --first-name and --last-name to create it.`,
      )
    }
    const [created] = await tx
      .insert(accounts)
      .values({ email, firstName, lastName, staff: true, createdAt: ctx.now() })
      .returning()
    if (!created) throw new Error('staff add: the account was not created')
    await recordAudit(tx, {
      at: ctx.now(),
      actor: null,
      action: 'staff add',
      subject: email,
      before: null,
      after: { email, firstName, lastName, staff: true },
    })
    return `Created the account of ${fullName(created)} <${email}>, with the staff role: they log in at /login with this e-mail and find the staff tools at /staff.`
  })
}

/** `staff remove <email>`: takes the staff role away; the account stays, as a member or guest. */
export async function removeStaff(ctx: AdminContext, typed: string): Promise<string> {
  const email = emailOf(typed)
  return ctx.db.transaction(async (tx) => {
    const existing = await lockedAccount(tx, email)
    if (!existing) throw new CommandError(`No account has the e-mail ${email}.`)
    if (!existing.staff) return `${fullName(existing)} <${email}> is not staff: nothing changed.`
    await setStaff(ctx, tx, existing, false)
    return `${fullName(existing)} <${email}> is no longer staff: the staff tools answer them 403 from their next call.`
  })
}

/** The account of `email`, locked till the end of the command's transaction, if there is one. */
async function lockedAccount(tx: Tx, email: string) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.email, email)).for('update')
  return account
}

/** Gives or takes an existing account's staff role, with its audit row, in the command's transaction. */
async function setStaff(
  ctx: AdminContext,
  tx: Tx,
  account: { id: string; email: string },
  staff: boolean,
) {
  await tx.update(accounts).set({ staff }).where(eq(accounts.id, account.id))
  await recordAudit(tx, {
    at: ctx.now(),
    actor: null,
    action: staff ? 'staff add' : 'staff remove',
    subject: account.email,
    before: { staff: !staff },
    after: { staff },
  })
}
