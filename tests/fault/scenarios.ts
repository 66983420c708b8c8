import { createHmac } from 'node:crypto'
import pg from 'pg'
import { type Db, postgresDb } from '../../server/db/client.ts'
import { bookings, events } from '../../server/db/schema.ts'
import { SERVICE_UNAVAILABLE } from '../../server/http/errors.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'
import {
  type FreshDatabase,
  freshDatabase,
  type Instance,
  startInstance,
} from '../support/instances.ts'
import { type DbProxy, startDbProxy } from './db-proxy.ts'

// The reliability scenarios on PostgreSQL, each against real server processes on one fresh
// database, each returning its counts and one figure line. tests/api/fault-*.test.ts assert the
// counts; tests/bench/reliability.ts (`npm run bench:reliability`) prints all the figures.

export interface FaultSetup {
  /** A PostgreSQL URL allowed to create and drop databases. */
  adminUrl: string
  /** Prefix of the databases made, so a test run's teardown drops what a crash left behind. */
  prefix: string
}

/** The application_name of the test's own connections, which a fault spares. */
const TEST_CLIENT = 'fault-test'

const PRICE_NAIRA = 5_000
const SLOT = '7pm - 10pm'
const VENUE = 'The Rooftop'

/** A day two or more days ahead (never past in Lagos either), not a Monday (we are closed). */
function comingDay(): string {
  for (let ahead = 2; ; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10)
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) return day
  }
}

interface Stage {
  instances: Instance[]
  paystack: FakePaystack
  /** The test's own connection to the database (not through any relay). */
  pool: pg.Pool
  db: Db
  day: string
  proxy: DbProxy | null
}

/**
 * A fresh database, the fake Paystack, and `count` server processes on it (started together,
 * so they also migrate together); `viaProxy` puts a relay the test can cut between them and the
 * database. Everything is stopped and dropped afterwards.
 */
async function onStage<T>(
  setup: FaultSetup,
  {
    count,
    viaProxy = false,
    env: more = {},
  }: { count: number; viaProxy?: boolean; env?: Record<string, string> },
  run: (stage: Stage) => Promise<T>,
): Promise<T> {
  let database: FreshDatabase | null = null
  let paystack: FakePaystack | null = null
  let proxy: DbProxy | null = null
  let pool: pg.Pool | null = null
  const instances: Instance[] = []
  try {
    database = await freshDatabase(setup.adminUrl, setup.prefix)
    paystack = await startFakePaystack()
    proxy = viaProxy ? await startDbProxy(database.url) : null
    const env = {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      ...more,
    }
    const databaseUrl = proxy?.url ?? database.url
    const started = await Promise.allSettled(
      Array.from({ length: count }, () => startInstance({ databaseUrl, env })),
    )
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    pool = new pg.Pool({ connectionString: database.url, max: 4, application_name: TEST_CLIENT })
    pool.on('error', () => {})
    const db = await postgresDb(pool)
    return await run({ instances, paystack, pool, db, day: comingDay(), proxy })
  } finally {
    await Promise.all(instances.map((instance) => instance.kill()))
    await pool?.end()
    await proxy?.close()
    await paystack?.close()
    await database?.drop()
  }
}

let eventSerial = 0

/** An event of its own on the stage's day: `capacity` places, free or ₦5,000. */
async function addEvent(
  stage: Stage,
  { capacity, paid }: { capacity: number; paid: boolean },
): Promise<string> {
  eventSerial += 1
  const id = `fault-night-${eventSerial}`
  await stage.db.insert(events).values({
    id,
    name: `Fault night ${eventSerial}`,
    address: '16 Test Street, Lagos',
    venue: VENUE,
    startAt: new Date(`${stage.day}T18:00:00Z`),
    endAt: new Date(`${stage.day}T21:00:00Z`),
    timeSlots: [SLOT],
    priceNaira: paid ? PRICE_NAIRA : 0,
    capacity,
  })
  return id
}

/** A ticket as the app sends it. */
const ticket = (stage: Stage, eventId: string, email: string, paid: boolean) => ({
  Email: email,
  Name: 'Tolu Adeyemi',
  Phone: '+234 803 555 0199',
  Event: eventId,
  Type: 'event',
  Venue: VENUE,
  Date: stage.day,
  Amount: paid ? PRICE_NAIRA * 100 : 0,
  'Time Slot': SLOT,
  'Paid with': paid ? 'paystack' : 'free',
  'Payment Reference': null,
  Visitors: 0,
})

