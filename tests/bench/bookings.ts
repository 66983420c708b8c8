// Bookings at the database's speed (docs/decisions/026 and 032), on PostgreSQL (DATABASE_URL, else
// 127.0.0.1:5432), against the production server (`dist-server/main.mjs`: `npm run build:server`):
//
// - 3,000 free RSVPs for one event, 64 at once, on one instance: bookings per second, p50 and p99,
//   beside a bare Fastify route on the same PostgreSQL doing the counter UPDATE and an insert on
//   scratch tables of its own (tests/bench/bare-bookings.ts), rounds interleaved, medians.
//   Targets: 0.6x the bare route or more, p99 under 100 ms.
// - 1,000 RSVPs for 200 places across two instances: how many places were taken beyond the 200.
// - A card payment's server work with the sandbox provider: initiate, then (once the sandbox
//   ledger says paid) the signed webhook, then the return's verification, one payment at a time;
//   the three answers' times added (each from request sent to answer read, on 127.0.0.1), median.
//   Target: under 20 ms.
//
// Each RSVP has its own e-mail and comes from its own address (X-Forwarded-For, believed from
// 127.0.0.1 as behind a load balancer), so the production rate limits apply and stop nobody.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { postgresDb } from '../../server/db/client.ts'
import { events } from '../../server/db/schema.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET, webhookSignature } from '../../server/payments/provider.ts'
import { type FaultSetup, placesRace } from '../fault/scenarios.ts'
import {
  DEFAULT_ADMIN_URL,
  type FreshDatabase,
  freePort,
  freshDatabase,
  type Instance,
  startInstance,
} from '../support/instances.ts'

interface AutocannonResult {
  latency: { p50: number; p99: number }
  '2xx': number
  non2xx: number
  errors: number
  timeouts: number
  statusCodeStats: Record<string, { count: number | string }>
}
interface AutocannonRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}
// autocannon ships no types: only what is used here is named.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  amount: number
  requests: {
    method: string
    path: string
    setupRequest: (request: AutocannonRequest) => AutocannonRequest
    onResponse: (status: number) => void
  }[]
}) => Promise<AutocannonResult>

const RSVPS = 3000
const CONNECTIONS = 64
const WARM_UP = 1000
const RACE = { attempts: 1000, capacity: 200 }
const PAYMENTS = 30
const PRICE_NAIRA = 5_000
const SLOT = '7pm - 10pm'
const VENUE = 'The Rooftop'

/** Before this change, as issue 25 measured it on PostgreSQL (3,000 RSVPs, 64 at once). */
export const BEFORE = { perSecond: 152, p50Ms: 431, p99Ms: 568 }

export interface RsvpFigures {
  perSecond: number
  p50Ms: number
  p99Ms: number
}

export interface BookingFigures {
  rounds: number
  app: RsvpFigures
  bare: RsvpFigures
  /** The app's bookings per second over the bare route's. */
  ratio: number
  race: { figure: string; booked: number; oversold: number; errors: number }
  /** A card payment's three answers, each timed by its caller, added: the median of `cardRuns`. */
  cardMs: number
  /** Each answer's own median. */
  cardSteps: { initiate: number; webhook: number; verify: number }
  cardRuns: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A day two or more days ahead (never past in Lagos either), not a Monday (we are closed). */
function comingDay(): string {
  for (let ahead = 2; ; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10)
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) return day
  }
}

let addressSerial = 0
/** A caller's own address, as a load balancer forwards it. */
const nextAddress = () => {
  addressSerial += 1
  return `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`
}

let personSerial = 0
const ticket = (eventId: string, day: string, paid: boolean) => {
  personSerial += 1
  return {
    Email: `bench-${personSerial}@example.com`,
    Name: 'Tolu Adeyemi',
    Phone: '+234 803 555 0199',
    Event: eventId,
    Type: 'event',
    Venue: VENUE,
    Date: day,
    Amount: paid ? PRICE_NAIRA * 100 : 0,
    'Time Slot': SLOT,
    'Paid with': paid ? 'paystack' : 'free',
    'Payment Reference': null,
    Visitors: 0,
  }
}

