import { and, asc, eq, lte, notInArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, databaseKind, type Tx } from '../db/client'
import { queueDrainer } from '../db/queue-drainer'
import { payments, refunds } from '../db/schema'
import type { Metrics } from '../http/metrics'
import type { PaymentProvider } from './provider'

// Money going back leaves through a durable queue (docs/decisions/017), as mail does through the
// outbox (006): a refund is a row written in the transaction that decides it, and this worker
// sends it to the provider, retrying with back-off until the provider has it. It runs in every
// server instance, whatever the provider.

/** How often the worker looks for refunds whose next try has come. */
const POLL_MS = 30_000
/** The longest wait between two tries of one refund. */
const MAX_DELAY_MS = 60 * 60_000
/** Refunds tried per flush at most; the rest wait for the next one. */
const MAX_PER_FLUSH = 100
/** From this many failed tries on, each failure is logged as an error for staff to look at. */
const ALARM_AFTER = 5

/** The wait after a refund's n-th failed try: 30 s, 1 min, 2 min, 4 min ... at most an hour. */
export function retryDelayMs(failedTries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedTries - 1), MAX_DELAY_MS)
}

export interface RefundOrder {
  paymentId: string
  amountMinor: number
  at: Date
  /** A refund staff decided: why (the payer is told), and the staff member's name. */
  reason?: string
  requestedBy?: string
}

/**
 * Queues the refund of a payment in the caller's transaction (the one that decided it), due at
 * once. One refund per payment: a second call for the same payment changes nothing.
 */
export async function queueRefund(
  tx: Db | Tx,
  { paymentId, amountMinor, at, reason, requestedBy }: RefundOrder,
): Promise<void> {
  // Nothing was taken, nothing to give back (the table refuses a refund of 0).
  if (amountMinor <= 0) return
  await tx
    .insert(refunds)
    .values({ paymentId, amountMinor, nextAttemptAt: at, createdAt: at, reason, requestedBy })
    .onConflictDoNothing({ target: refunds.paymentId })
}

export interface RefundWorker {
  /**
   * The settling transaction that queued this payment's refund has committed: try it now, once
   * (never throws; a refusal leaves it in the queue for its back-off).
   */
  sendNow(paymentId: string): Promise<void>
  /** Something may be due: flush soon, outside the caller's transaction. */
  kick(): void
  /** Tries every refund whose time has come; resolves with how many the provider took. */
  flush(): Promise<number>
  /** Stops: a refund being sent is finished and marked, the rest stay queued for the next start. */
  close(): Promise<void>
}

export interface RefundWorkerOptions {
  provider: PaymentProvider
  /** The clock that decides when a refund is due (tests move it instead of waiting). */
  now: () => Date
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>
  metrics?: Pick<Metrics, 'refund'>
}

