import { desc } from 'drizzle-orm'
import { auditLog } from '../db/schema'
import type { Handler, HandlerDeps } from '../http/operations'
import { auditInWords } from './audit-log'

/** The audit log's newest entries, as many as one answer lists. */
const AUDIT_ENTRIES = 200

export function auditHandlers(deps: HandlerDeps) {
  const { db } = deps
  const listAuditLog: Handler<'listAuditLog'> = async () => {
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(AUDIT_ENTRIES)
    return { entries: await auditInWords(db, rows) }
  }

  return { listAuditLog }
}