export interface Answer {
  /** 0 when no HTTP answer came at all (connection refused or reset). */
  status: number
  body: unknown
}

let addressSerial = 0

/** A caller's own address, as a load balancer forwards it (each person their own budget). */
const nextAddress = () => {
  addressSerial += 1
  return `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`
}

/** One HTTP request to an instance, from a caller of its own; never throws. A string body is
 * sent as it is (a signed webhook's bytes), anything else as JSON. */
async function call(
  instance: Instance,
  path: string,
  init: {
    method?: string
    body?: unknown
    headers?: Record<string, string>
    /** How long the caller waits for an answer before it counts as none. */
    waitMs?: number
  } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${instance.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-forwarded-for': nextAddress(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body:
        init.body === undefined || typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
      // Nothing may wait for ever: a request that hangs counts as no answer.
      signal: AbortSignal.timeout(init.waitMs ?? 20_000),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: kept as text, which the error-shape checks then refuse.
    }
    return { status: response.status, body }
  } catch {
    return { status: 0, body: null }
  }
}

const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300

const messageOf = (answer: Answer) =>
  typeof answer.body === 'object' && answer.body !== null
    ? (answer.body as { message?: unknown }).message
    : undefined

/** Whether a body is exactly the contract's error shape with this message. */
export const isErrorShape = (body: unknown, message: string) =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).sort().join() === 'message,status' &&
  (body as { status: unknown }).status === 'error' &&
  (body as { message: unknown }).message === message

const count = async (pool: pg.Pool, text: string, values: unknown[]) =>
  Number((await pool.query<{ n: string }>(text, values)).rows[0]?.n ?? 0)

const thousands = (n: number) => n.toLocaleString('en-GB')

// ---------------------------------------------------------------------------------------------

export interface LastPlaceResult {
  figure: string
  attempts: number
  /** 201 answers. */
  booked: number
  /** 409 'Sold out' answers. */
  soldOut: number
  /** Any other answer below 500. */
  otherRefusals: number
  /** 5xx answers and requests that got no answer. */
  errors: number
  /** Bookings of the event in the database afterwards, and its places. */
  placesTaken: number
  capacity: number
  /** Places taken beyond the capacity: 0, always. */
  oversold: number
}

/**
 * Two instances on one database; an event with one place left (39 of 40 taken); `attempts`
 * people book it at once over HTTP, spread across both instances.
 */
export function lastPlaceRace(
  setup: FaultSetup,
  options: { attempts?: number; env?: Record<string, string>; waitMs?: number } = {},
): Promise<LastPlaceResult> {
  return placesRace(setup, { ...options, capacity: 40, placesLeft: 1 })
}

/**
 * Two instances on one database; an event of `capacity` places with `placesLeft` of them left
 * (the others taken by one booking); `attempts` people book it at once over HTTP, spread across
 * both instances.
 */
