import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'
import type { Account } from '../http/auth'

// What staff did (docs/decisions/028): every staff write records its entry in the transaction
// that makes it, so neither lands without the other.

/** The actor of the command line (`npm run admin`), which has no account. */
export const ADMIN_CLI_ACTOR = 'npm run admin'

/** A person's name as the app shows it. */
export const fullName = (account: Pick<Account, 'firstName' | 'lastName'>) =>
  `${account.firstName} ${account.lastName}`.trim()

export interface AuditWrite {
  at: Date
  /** The staff member; null: the command line. */
  actor: Account | null
  action: string
  subject: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** Records a staff write; the actor's name and e-mail are kept as they are now. */
export async function recordAudit(db: Db | Tx, entry: AuditWrite): Promise<void> {
  const { actor, ...rest } = entry
  await db.insert(auditLog).values({
    ...rest,
    actorAccountId: actor?.id ?? null,
    actor: actor ? `${fullName(actor)} <${actor.email}>` : ADMIN_CLI_ACTOR,
  })
}
