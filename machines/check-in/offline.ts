import { placesOf } from '../rules/bookings'
import { lagosDay } from '../rules/dates'
import type { CheckIn, DoorList, PhoneScan } from './queue/machine'

// How the door decides with no answer from the server (issue 46, decisions 050 and 052): from the
// list of tickets it keeps (each by its code's hash) and the scans this phone made itself.

/** Who decided the answer the door shows: the server, the phone from its list, or its own scans. */
export type DecidedBy = 'server' | 'list' | 'this phone'

export interface OfflineAnswer {
  check: CheckIn
  by: Exclude<DecidedBy, 'server'>
}

/** A check-in's answer with no when or who, and nobody in: what a refusal without details carries. */
export const NOTHING = {
  checkedInAt: null,
  checkedInBy: null,
  cancelledAt: null,
  refundedAt: null,
  refundedBy: null,
  endedAt: null,
  placesIn: 0,
  placesAdmitted: 0,
} as const

type DoorTicket = DoorList['tickets'][number]

/** A party the door asks about before letting it in: how many it is, and how many are in. */
export interface PartyAtDoor {
  ticket: DoorTicket['ticket']
  party: number
  placesIn: number
}

interface Kept {
  list: DoorList | null
  scans: readonly PhoneScan[]
}

/** A scan as the door decides it: its code, the code's hash, when, and how many come in. */
interface ScanToDecide {
  code: string
  codeHash: string
  scannedAt: string
  /** How many of the party come in (the door asked); absent, all who are not in yet. */
  places?: number
}

/**
 * How many of a party the phone knows are in: the most the server said (the list, or its answer
 * to a scan of this phone), and what the phone let in since that the server has not heard of.
 * A scan kept from before parties could come in part counts the whole party.
 */
function placesKnownIn(entry: DoorTicket, mine: readonly PhoneScan[]): number {
  const party = placesOf(entry.ticket)
  const listed = (entry.placesIn as number | undefined) ?? (entry.checkedInAt ? party : 0)
  const told = Math.max(listed, ...mine.filter((s) => !s.queued).map((s) => s.placesIn ?? party))
  const unsent = mine.filter((s) => s.queued).reduce((n, s) => n + (s.places ?? party), 0)
  return Math.min(party, told + unsent)
}

/**
 * The door's own answer to a scan of `code` (as the ticket rule reads it, hashed `codeHash`) at
 * `at`: already when all of the party is in (by this phone's scans, with the first one's time,
 * or as the list says), then as the list says (unknown, cancelled, refunded, another day's) and
 * else admitted: `places` of those not in yet, or all of them. Null without a list: the door
 * cannot know.
 */
export function decideOffline(kept: Kept | null, scan: ScanToDecide): OfflineAnswer | null {
  if (!kept?.list) return null
  const entry = kept.list.tickets.find((ticket) => ticket.codeHash === scan.codeHash)
  const mine = kept.scans.filter((each) => each.code === scan.code && each.shown === 'admitted')
  const party = entry ? placesOf(entry.ticket) : 1
  const placesIn = entry ? placesKnownIn(entry, mine) : mine.length > 0 ? party : 0
  const first = mine[0]
  if (first && placesIn >= party) {
    return {
      by: 'this phone',
      check: {
        result: 'already',
        ticket: entry?.ticket ?? null,
        ...NOTHING,
        checkedInAt: first.scannedAt,
        placesIn,
      },
    }
  }
  if (!entry) return { by: 'list', check: { result: 'unknown', ticket: null, ...NOTHING } }
  const { ticket } = entry
  if (entry.status !== 'confirmed') {
    return { by: 'list', check: { result: entry.status, ticket, ...NOTHING, placesIn } }
  }
  if (placesIn >= party) {
    return {
      by: 'list',
      check: { result: 'already', ticket, ...NOTHING, checkedInAt: entry.checkedInAt, placesIn },
    }
  }
  if (ticket.date !== lagosDay(scan.scannedAt)) {
    return { by: 'list', check: { result: 'elsewhere', ticket, ...NOTHING, placesIn } }
  }
  const placesAdmitted = Math.min(scan.places ?? party, party - placesIn)
  return {
    by: 'list',
    check: {
      result: 'admitted',
      ticket,
      ...NOTHING,
      checkedInAt: scan.scannedAt,
      placesIn: placesIn + placesAdmitted,
      placesAdmitted,
    },
  }
}

/**
 * The party the door asks about before a scan goes (how many are coming in now?): one the list
 * would let in today with more than one of it still to come. Null for anyone else: a guest
 * alone, a ticket the list does not know or would refuse, or no list (all come in).
 */
export function partyToCount(kept: Kept | null, scan: ScanToDecide): PartyAtDoor | null {
  const answer = decideOffline(kept, { ...scan, places: undefined })
  if (answer?.check.result !== 'admitted' || !answer.check.ticket) return null
  const { ticket, placesIn, placesAdmitted } = answer.check
  if (placesAdmitted < 2) return null
  return { ticket, party: placesOf(ticket), placesIn: placesIn - placesAdmitted }
}
