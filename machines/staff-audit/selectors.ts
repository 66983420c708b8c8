import type { AuditEntry } from './machine'

// What /staff/audit shows of an entry: what was done in words, and each field it changed.

const ACTIONS: Record<string, string> = {
  'check-in': 'Checked a ticket in',
  'application approve': 'Approved an application',
  'application decline': 'Declined an application',
  'payment refund': 'Refunded a payment',
  'event create': 'Created an event',
  'event edit': 'Changed an event',
  'event poster': "Changed an event's poster",
  'member extend': 'Extended a membership',
  'staff add': 'Gave the staff role',
  'staff remove': 'Took the staff role away',
}

/** The action as a person says it; an action this screen does not know yet, as it is stored. */
export const actionLabel = (action: string): string => ACTIONS[action] ?? action

/** When, in Lagos: 'Tue 24 Nov, 10:00'. */
export const auditMoment = (at: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(at))

export interface AuditChange {
  field: string
  before: string
  after: string
}

/** An instant as the database writes it: '2026-11-24T09:05:00.000Z'. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

const shown = (value: unknown): string =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? INSTANT.test(value)
        ? auditMoment(value)
        : value
      : JSON.stringify(value)

/** Every field the entry changed, its value before and after ('—' where there was none). */
export function auditChanges({
  before,
  after,
}: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields
    .map((field) => ({
      field,
      before: shown(before?.[field]),
      after: shown(after?.[field]),
    }))
    .filter((change) => change.before !== change.after)
}