/** `amount` RSVPs, `CONNECTIONS` at once, each its own person from its own address. */
async function rsvps(url: string, path: string, amount: number, body: () => object) {
  // autocannon ends a run of `amount` requests at its next whole second: the run is timed here,
  // from the first request sent to the last answer.
  let first = 0
  let last = 0
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          first ||= performance.now()
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'x-forwarded-for': nextAddress(),
            },
            body: JSON.stringify(body()),
          }
        },
        onResponse: () => {
          last = performance.now()
        },
      },
    ],
  })
  const booked = Number(result.statusCodeStats['201']?.count ?? 0)
  if (booked !== amount || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}${path}: ${booked} of ${amount} booked (${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} timeouts)`,
    )
  }
  return {
    perSecond: (amount * 1000) / (last - first),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  }
}

/** The bare route's server, in a process of its own; resolves once it serves. */
async function startBare(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const file = fileURLToPath(new URL('./bare-bookings.ts', import.meta.url))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes('listening')) resolve()
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.once('exit', () => reject(new Error(`The bare route's server ended:\n${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** One request: its time in ms and its answer's body, which must come with `expected`. */
type Send = (
  request: {
    method: 'GET' | 'POST'
    path: string
    headers?: Record<string, string>
    body?: string
  },
  expected: number,
) => Promise<{ ms: number; body: { data?: { reference?: string } } }>

const checked = (what: string, status: number, expected: number, text: string) => {
  if (status !== expected) throw new Error(`${what}: ${status} ${text}`)
  return JSON.parse(text) as { data?: { reference?: string } }
}

/** Requests over HTTP to an instance, as the browser and the provider send them. */
const overHttp =
  (instance: Instance): Send =>
  async ({ method, path, headers, body }, expected) => {
    const began = performance.now()
    const response = await fetch(`${instance.url}${path}`, { method, headers, body })
    const text = await response.text()
    const ms = performance.now() - began
    return { ms, body: checked(`${method} ${path}`, response.status, expected, text) }
  }