export async function placesRace(
  setup: FaultSetup,
  {
    attempts = 1000,
    capacity,
    placesLeft,
    env,
    waitMs,
  }: {
    attempts?: number
    capacity: number
    placesLeft: number
    env?: Record<string, string>
    waitMs?: number
  },
): Promise<LastPlaceResult> {
  return onStage(setup, { count: 2, env }, async (stage) => {
    const eventId = await addEvent(stage, { capacity, paid: false })
    if (placesLeft < capacity) {
      await stage.db.insert(bookings).values({
        email: 'filler@example.com',
        name: 'Filler',
        phone: '+234 803 555 0199',
        type: 'event',
        eventId,
        venue: VENUE,
        date: stage.day,
        timeSlot: SLOT,
        paidWith: 'free',
        visitors: capacity - placesLeft - 1,
      })
    }
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        call(stage.instances[i % stage.instances.length] as Instance, '/api/bookings/rsvp', {
          method: 'POST',
          body: ticket(stage, eventId, `person${i}@example.com`, false),
          waitMs,
        }),
      ),
    )
    const booked = answers.filter((a) => a.status === 201).length
    const soldOut = answers.filter((a) => a.status === 409 && messageOf(a) === 'Sold out').length
    const failures = answers.filter((a) => a.status === 0 || a.status >= 500)
    const errors = failures.length
    const otherRefusals = attempts - booked - soldOut - errors
    const placesTaken = await count(
      stage.pool,
      `SELECT coalesce(sum(1 + visitors), 0) AS n FROM bookings
        WHERE event_id = $1 AND status IN ('confirmed', 'held')`,
      [eventId],
    )
    const others = otherRefusals > 0 ? `, ${otherRefusals} other refusals` : ''
    const oversold = Math.max(0, placesTaken - capacity)
    return {
      figure:
        `${thousands(attempts)} concurrent bookings across ${stage.instances.length} instances ` +
        `for ${placesLeft === 1 ? '1 place' : `${thousands(placesLeft)} places`}: ` +
        `${booked} booked, ${soldOut} sold out${others}, ${errors} errors` +
        `${errors > 0 ? ` (${statusCounts(failures)})` : ''} ` +
        `(${placesTaken} of ${capacity} places taken)`,
      attempts,
      booked,
      soldOut,
      otherRefusals,
      errors,
      placesTaken,
      capacity,
      oversold,
    }
  })
}

// ---------------------------------------------------------------------------------------------

