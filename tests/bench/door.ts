// The door's queue on PostgreSQL (issue 46): 500 scans a phone kept offline, sent in one call to
// the production server's process, each applied once (its nonce claimed, the ticket admitted, its
// audit entry written). The same batch sent again answers from what was kept. Target: under 2 s.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { lagosDay } from '../../machines/rules/dates.ts'
import { postgresDb } from '../../server/db/client.ts'
import { accounts, bookings, sessions } from '../../server/db/schema.ts'
import { hashToken } from '../../server/http/auth.ts'
import {
  DEFAULT_ADMIN_URL,
  type FreshDatabase,
  freshDatabase,
  type Instance,
  startInstance,
} from '../support/instances.ts'
import { median } from './browser-figures.ts'

const SCANS = 500
const TARGET_MS = 2000

export interface DoorFigures {
  rounds: number
  firstMs: number
  againMs: number
}

export async function benchDoor({
  adminUrl = process.env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL,
  rounds = 3,
}: {
  adminUrl?: string
  rounds?: number
} = {}): Promise<DoorFigures> {
  let database: FreshDatabase | null = null
  let instance: Instance | null = null
  let pool: pg.Pool | null = null
  try {
    database = await freshDatabase(adminUrl, `hotel_test_${Math.floor(Date.now() / 1000)}_door_`)
    instance = await startInstance({ databaseUrl: database.url })
    pool = new pg.Pool({ connectionString: database.url, max: 2 })
    pool.on('error', () => {})
    const db = await postgresDb(pool)
    const [door] = await db
      .insert(accounts)
      .values({
        email: 'door@example.com',
        firstName: 'Chidiebube',
        lastName: 'Okwuosa-Adeyemi',
        staffRole: 'door',
      })
      .returning()
    if (!door) throw new Error('no door account')
    const token = randomBytes(32).toString('base64url')
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      accountId: door.id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    const today = lagosDay(new Date())
    const send = async (scans: object[]) => {
      const started = performance.now()
      const response = await fetch(`${instance?.url}/api/staff/check-ins/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ door: 'Garden gate', scans }),
      })
      const body = (await response.json()) as { results?: { check: { result: string } }[] }
      const ms = performance.now() - started
      const admitted = body.results?.filter((r) => r.check.result === 'admitted').length ?? 0
      return { ms, admitted, status: response.status }
    }
    const firsts: number[] = []
    const agains: number[] = []
    for (let round = 0; round <= rounds; round++) {
      const tickets = await db
        .insert(bookings)
        .values(
          Array.from({ length: SCANS }, (_, i) => ({
            email: `guest.${round}.${i}@example.com`,
            name: `Guest ${i + 1} of the garden`,
            phone: '+234 803 555 0199',
            type: 'spot' as const,
            venue: 'The Garden Room',
            date: today,
            paidWith: 'free' as const,
          })),
        )
        .returning({ code: bookings.ticketCode })
      const scans = tickets.map(({ code }) => ({
        nonce: randomBytes(12).toString('base64url'),
        code,
        scannedAt: new Date().toISOString(),
        offline: true,
      }))
      const first = await send(scans)
      const again = await send(scans)
      if (first.status !== 200 || first.admitted !== SCANS || again.admitted !== SCANS) {
        throw new Error(`The door's queue was not applied: ${JSON.stringify({ first, again })}`)
      }
      // Round 0 warms the server up (code compiled, connections opened).
      if (round > 0) {
        firsts.push(first.ms)
        agains.push(again.ms)
      }
    }
    return { rounds, firstMs: median(firsts), againMs: median(agains) }
  } finally {
    await pool?.end()
    await instance?.stop()
    await database?.drop()
  }
}

export function doorLines(f: DoorFigures): string[] {
  return [
    `\nThe door's queue on PostgreSQL: ${SCANS} scans kept offline, sent in one call (median of ${f.rounds} rounds)`,
    `  applied                 ${f.firstMs.toFixed(0).padStart(6)} ms  (target: under ${TARGET_MS} ms)`,
    `  sent again (its answer lost) ${f.againMs.toFixed(0).padStart(6)} ms`,
  ]
}