interface Due {
  id: number
  paymentId: string
  amountMinor: number
  attempts: number
  reference: string
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * Starts the refund worker of this instance: `sendNow` tries a refund right after the commit that
 * queued it, `kick` (on start) and a look every 30 s try whatever is due.
 *
 * PostgreSQL: each refund is claimed with FOR UPDATE SKIP LOCKED in a transaction of its own that
 * lasts the provider call, so two instances never send one refund at once. PGlite runs in one
 * process and holds its one connection for a whole transaction, so there the row is read, sent
 * and marked without a transaction; refunds in flight in this process are never picked twice.
 * A process that dies after the provider took a refund but before it was marked sends it again
 * after the restart: the providers answer that a refunded payment is refunded, which counts as
 * sent, so the money leaves once.
 */
export function startRefundWorker(
  db: Db,
  { provider, now, log, metrics }: RefundWorkerOptions,
): RefundWorker {
  const inFlight = new Set<number>()
  const kind = databaseKind(db)

  const selectDue = (executor: Db | Tx, only: string | null) =>
    executor
      .select({
        id: refunds.id,
        paymentId: refunds.paymentId,
        amountMinor: refunds.amountMinor,
        attempts: refunds.attempts,
        reference: payments.reference,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          eq(refunds.status, 'pending'),
          lte(refunds.nextAttemptAt, now()),
          // A payment taken by another provider than this server's is not ours to send.
          eq(payments.provider, provider.name),
          only === null ? undefined : eq(refunds.paymentId, only),
          inFlight.size === 0 ? undefined : notInArray(refunds.id, [...inFlight]),
        ),
      )
      .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
      .limit(1)

  /** Sends one claimed refund and writes what came of it; true when the provider has it. */
  async function sendAndMark(executor: Db | Tx, due: Due): Promise<boolean> {
    let answer: Awaited<ReturnType<PaymentProvider['refund']>> | null = null
    let failure: unknown = null
    try {
      answer = await provider.refund(due.reference, due.amountMinor)
    } catch (error) {
      failure = error
    }
    const at = now()
    const tries = due.attempts + 1
    metrics?.refund(answer ? 'sent' : 'refused')
    if (answer) {
      await executor
        .update(refunds)
        .set({ status: 'sent', sentAt: at, attempts: tries, lastError: null })
        .where(and(eq(refunds.id, due.id), eq(refunds.status, 'pending')))
      if (answer === 'already-refunded') {
        log?.info(
          { reference: due.reference, attempts: tries },
          'refunds: the provider had this refund already; marked sent',
        )
      }
      return true
    }
    const delay = retryDelayMs(tries)
    const nextAttemptAt = new Date(at.getTime() + delay)
    await executor
      .update(refunds)
      .set({ attempts: tries, nextAttemptAt, lastError: messageOf(failure) })
      .where(and(eq(refunds.id, due.id), eq(refunds.status, 'pending')))
    const facts = {
      err: failure,
      reference: due.reference,
      amountMinor: due.amountMinor,
      attempts: tries,
      nextAttemptAt: nextAttemptAt.toISOString(),
    }
    if (tries >= ALARM_AFTER) {
      log?.error(facts, 'refunds: the provider keeps refusing this refund; check its dashboard')
    } else {
      log?.warn(facts, 'refunds: the provider refused the refund; will retry')
    }
    return false
  }

  /**
   * Claims one due refund (of this payment only, when given), sends it and marks it; null when
   * none is due (or all due ones are taken by another instance or another round).
   */
  async function sendOne(only: string | null): Promise<boolean | null> {
    if ((await kind) === 'pglite') {
      const [due] = await selectDue(db, only)
      if (!due || inFlight.has(due.id)) return null
      inFlight.add(due.id)
      try {
        return await sendAndMark(db, due)
      } finally {
        inFlight.delete(due.id)
      }
    }
    return db.transaction(async (tx) => {
      const [due] = await selectDue(tx, only).for('update', { of: refunds, skipLocked: true })
      if (!due || inFlight.has(due.id)) return null
      inFlight.add(due.id)
      try {
        return await sendAndMark(tx, due)
      } finally {
        inFlight.delete(due.id)
      }
    })
  }

  const drainer = queueDrainer({
    everyMs: POLL_MS,
    // Each refund tried is marked sent or pushed back by its back-off, so a round ends. Once
    // closing, the one in hand is finished and the rest stay queued for the next start.
    async round(closed) {
      let sent = 0
      for (let tried = 0; tried < MAX_PER_FLUSH && !closed(); tried++) {
        const outcome = await sendOne(null)
        if (outcome === null) break
        if (outcome) sent += 1
      }
      return sent
    },
    onError: (error) => log?.error({ err: error }, 'refunds: could not read the queue; will retry'),
  })
  return {
    async sendNow(paymentId) {
      if (drainer.isClosed()) return
      try {
        await sendOne(paymentId)
      } catch (error) {
        // Still queued: the next flush tries it.
        log?.error({ err: error, paymentId }, 'refunds: could not send at once; queued')
      }
    },
    kick: drainer.kick,
    flush: drainer.flush,
    close: drainer.close,
  }
}
