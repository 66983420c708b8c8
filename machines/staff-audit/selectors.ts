import type { AuditEntry } from './machine'

// What /staff/audit shows of an entry: what was done in words, who did it, and when. The server
// says the record and each change in people's words (server/audit/audit-log.ts).

const ACTIONS: Record<string, string> = {
  'check-in': 'Checked a ticket in',
  'application approve': 'Approved an application',
  'application decline': 'Declined an application',
  'payment refund': 'Refunded a payment',
  'event create': 'Created an event',
  'event edit': 'Changed an event',
  'event poster': "Changed an event's poster",
  'space create': 'Added a space or studio item',
  'space update': 'Changed a space or studio item',
  'member extend': 'Extended a membership',
  'staff add': 'Gave the staff role',
  'staff remove': 'Took the staff role away',
}

/** The action as a person says it; an action this screen does not know yet, as it is stored. */
export const actionLabel = (action: string): string => ACTIONS[action] ?? action

/** A change as it reads: 'before → after', only the new value where there was none before. */
export function changeText({ before, after }: AuditEntry['changes'][number]): string {
  if (before === null) return after ?? '—'
  return `${before} → ${after ?? '—'}`
}