/** A card payment for a ticket, end to end; the server's three answers' times, added. */
async function cardPayment(send: Send, pool: pg.Pool, eventId: string, day: string) {
  const booking = ticket(eventId, day, true)
  const json = { 'content-type': 'application/json' }
  const initiate = await send(
    {
      method: 'POST',
      path: '/api/payments/initiate',
      headers: { ...json, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({
        callbackUrl: `/event/${eventId}/registered`,
        email: booking.Email,
        payment: { Amount: PRICE_NAIRA * 100, Currency: 'NGN', Account: null, Plan: null },
        booking,
      }),
    },
    201,
  )
  const reference = initiate.body.data?.reference ?? ''
  // The payer pays on the sandbox's page: its ledger says so (the provider's work, not ours).
  await pool.query(
    `UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
    [reference],
  )
  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, amount: PRICE_NAIRA * 100, currency: 'NGN', status: 'success' },
  })
  const signature = webhookSignature(body, DEFAULT_SANDBOX_WEBHOOK_SECRET)
  const webhook = await send(
    {
      method: 'POST',
      path: '/api/payments/webhook',
      headers: { ...json, 'x-paystack-signature': signature },
      body,
    },
    200,
  )
  const verified = await send(
    {
      method: 'GET',
      path: `/api/payments/verify/${reference}`,
      headers: { 'x-forwarded-for': nextAddress() },
    },
    200,
  )
  return { initiate: initiate.ms, webhook: webhook.ms, verify: verified.ms }
}

/** `PAYMENTS` card payments one after another, after a few unmeasured ones; each one's time. */
async function cardPayments(send: Send, pool: pg.Pool, eventId: string, day: string) {
  for (let i = 0; i < 5; i++) await cardPayment(send, pool, eventId, day)
  const runs: Awaited<ReturnType<typeof cardPayment>>[] = []
  for (let i = 0; i < PAYMENTS; i++) runs.push(await cardPayment(send, pool, eventId, day))
  return runs
}

export async function benchBookings({
  adminUrl = process.env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL,
  rounds = 3,
}: {
  adminUrl?: string
  rounds?: number
} = {}): Promise<BookingFigures> {
  // Named like the test run's databases, so a later run's sweep drops any a crash left behind.
  const setup: FaultSetup = {
    adminUrl,
    prefix: `hotel_test_${Math.floor(Date.now() / 1000)}_bench_`,
  }
  let database: FreshDatabase | null = null
  let instance: Instance | null = null
  let bare: Awaited<ReturnType<typeof startBare>> | null = null
  let pool: pg.Pool | null = null
  try {
    database = await freshDatabase(adminUrl, setup.prefix)
    // The first start migrates the empty database.
    instance = await startInstance({ databaseUrl: database.url })
    bare = await startBare(database.url)
    pool = new pg.Pool({ connectionString: database.url, max: 2 })
    pool.on('error', () => {})
    const db = await postgresDb(pool)
    const day = comingDay()
    const addEvent = async (id: string, capacity: number, paid = false) => {
      await db.insert(events).values({
        id,
        name: `Bench night ${id}`,
        address: '16 Test Street, Lagos',
        venue: VENUE,
        startAt: new Date(`${day}T18:00:00Z`),
        endAt: new Date(`${day}T21:00:00Z`),
        timeSlots: [SLOT],
        priceNaira: paid ? PRICE_NAIRA : 0,
        capacity,
      })
      await pool?.query('INSERT INTO bench_counts (id, capacity) VALUES ($1, $2)', [id, capacity])
    }

    // Both servers warmed up (code compiled, connections opened), then rounds interleaved, so a
    // slow moment of the machine falls on both alike.
    await addEvent('warm-up', WARM_UP)
    await rsvps(instance.url, '/api/bookings/rsvp', WARM_UP, () => ticket('warm-up', day, false))
    await rsvps(bare.url, '/bare/rsvp/warm-up', WARM_UP, () => ticket('warm-up', day, false))
    const appRuns: RsvpFigures[] = []
    const bareRuns: RsvpFigures[] = []
    for (let round = 1; round <= rounds; round++) {
      const id = `night-${round}`
      await addEvent(id, RSVPS)
      appRuns.push(
        await rsvps(instance.url, '/api/bookings/rsvp', RSVPS, () => ticket(id, day, false)),
      )
      bareRuns.push(await rsvps(bare.url, `/bare/rsvp/${id}`, RSVPS, () => ticket(id, day, false)))
    }
    const summary = (runs: RsvpFigures[]): RsvpFigures => ({
      perSecond: median(runs.map((run) => run.perSecond)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
    })
    const app = summary(appRuns)
    const reference = summary(bareRuns)

    await addEvent('paid-night', 1000, true)
    const cardRuns = await cardPayments(overHttp(instance), pool, 'paid-night', day)

    await bare.stop()
    bare = null
    await instance.stop()
    instance = null

    const raced = await placesRace(setup, {
      attempts: RACE.attempts,
      capacity: RACE.capacity,
      placesLeft: RACE.capacity,
    })
    return {
      rounds,
      app,
      bare: reference,
      ratio: app.perSecond / reference.perSecond,
      race: {
        figure: raced.figure,
        booked: raced.booked,
        oversold: raced.oversold,
        errors: raced.errors,
      },
      cardMs: median(cardRuns.map((run) => run.initiate + run.webhook + run.verify)),
      cardSteps: {
        initiate: median(cardRuns.map((run) => run.initiate)),
        webhook: median(cardRuns.map((run) => run.webhook)),
        verify: median(cardRuns.map((run) => run.verify)),
      },
      cardRuns: cardRuns.length,
    }
  } finally {
    await bare?.stop()
    await instance?.stop()
    await pool?.end()
    await database?.drop()
  }
}

/** The section's lines, as `npm run bench` prints them. */
export function bookingLines(f: BookingFigures): string[] {
  const rsvp = (r: RsvpFigures) =>
    `${Math.round(r.perSecond)} bookings/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`
  return [
    `\nBookings on PostgreSQL: ${RSVPS.toLocaleString('en')} free RSVPs for one event, ${CONNECTIONS} at once, one instance (median of ${f.rounds} rounds)`,
    `  app                          ${rsvp(f.app)}`,
    `  bare Fastify route           ${rsvp(f.bare)}  (counter UPDATE + insert, own tables)`,
    `  ratio                        ${f.ratio.toFixed(2)}x  (targets: 0.6x or more, p99 under 100 ms)`,
    `  before (issue 25)            ${rsvp(BEFORE)}`,
    `  ${RACE.attempts.toLocaleString('en')} RSVPs for ${RACE.capacity} places, 2 instances: ${f.race.booked} booked, ${f.race.oversold} oversold, ${f.race.errors} errors  (target: 0 oversold)`,
    `    ${f.race.figure}`,
    `  card payment's server work   median ${f.cardMs.toFixed(1)} ms of ${f.cardRuns} (initiate + webhook + return, sandbox, one at a time; target: under 20 ms)`,
    `    initiate ${f.cardSteps.initiate.toFixed(1)} ms, webhook ${f.cardSteps.webhook.toFixed(1)} ms, return ${f.cardSteps.verify.toFixed(1)} ms (medians of each)`,
  ]
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of bookingLines(await benchBookings())) console.log(line)
}
