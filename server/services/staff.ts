import { desc } from 'drizzle-orm'
import { isValidDay, lagosDay } from '../../machines/rules/dates'
import type { components } from '../../openapi/schema'
import { requireStaff } from '../auth'
import { refuseUnstorableText } from '../bookings/core'
import { auditLog } from '../db/schema'
import { badRequest } from '../http-error'
import { checkIn } from '../staff/check-in'
import { sessionsOfDay } from '../staff/day'
import type { Handler, ServiceDeps } from './types'

// The staff's tools (the contract's `staff` tag, docs/decisions/028): the day's sessions, the
// door's check-in, and the audit log. Anyone without the staff role gets 403.

type AuditEntry = components['schemas']['AuditEntry']

/** The audit log's newest entries, as many as one answer lists. */
const AUDIT_ENTRIES = 200

export function staffService({ db, now }: ServiceDeps) {
  const getStaffDay: Handler<'getStaffDay'> = async (request) => {
    requireStaff(request)
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return { date, sessions: await sessionsOfDay(db, date) }
  }

  const checkInTicket: Handler<'checkInTicket'> = async (request) => {
    const staff = requireStaff(request)
    refuseUnstorableText(request.body)
    const code = request.body.code.trim()
    if (code === '') {
      throw badRequest('The ticket code is empty: scan the QR code again, or type the code.')
    }
    return checkIn(db, code, staff, now())
  }

  const listAuditLog: Handler<'listAuditLog'> = async (request) => {
    requireStaff(request)
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(AUDIT_ENTRIES)
    return {
      entries: rows.map(
        (row): AuditEntry => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actor,
          action: row.action,
          subject: row.subject,
          before: row.before,
          after: row.after,
        }),
      ),
    }
  }

  return { getStaffDay, checkInTicket, listAuditLog }
}
