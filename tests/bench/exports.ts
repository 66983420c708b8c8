// An event's guest list of 20,000 bookings downloaded from the production server
// (`dist-server/main.mjs`) on PostgreSQL, as a manager's phone would: how far the server's
// resident memory rises while it streams the file (sampled from /proc every 5 ms), how long the
// first byte and the whole file take, and the file's size. Target (issue 47): the memory rises
// under 20 MB, because the rows are read a page at a time (decision 053).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { hashToken } from '../../server/http/auth.ts'
import {
  DEFAULT_ADMIN_URL,
  type FreshDatabase,
  freshDatabase,
  type Instance,
  startInstance,
} from '../support/instances.ts'

const GUESTS = 20_000
const DAY = '2026-12-12'

export interface ExportFigures {
  rows: number
  bytes: number
  firstByteMs: number
  totalMs: number
  /** Resident memory before the download, and its highest while the file streamed, in MB. */
  rssBeforeMb: number
  rssPeakMb: number
}

/** The process's resident memory, in MB (VmRSS of /proc/<pid>/status). */
function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? 0) / 1024
}

/** A manager with a session, an event, and `count` of its guests, set in the database. */
async function fill(pool: pg.Pool, eventId: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO events (id, name, address, venue, start_at, end_at, time_slots, capacity, metadata)
     VALUES ($1, $2, '16 Akin Olugbade Street, Victoria Island, Lagos', 'Courtyard',
             $3::date + time '17:00', $3::date + time '21:00', '["6pm - 10pm"]', 100000,
             'Instagram handle, Camera type')`,
    [eventId, `Lagos Design Market ${eventId}`, DAY],
  )
  await pool.query(
    `INSERT INTO bookings (email, name, phone, event_id, type, venue, date, time_slot, paid_with,
                           amount_minor, metadata)
     SELECT 'guest' || i || '@lagosdesignmarket.com.ng',
            'Olúwaṣeun Adébáyọ̀-Nwachukwu ' || lpad(i::text, 5, '0'), '+234 803 555 0100',
            $1, 'event', 'Courtyard', $2, '6pm - 10pm', 'wallet', 500000,
            jsonb_build_object('Instagram handle', '@guest' || i, 'Camera type', 'Phone')
     FROM generate_series(1, $3) AS i`,
    [eventId, DAY, count],
  )
}

async function manager(pool: pg.Pool): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const { rows } = await pool.query(
    `INSERT INTO accounts (email, first_name, last_name, staff_role)
     VALUES ('manager.bench@example.com', 'Ngozi', 'Okonkwo-Bello', 'manager') RETURNING id`,
  )
  await pool.query(
    `INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    [hashToken(token), rows[0]?.id],
  )
  return token
}

/** Downloads the guest list, reading it as it comes, while the server's memory is sampled. */
async function download(instance: Instance, eventId: string, token: string) {
  const before = rssMb(instance.pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(instance.pid))
  }, 5)
  const started = performance.now()
  let firstByteMs = 0
  let bytes = 0
  let newlines = 0
  try {
    const response = await fetch(`${instance.url}/api/staff/events/${eventId}/guests.csv`, {
      // As a phone's browser asks for it.
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    })
    if (response.status !== 200 || !response.body) {
      throw new Error(`The export answered ${response.status}: ${await response.text()}`)
    }
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) newlines++
    }
  } finally {
    clearInterval(sampler)
  }
  return {
    rows: newlines - 1,
    bytes,
    firstByteMs,
    totalMs: performance.now() - started,
    rssBeforeMb: before,
    rssPeakMb: peak,
  }
}

export async function benchExports({
  adminUrl = process.env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL,
}: {
  adminUrl?: string
} = {}): Promise<ExportFigures> {
  let database: FreshDatabase | null = null
  let instance: Instance | null = null
  try {
    database = await freshDatabase(adminUrl, `hotel_test_${Math.floor(Date.now() / 1000)}_bench_`)
    // The first start migrates the empty database.
    instance = await startInstance({ databaseUrl: database.url })
    const own = new pg.Pool({ connectionString: database.url, max: 2 })
    try {
      const token = await manager(own)
      // Warmed up on a small list (the export's code loaded, connections opened), then measured.
      await fill(own, 'warm-up', 50)
      await download(instance, 'warm-up', token)
      await fill(own, 'design-market', GUESTS)
      return await download(instance, 'design-market', token)
    } finally {
      await own.end()
    }
  } finally {
    await instance?.stop()
    await database?.drop()
  }
}

export function exportLines(f: ExportFigures): string[] {
  const rise = f.rssPeakMb - f.rssBeforeMb
  return [
    `\nAn event's guest list of ${GUESTS.toLocaleString('en')} bookings as CSV, production server on PostgreSQL`,
    `  ${f.rows.toLocaleString('en')} rows, ${(f.bytes / 1024 / 1024).toFixed(1)} MB; first byte ${Math.round(f.firstByteMs)} ms, whole file ${Math.round(f.totalMs)} ms`,
    `  server memory ${f.rssBeforeMb.toFixed(1)} MB before, ${f.rssPeakMb.toFixed(1)} MB at most while it streamed: +${rise.toFixed(1)} MB  (target: under 20 MB)`,
  ]
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of exportLines(await benchExports())) console.log(line)
}