/** Starts a card payment for a ticket on an instance; returns its reference. */
async function initiate(stage: Stage, instance: Instance, eventId: string, email: string) {
  const answer = await call(instance, '/api/payments/initiate', {
    method: 'POST',
    body: {
      callbackUrl: `/event/${eventId}/registered`,
      email,
      payment: { Amount: PRICE_NAIRA * 100, Currency: 'NGN', Account: null, Plan: null },
      booking: ticket(stage, eventId, email, true),
    },
  })
  const reference = (answer.body as { data?: { reference?: string } } | null)?.data?.reference
  if (answer.status !== 201 || !reference) {
    throw new Error(`Payment initiation answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return reference
}

/** Paystack's charge.success for a reference, signed with the fake's secret key. */
function signedWebhook(paystack: FakePaystack, reference: string) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, amount: PRICE_NAIRA * 100, currency: 'NGN', status: 'success' },
  })
  const signature = createHmac('sha512', paystack.secretKey).update(body).digest('hex')
  return { body, signature }
}

/** What the books say about some payments: settled, bookings, receipts, refunds. */
async function books(stage: Stage, references: string[], emails: string[]) {
  const [settled, confirmed, held, receipts] = await Promise.all([
    count(
      stage.pool,
      `SELECT count(*) AS n FROM payments WHERE reference = ANY($1) AND status = 'success'`,
      [references],
    ),
    count(
      stage.pool,
      `SELECT count(*) AS n FROM bookings WHERE payment_reference = ANY($1) AND status = 'confirmed'`,
      [references],
    ),
    count(
      stage.pool,
      `SELECT count(*) AS n FROM bookings WHERE payment_reference = ANY($1) AND status = 'held'`,
      [references],
    ),
    count(stage.pool, 'SELECT count(*) AS n FROM mail_outbox WHERE to_address = ANY($1)', [emails]),
  ])
  const wanted = new Set(references)
  const refunds = stage.paystack.refunds().filter((refund) => wanted.has(refund.reference)).length
  return { settled, confirmed, held, receipts, refunds }
}

export interface WebhookReplayResult {
  figure: string
  replays: number
  /** Answers by status code, e.g. { 200: 100 }. */
  statuses: Record<number, number>
  settled: number
  confirmed: number
  receipts: number
  refunds: number
}

/**
 * One paid ticket; Paystack's charge.success webhook for it arrives `replays` times across both
 * instances: half of them at once, then the rest one after another.
 */
export async function webhookReplay(
  setup: FaultSetup,
  replays = 100,
): Promise<WebhookReplayResult> {
  return onStage(setup, { count: 2 }, async (stage) => {
    const [a, b] = stage.instances as [Instance, Instance]
    const eventId = await addEvent(stage, { capacity: 10, paid: true })
    const email = 'replayed@example.com'
    const reference = await initiate(stage, a, eventId, email)
    // The customer paid at Paystack; only its webhooks tell us.
    Object.assign(stage.paystack.transactions.get(reference) ?? {}, {
      status: 'success',
      channel: 'card',
      paidAt: new Date().toISOString(),
    })
    const { body, signature } = signedWebhook(stage.paystack, reference)
    const deliver = (i: number) =>
      call(i % 2 === 0 ? a : b, '/api/payments/webhook', {
        method: 'POST',
        body,
        headers: { 'x-paystack-signature': signature },
      })
    const atOnce = Math.ceil(replays / 2)
    const answers = await Promise.all(Array.from({ length: atOnce }, (_, i) => deliver(i)))
    for (let i = atOnce; i < replays; i++) answers.push(await deliver(i))
    const statuses: Record<number, number> = {}
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    const { settled, confirmed, receipts, refunds } = await books(stage, [reference], [email])
    const answered = Object.entries(statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')
    return {
      figure:
        `a webhook replayed ${replays} times across 2 instances (${atOnce} at once, ` +
        `${replays - atOnce} in turn): ${answered}; ${settled} payment settled, ` +
        `${confirmed} booking, ${receipts} receipt, ${refunds} refunds`,
      replays,
      statuses,
      settled,
      confirmed,
      receipts,
      refunds,
    }
  })
}

// ---------------------------------------------------------------------------------------------

export interface KilledInstanceResult {
  figure: string
  payments: number
  /** Settled by the killed instance before it died. */
  settledBeforeKill: number
  /** Left pending when it died, for the other instance to finish. */
  leftPending: number
  /** Whether the killed process was gone before the rest were finished. */
  killed: boolean
  settled: number
  confirmed: number
  held: number
  /** Bookings per payment reference beyond the first (0 when nothing is doubled). */
  doubled: number
  /** Returns on the surviving instance not answered 200, webhooks never answered 200. */
  failedCalls: number
  receipts: number
  refunds: number
}

/**
 * Two instances, A and B. `payments` people start paying for a ticket on A; A is killed
 * (SIGKILL) while Paystack's webhooks for the first half reach it, and the second half pay after
 * it died. Then the load balancer sends everything to B: the browser's return for every other
 * payment, Paystack's webhook retry for the rest; then both again for every payment.
 */
export async function killedBetweenInitiationAndReturn(
  setup: FaultSetup,
  payments = 20,
): Promise<KilledInstanceResult> {
  return onStage(setup, { count: 2 }, async (stage) => {
    const [a, b] = stage.instances as [Instance, Instance]
    const eventId = await addEvent(stage, { capacity: payments, paid: true })
    const emails = Array.from({ length: payments }, (_, i) => `payer${i}@example.com`)
    const references = await Promise.all(emails.map((email) => initiate(stage, a, eventId, email)))
    const settledCount = () =>
      count(stage.pool, `SELECT count(*) AS n FROM payments WHERE status = 'success'`, [])

    stage.paystack.webhookUrl = `${a.url}/api/payments/webhook`
    const half = Math.ceil(payments / 2)
    const paying = references.slice(0, half).map((reference) => stage.paystack.pay(reference))
    // A dies as soon as it has settled the first payment, with the other webhooks in flight.
    const deadline = Date.now() + 10_000
    while ((await settledCount()) === 0 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 5))
    }
    await a.kill()
    await Promise.all(paying)
    const settledBeforeKill = await settledCount()
    // The rest pay with A gone: their webhooks reach no one, and Paystack gives up for now.
    await Promise.all(references.slice(half).map((reference) => stage.paystack.pay(reference)))

    const { rows: unsettled } = await stage.pool.query<{ reference: string }>(
      `SELECT reference FROM payments WHERE reference = ANY($1) AND status = 'pending'`,
      [references],
    )
    const left = new Set(unsettled.map((row) => row.reference))
    const byReturn = references.filter((reference, i) => i % 2 === 0 && left.has(reference))

    // The load balancer now sends everything to B.
    stage.paystack.webhookUrl = `${b.url}/api/payments/webhook`
    // Every return must answer 200, and every webhook end in a 200 (Paystack's retries stop).
    let failedCalls = 0
    const returned = async (reference: string) => {
      if ((await call(b, `/api/payments/verify/${reference}`)).status !== 200) failedCalls += 1
    }
    const webhookRetry = async (reference: string) => {
      const { attempts } = await stage.paystack.resendWebhook(reference)
      if (attempts.at(-1) !== 200) failedCalls += 1
    }
    await Promise.all(
      references.map((reference, i) =>
        i % 2 === 0 ? returned(reference) : webhookRetry(reference),
      ),
    )
    // And every return and webhook comes once more (a reload, Paystack's next retry).
    await Promise.all(
      references.flatMap((reference) => [returned(reference), webhookRetry(reference)]),
    )

    const figures = await books(stage, references, emails)
    const doubled = await count(
      stage.pool,
      `SELECT coalesce(sum(n - 1), 0) AS n FROM (
         SELECT count(*) AS n FROM bookings WHERE payment_reference = ANY($1)
          GROUP BY payment_reference) per_payment`,
      [references],
    )
    const lost = payments - figures.confirmed
    return {
      figure:
        `${payments} payments started on instance A, A killed (SIGKILL) mid-payment after ` +
        `settling ${settledBeforeKill}; instance B finished the other ${left.size} ` +
        `(${byReturn.length} by the browser's return, ${left.size - byReturn.length} by ` +
        `Paystack's webhook retry): ${figures.confirmed} booked, ${figures.receipts} ` +
        `receipts, ${lost} lost, ${doubled} doubled, ${figures.refunds} refunded`,
      payments,
      settledBeforeKill,
      leftPending: left.size,
      failedCalls,
      killed: !a.alive(),
      ...figures,
      doubled,
    }
  })
}

