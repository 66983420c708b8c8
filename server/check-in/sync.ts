import { and, eq, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { doorScans } from '../db/schema'
import type { Account } from '../http/auth'
import { checkInBooking } from './check-in'

// A door's queue of scans (POST /staff/check-ins/sync, issue 46): what a phone decided with no
// answer from the server, sent when the network is back. Each scan is applied once, by the nonce
// the phone gave it: its row is claimed first (INSERT ... ON CONFLICT DO NOTHING, which waits for
// a concurrent claim of the same nonce to commit), then decided as at the door, in the same
// transaction. A nonce already claimed answers what was decided then.

type DoorScan = components['schemas']['DoorScan']
type DoorScanResult = components['schemas']['DoorScanResult']
type CheckIn = components['schemas']['CheckIn']

/** How long after a scan its queue may still send it and be taken at its word. */
const SCAN_KEPT_MS = 24 * 60 * 60 * 1000

/**
 * The moment a scan counts at: when the phone says it was made, but never after now (a phone's
 * clock ahead) nor more than a day before (a queue forgotten in a drawer): what the day's list
 * and a ticket's day are read at.
 */
export function scanMoment(scannedAt: string, now: Date): Date {
  const at = Date.parse(scannedAt)
  if (Number.isNaN(at)) return now
  return new Date(Math.min(now.getTime(), Math.max(at, now.getTime() - SCAN_KEPT_MS)))
}

/**
 * Applies a door's scans in the order they were scanned (the order sent for the same moment) and
 * answers each in the order sent.
 */
export async function syncScans(
  db: Db,
  staff: Account,
  door: string,
  scans: readonly DoorScan[],
  now: Date,
): Promise<DoorScanResult[]> {
  const order = scans
    .map((scan, index) => ({ scan, index, at: scanMoment(scan.scannedAt, now) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index)
  const results: DoorScanResult[] = new Array(scans.length)
  for (const { scan, index, at } of order) {
    results[index] = await applyScan(db, staff, door, scan, at)
  }
  return results
}

async function applyScan(
  db: Db,
  staff: Account,
  door: string,
  scan: DoorScan,
  at: Date,
): Promise<DoorScanResult> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(doorScans)
      .values({
        nonce: scan.nonce,
        staffId: staff.id,
        door,
        code: scan.code,
        scannedAt: at,
        offline: scan.offline,
      })
      .onConflictDoNothing()
      .returning({ nonce: doorScans.nonce })
    if (!claimed) return keptAnswer(tx, scan.nonce)
    const { check, bookingId } = await checkInBooking(tx, scan.code, staff, at, {
      door,
      offline: scan.offline,
    })
    await tx
      .update(doorScans)
      .set({ answer: check as unknown as Record<string, unknown>, bookingId })
      .where(eq(doorScans.nonce, scan.nonce))
    return { nonce: scan.nonce, check, door: await admittingDoor(tx, check, bookingId) }
  })
}

/** What was decided for a nonce sent before. */
async function keptAnswer(tx: Tx, nonce: string): Promise<DoorScanResult> {
  const [kept] = await tx.select().from(doorScans).where(eq(doorScans.nonce, nonce))
  if (!kept?.answer) throw new Error(`The scan ${nonce} was claimed but holds no answer`)
  const check = kept.answer as unknown as CheckIn
  return { nonce, check, door: await admittingDoor(tx, check, kept.bookingId) }
}

/** For an 'already', the door whose queued scan admitted the ticket (null: checked in online). */
async function admittingDoor(
  tx: Tx,
  check: CheckIn,
  bookingId: string | null,
): Promise<string | null> {
  if (check.result !== 'already' || bookingId === null) return null
  const [first] = await tx
    .select({ door: doorScans.door })
    .from(doorScans)
    .where(
      and(eq(doorScans.bookingId, bookingId), sql`${doorScans.answer}->>'result' = 'admitted'`),
    )
    .limit(1)
  return first?.door ?? null
}
