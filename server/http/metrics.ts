import { createHash, timingSafeEqual } from 'node:crypto'
import { isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/client'
import { mailOutbox, refunds } from '../db/schema'

// What the server does, in Prometheus's text format at /metrics (docs/decisions/036): requests
// by route, method and status, bookings, payments and refunds by outcome, what waits in the mail
// outbox and the refund queue, the database pool, and the process itself. Served to a scraper on
// this machine, or to one that sends METRICS_TOKEN; anyone else gets the 404 of an unknown address.

/** A booking written: confirmed (free, from a wallet, or its card payment paid), or held for one. */
/** 'requested': a visitor's free ticket asked for by e-mail (decision 040), not yet booked. */
export type BookingOutcome = 'confirmed' | 'held' | 'requested'

/**
 * A card payment: its checkout opened (initiated) or not (the provider did not answer), then
 * settled once: paid, failed (declined), abandoned, or refunded (money came for nothing).
 */
export type PaymentOutcome =
  | 'initiated'
  | 'unavailable'
  | 'paid'
  | 'failed'
  | 'abandoned'
  | 'refunded'

/** A refund sent to the provider: taken (sent), or refused and left in the queue for a retry. */
export type RefundOutcome = 'sent' | 'refused'

/** One app's metrics: a registry of its own (tests build several apps in one process). */
export interface Metrics {
  registry: Registry
  /** `kind`: the booking's Type (event, spot, print-studio). */
  booked(kind: string, outcome: BookingOutcome): void
  /** `purpose`: what the payment buys (booking, membership, topup). */
  payment(purpose: string, outcome: PaymentOutcome): void
  refund(outcome: RefundOutcome): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's counters (server/http/metrics.ts), counted where each outcome is decided. */
    metrics: Metrics
  }
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  const bookings = new Counter({
    name: 'sixteen_bookings_total',
    help: 'Bookings written, by kind (event, spot, print-studio) and outcome (confirmed, held).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  })
  const payments = new Counter({
    name: 'sixteen_payments_total',
    help: 'Card payments by purpose and outcome (initiated, unavailable, paid, failed, abandoned, refunded).',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [registry],
  })
  const refundsSent = new Counter({
    name: 'sixteen_refunds_total',
    help: 'Refunds tried with the payment provider, by outcome (sent, refused: retried later).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  return {
    registry,
    booked: (kind, outcome) => bookings.inc({ kind, outcome }),
    payment: (purpose, outcome) => payments.inc({ purpose, outcome }),
    refund: (outcome) => refundsSent.inc({ outcome }),
  }
}

/**
 * The process's own metrics (CPU, memory, event loop lag, GC, handles), made once per process:
 * they measure the process, whichever app asks, and their collectors (a GC observer, an event
 * loop monitor) should not be added again with every app built.
 */
let processRegistry: Registry | null = null
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** The label of requests no route took: unknown addresses are one series, not one per URL. */
const NO_ROUTE = '(none)'

/** Whether the connection itself comes from this machine (never X-Forwarded-For). */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? ''
  const loopback =
    address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
  // A reverse proxy on this machine connects from loopback too, for every outside client: what
  // it forwards is not this machine's own scraper.
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return loopback && !forwarded
}

const digest = (text: string) => createHash('sha256').update(text).digest()

export interface MetricsOptions {
  db: Db
  metrics: Metrics
  /** METRICS_TOKEN: a scraper elsewhere sends it as `Authorization: Bearer <token>`. */
  token: string | null
}

/**
 * Times every request (by its route's pattern, so the series stay few) and serves /metrics.
 * Register before the routes: their hooks are taken when they are registered.
 */
export function registerMetrics(app: FastifyInstance, { db, metrics, token }: MetricsOptions) {
  const { registry } = metrics
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? NO_ROUTE : (request.routeOptions.url ?? NO_ROUTE)
    duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    done()
  })

  const outbox = new Gauge({
    name: 'sixteen_mail_outbox_unsent',
    help: 'E-mails in the outbox not sent yet (without SMTP_URL, every message ever queued).',
    registers: [registry],
  })
  const refundQueue = new Gauge({
    name: 'sixteen_refunds_pending',
    help: 'Refunds in the queue the provider has not taken yet.',
    registers: [registry],
  })
  // node-postgres's pool; PGlite has one connection and no pool, so no such series there.
  const pool = (db as unknown as { $client?: Partial<PoolCounts> }).$client
  if (typeof pool?.waitingCount === 'number') {
    const counts = pool as PoolCounts
    new Gauge({
      name: 'sixteen_db_pool_waiting',
      help: 'Queries waiting for a free connection of the database pool.',
      registers: [registry],
      collect() {
        this.set(counts.waitingCount)
      },
    })
    new Gauge({
      name: 'sixteen_db_pool_connections',
      help: 'Connections of the database pool: open (total) and idle.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, counts.totalCount)
        this.set({ state: 'idle' }, counts.idleCount)
      },
    })
  }

  const expected = token ? digest(token) : null
  const hasToken = (request: FastifyRequest) => {
    const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
    // Digests of equal length, compared in constant time: the answer's timing tells nothing.
    return expected !== null && sent !== undefined && timingSafeEqual(digest(sent), expected)
  }

  app.get('/metrics', async (request, reply) => {
    // Not for anyone else: the answer an unknown address gets, so /metrics does not show itself.
    if (!fromThisMachine(request) && !hasToken(request)) return reply.callNotFound()
    try {
      // Two counts on partial indexes, read when scraped (every 15 s or so), in one round trip.
      const { rows } = await db.execute<{ outbox: number; refunds: number }>(
        sql`SELECT (SELECT count(*) FROM ${mailOutbox} WHERE ${isNull(mailOutbox.sentAt)})::int AS outbox,
          (SELECT count(*) FROM ${refunds} WHERE ${refunds.status} = 'pending')::int AS refunds`,
      )
      outbox.set(rows[0]?.outbox ?? Number.NaN)
      refundQueue.set(rows[0]?.refunds ?? Number.NaN)
    } catch (error) {
      // The rest is still worth reading while the database is away: these say 'unknown'.
      request.log.warn({ err: error }, 'metrics: could not read the queues from the database')
      outbox.set(Number.NaN)
      refundQueue.set(Number.NaN)
    }
    const text = await Registry.merge([processMetrics(), registry]).metrics()
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text)
  })
}

interface PoolCounts {
  waitingCount: number
  totalCount: number
  idleCount: number
}
