import type { CheckIn, DoorList, PhoneScan } from '../door-queue/machine'
import { lagosDay } from '../rules/dates'

// How the door decides with no answer from the server (issue 46, decision 050): from the list of
// tickets it keeps (each by its code's hash) and the scans this phone made itself.

/** Who decided the answer the door shows: the server, the phone from its list, or its own scans. */
export type DecidedBy = 'server' | 'list' | 'this phone'

export interface OfflineAnswer {
  check: CheckIn
  by: Exclude<DecidedBy, 'server'>
}

/** A check-in's answer with no when or who: what a refusal without details carries. */
export const NOTHING = {
  checkedInAt: null,
  checkedInBy: null,
  cancelledAt: null,
  refundedAt: null,
  refundedBy: null,
  endedAt: null,
} as const

/**
 * The door's own answer to a scan of `code` (as the ticket rule reads it, hashed `codeHash`) at
 * `at`: already when this phone let it in before or the list says it is in, then as the list
 * says (unknown, cancelled, refunded, another day's) and else admitted. Null without a list:
 * the door cannot know.
 */
export function decideOffline(
  kept: { list: DoorList | null; scans: readonly PhoneScan[] } | null,
  scan: { code: string; codeHash: string; scannedAt: string },
): OfflineAnswer | null {
  if (!kept?.list) return null
  const entry = kept.list.tickets.find((ticket) => ticket.codeHash === scan.codeHash)
  const here = kept.scans.find((each) => each.code === scan.code && each.shown === 'admitted')
  if (here) {
    return {
      by: 'this phone',
      check: {
        result: 'already',
        ticket: entry?.ticket ?? null,
        ...NOTHING,
        checkedInAt: here.scannedAt,
      },
    }
  }
  if (!entry) return { by: 'list', check: { result: 'unknown', ticket: null, ...NOTHING } }
  const { ticket } = entry
  if (entry.status !== 'confirmed') {
    return { by: 'list', check: { result: entry.status, ticket, ...NOTHING } }
  }
  if (entry.checkedInAt) {
    return {
      by: 'list',
      check: { result: 'already', ticket, ...NOTHING, checkedInAt: entry.checkedInAt },
    }
  }
  if (ticket.date !== lagosDay(scan.scannedAt)) {
    return { by: 'list', check: { result: 'elsewhere', ticket, ...NOTHING } }
  }
  return {
    by: 'list',
    check: { result: 'admitted', ticket, ...NOTHING, checkedInAt: scan.scannedAt },
  }
}
