import { and, eq, inArray, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { doorScans } from '../db/schema'
import type { Account } from '../http/auth'
import { checkInBooking, type EventsRead } from './check-in'

// A door's queue of scans (POST /staff/check-ins/sync, issue 46): what a phone decided with no
// answer from the server, sent when the network is back. Each scan is applied once, by the nonce
// the phone gave it (decision 050). A batch is one transaction: its nonces are claimed first, in
// one INSERT ... ON CONFLICT DO NOTHING (which waits for a concurrent claim of the same nonce to
// commit), then the scans claimed are decided as at the door, in the order scanned, and their
// answers kept on their rows. A nonce claimed before answers what was decided then.

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
function scanMoment(scannedAt: string, now: Date): Date {
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
  return db.transaction(async (tx) => {
    // A nonce twice in one batch is one scan: its first.
    const unique = [...new Map(scans.map((scan) => [scan.nonce, scan])).values()].map((scan) => ({
      scan,
      at: scanMoment(scan.scannedAt, now),
    }))
    const claimed = new Set(
      (
        await tx
          .insert(doorScans)
          .values(
            unique.map(({ scan, at }) => ({
              nonce: scan.nonce,
              staffId: staff.id,
              door,
              code: scan.code,
              scannedAt: at,
              offline: scan.offline,
            })),
          )
          .onConflictDoNothing()
          .returning({ nonce: doorScans.nonce })
      ).map((row) => row.nonce),
    )
    const answers = new Map<string, { check: CheckIn; bookingId: string | null }>()
    for (const row of await keptAnswers(
      tx,
      unique.map(({ scan }) => scan.nonce).filter((n) => !claimed.has(n)),
    )) {
      answers.set(row.nonce, row)
    }
    const eventsRead: EventsRead = new Map()
    const decided = unique
      .filter(({ scan }) => claimed.has(scan.nonce))
      .sort((a, b) => a.at.getTime() - b.at.getTime())
    for (const { scan, at } of decided) {
      answers.set(
        scan.nonce,
        await checkInBooking(
          tx,
          { code: scan.code, places: scan.places ?? null },
          staff,
          at,
          { door, offline: scan.offline },
          eventsRead,
        ),
      )
    }
    if (decided.length > 0) {
      const rows = decided.map(({ scan }) => ({ nonce: scan.nonce, ...answers.get(scan.nonce) }))
      await tx.execute(sql`
        UPDATE door_scans AS d SET answer = v.check, booking_id = v."bookingId"
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS v(nonce text, "check" jsonb, "bookingId" uuid)
        WHERE d.nonce = v.nonce`)
    }
    return Promise.all(
      scans.map(async ({ nonce }) => {
        const answer = answers.get(nonce)
        if (!answer) throw new Error(`The scan ${nonce} has no answer`)
        return { nonce, check: answer.check, door: await admittingDoor(tx, answer) }
      }),
    )
  })
}

/** What was decided for nonces sent before. */
async function keptAnswers(
  tx: Tx,
  nonces: string[],
): Promise<{ nonce: string; check: CheckIn; bookingId: string | null }[]> {
  if (nonces.length === 0) return []
  const rows = await tx.select().from(doorScans).where(inArray(doorScans.nonce, nonces))
  return rows.map((row) => {
    if (!row.answer) throw new Error(`The scan ${row.nonce} was claimed but holds no answer`)
    return { nonce: row.nonce, check: row.answer as unknown as CheckIn, bookingId: row.bookingId }
  })
}

/** For an 'already', the door whose queued scan admitted the ticket (null: checked in online). */
async function admittingDoor(
  tx: Tx,
  { check, bookingId }: { check: CheckIn; bookingId: string | null },
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
