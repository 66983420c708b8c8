import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { auditLog } from '../../server/db/schema'

/** The audit log's entries about one subject (an application's, a payment's or an event's id). */
export const auditOf = (db: Db, subject: string) =>
  db
    .select({
      actor: auditLog.actor,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