// ---------------------------------------------------------------------------------------------

export interface DatabaseCutResult {
  figure: string
  /** Answers before the cut, all 2xx when healthy. */
  before: Record<number, number>
  /** Answers given once the database went away, to requests asked before it came back. */
  during: Record<number, number>
  /** Answers during the cut that are neither a success nor the 503 of SERVICE_UNAVAILABLE. */
  malformedDuring: Answer[]
  /** Milliseconds from the database's return to the first request that succeeded again. */
  recoveryMs: number | null
  /** Answers to requests started once it had recovered. */
  after: Record<number, number>
  /** /api/health while cut off. */
  healthDuring: Answer
  /** The server process was the same one throughout, and still runs. */
  sameProcess: boolean
  /** The end of what the server wrote, to explain a failure. */
  serverOutput: string
}

/**
 * How the database goes away: 'relay', the network between server and database is cut (open
 * connections dropped, new ones refused); 'terminate', PostgreSQL ends the server's connections
 * again and again (pg_terminate_backend every 50 ms, as an administrator or a failover does)
 * while new ones still open.
 */
export type CutKind = 'relay' | 'terminate'

/** Ends the server's connections to the database every 50 ms until stopped. */
function terminateRepeatedly(stage: Stage): () => Promise<void> {
  let stopped = false
  const looping = (async () => {
    while (!stopped) {
      await stage.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND application_name <> $1`,
        [TEST_CLIENT],
      )
      await new Promise((done) => setTimeout(done, 50))
    }
  })()
  return async () => {
    stopped = true
    await looping
  }
}

/**
 * One instance on the database; 16 callers keep reading events, checking health and booking;
 * the database goes away for `cutMs` (see CutKind), then comes back.
 */
export async function databaseCut(
  setup: FaultSetup,
  { cutMs = 2_000, kind = 'relay' }: { cutMs?: number; kind?: CutKind } = {},
): Promise<DatabaseCutResult> {
  return onStage(setup, { count: 1, viaProxy: kind === 'relay' }, async (stage) => {
    const [server] = stage.instances as [Instance]
    const cut = async () => {
      if (stage.proxy) {
        const proxy = stage.proxy
        await proxy.cut()
        return () => proxy.restore()
      }
      return terminateRepeatedly(stage)
    }
    const pid = server.pid
    const eventId = await addEvent(stage, { capacity: 100_000, paid: false })
    let cutAt = Number.POSITIVE_INFINITY
    let restoredAt = Number.POSITIVE_INFINITY
    const log: { startedAt: number; endedAt: number; answer: Answer }[] = []
    let booker = 0
    const requests = [
      () => call(server, '/api/events'),
      () => call(server, '/api/health'),
      () =>
        call(server, '/api/bookings/rsvp', {
          method: 'POST',
          body: ticket(stage, eventId, `cut${++booker}@example.com`, false),
        }),
    ]
    let running = true
    const worker = async (id: number) => {
      for (let turn = id; running; turn++) {
        const startedAt = Date.now()
        const answer = await (requests[turn % requests.length] as () => Promise<Answer>)()
        log.push({ startedAt, endedAt: Date.now(), answer })
      }
    }
    const load = Promise.all(Array.from({ length: 16 }, (_, id) => worker(id)))
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))

    await pause(1_000)
    cutAt = Date.now()
    const restore = await cut()
    await pause(cutMs / 2)
    const healthDuring = await call(server, '/api/health')
    await pause(cutMs / 2)
    await restore()
    restoredAt = Date.now()
    // Load goes on until a request started since succeeds, then one more second.
    const firstSuccess = () =>
      log
        .filter((entry) => entry.startedAt >= restoredAt && succeeded(entry.answer))
        .sort((x, y) => x.startedAt - y.startedAt)[0]
    const giveUp = Date.now() + 15_000
    while (!firstSuccess() && Date.now() < giveUp) await pause(10)
    await pause(1_000)
    running = false
    await load
    const recovered = firstSuccess()
    const recoveryMs = recovered ? recovered.startedAt - restoredAt : null

    const tally = (entries: typeof log) => {
      const byStatus: Record<number, number> = {}
      for (const { answer } of entries) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1
      return byStatus
    }
    const before = tally(log.filter((entry) => entry.endedAt < cutAt))
    // Answered once the cut began (in flight then, or asked since), and asked before the return.
    const during = log.filter((entry) => entry.endedAt >= cutAt && entry.startedAt < restoredAt)
    const after = tally(
      log.filter((entry) => recovered !== undefined && entry.startedAt > recovered.startedAt),
    )
    const malformedDuring = during
      .map((entry) => entry.answer)
      .filter((answer) => !succeeded(answer))
      .filter((answer) => answer.status !== 503 || !isErrorShape(answer.body, SERVICE_UNAVAILABLE))
    const sameProcess = server.alive() && server.pid === pid
    const show = (byStatus: Record<number, number>) =>
      Object.entries(byStatus)
        .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
        .join(', ') || 'none'
    return {
      figure:
        `${kind === 'relay' ? 'database connection cut' : 'database connections terminated'} ` +
        `for ${cutMs / 1000} s under load (16 callers): before ${show(before)}; ` +
        `during ${show(tally(during))} (${malformedDuring.length} failures not a 503 in the error ` +
        `shape); ` +
        `recovered ${recoveryMs === null ? 'never' : `${recoveryMs} ms`} after the database ` +
        `returned, then ${show(after)}; ${sameProcess ? 'no restart' : 'the process died'}`,
      before,
      during: tally(during),
      malformedDuring,
      recoveryMs,
      after,
      healthDuring,
      sameProcess,
      serverOutput: server.output().slice(-3_000),
    }
  })
}

// ---------------------------------------------------------------------------------------------

/** One answer and how long it took. */
export interface TimedAnswer extends Answer {
  path: string
  ms: number
}

export interface DatabaseBlackholeResult {
  figure: string
  /** Answers while the database answered (before each silence), all 2xx when healthy. */
  before: Record<number, number>
  /** Every answer to a request asked while it was silent. */
  during: TimedAnswer[]
  /** Answers during the silence that are neither a success nor the 503 of SERVICE_UNAVAILABLE. */
  malformedDuring: TimedAnswer[]
  /** The slowest answer during the silence, in milliseconds. */
  slowestMs: number
  /**
   * The first requests once the database answers again, in order: after a short silence (one
   * request saw it), a health check and a booking; after a long one, a health check, a booking,
   * another health check and the events.
   */
  after: TimedAnswer[]
  /** The server process was the same one throughout, and still runs. */
  sameProcess: boolean
  /** The end of what the server wrote, to explain a failure. */
  serverOutput: string
}

/**
 * One instance on the database through a relay. Twice, the pool is left holding several idle
 * connections, then the database goes silent (the relay's black hole: connections accepted,
 * nothing answered, those already in the pool swallowed too), then answers again: first a short
 * silence that one health check meets, then a long one that meets three rounds of 6 requests at
 * once (health checks, bookings, event lists) and one of 24, more than twice the pool's connections.
 * No request may wait longer than the server's own
 * timeouts, and the first requests afterwards must succeed, on the same process.
 */
export async function databaseBlackhole(setup: FaultSetup): Promise<DatabaseBlackholeResult> {
  return onStage(setup, { count: 1, viaProxy: true }, async (stage) => {
    const [server] = stage.instances as [Instance]
    const proxy = stage.proxy as DbProxy
    const pid = server.pid
    const eventId = await addEvent(stage, { capacity: 100_000, paid: false })
    let booker = 0
    const timed = async (path: string, ask: () => Promise<Answer>): Promise<TimedAnswer> => {
      const startedAt = Date.now()
      const answer = await ask()
      return { ...answer, path, ms: Date.now() - startedAt }
    }
    const health = () => timed('/api/health', () => call(server, '/api/health'))
    const events = () => timed('/api/events', () => call(server, '/api/events'))
    const book = () =>
      timed('/api/bookings/rsvp', () =>
        call(server, '/api/bookings/rsvp', {
          method: 'POST',
          body: ticket(stage, eventId, `silent${++booker}@example.com`, false),
        }),
      )
    const round = () => Promise.all([health(), book(), events(), health(), book(), events()])
    /** Ten at once, twice: several connections open, then idle in the pool. */
    const busyMoment = async () => {
      const ten = () =>
        Promise.all([health(), health(), health(), health(), book(), book(), book()])
      return [...(await ten()), ...(await ten()), await events()]
    }

    const warm: TimedAnswer[] = []
    const during: TimedAnswer[] = []
    const after: TimedAnswer[] = []
    // A short silence: one request meets it; the idle connections were never tried.
    warm.push(...(await busyMoment()))
    await proxy.blackhole()
    during.push(await health())
    await proxy.restore()
    after.push(await health(), await book())
    // A long one, under load.
    warm.push(...(await busyMoment()))
    await proxy.blackhole()
    for (let i = 0; i < 3; i++) during.push(...(await round()))
    // More at once than the pool has connections: none waits behind the stuck ones.
    during.push(...(await Promise.all(Array.from({ length: 12 }, () => [health(), book()]).flat())))
    await proxy.restore()
    after.push(await health(), await book(), await health(), await events())

    const tally = (answers: Answer[]) => {
      const byStatus: Record<number, number> = {}
      for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1
      return byStatus
    }
    const malformedDuring = during
      .filter((answer) => !succeeded(answer))
      .filter((answer) => answer.status !== 503 || !isErrorShape(answer.body, SERVICE_UNAVAILABLE))
    const slowestMs = Math.max(...during.map((answer) => answer.ms))
    const sameProcess = server.alive() && server.pid === pid
    const show = (byStatus: Record<number, number>) =>
      Object.entries(byStatus)
        .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
        .join(', ') || 'none'
    const slowest = (path: string) =>
      Math.max(...during.filter((answer) => answer.path === path).map((answer) => answer.ms))
    return {
      figure:
        `database silent (connections accepted, nothing answered) for ${during.length} ` +
        `requests: ${show(tally(during))}, the slowest in ${slowestMs} ms (health ` +
        `${slowest('/api/health')} ms, booking ${slowest('/api/bookings/rsvp')} ms, events ` +
        `${slowest('/api/events')} ms) ` +
        `(${malformedDuring.length} not a 503 in the error shape); once it answered again: ` +
        `${after.map((answer) => `${answer.status} in ${answer.ms} ms`).join(', ')}; ` +
        `${sameProcess ? 'no restart' : 'the process died'}`,
      before: tally(warm),
      during,
      malformedDuring,
      slowestMs,
      after,
      sameProcess,
      serverOutput: server.output().slice(-3_000),
    }
  })
}

/** '503 ×98, no answer ×1': how the failed calls of a race ended. */
function statusCounts(answers: Answer[]): string {
  const counts = new Map<string, number>()
  for (const answer of answers) {
    const key = answer.status === 0 ? 'no answer' : `${answer.status} ${messageOf(answer) ?? ''}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, n]) => `${key.trim()} ×${n}`).join(', ')
}
