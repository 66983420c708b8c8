import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { HttpError } from './http-error'
import { type OperationPolicy, policyOfRoute } from './policy'

// Idempotency-Key on the calls that book, cancel a booking, pay, debit, top up, claim, apply,
// decide on an application, refund a payment, extend a membership or create an event, a space or
// a studio item (the IETF draft 'The Idempotency-Key HTTP Header Field', as Stripe uses it;
// docs/decisions/015). On a Lagos mobile network an answer is often lost after the server acted,
// and the app sends the same request again with the same key: the first answer is given again
// and the write is made once, whichever instance each attempt reaches (the key lives in
// PostgreSQL).

/** How long a key and its answer are kept. */
export const KEY_HOURS = 24
/** A key held this long by a first request that never answered belonged to a process that died. */
const ABANDONED_MS = 60_000
/** How long a retry waits for the first request, still at work, before it is told to come back. */
const WAIT_MS = 10_000
const POLL_MS = 50

/** Answers not kept: they depend on the moment (a session, a limit, the database), not the request. */
const NOT_KEPT = new Set([401, 408, 429])

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds, to be given its answer once it has one. */
    idempotency: { scope: string; key: string } | null
  }
}

/** The header's key: a Structured Field string ("...") as the draft writes it, or bare as Stripe's. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key']
  if (typeof header !== 'string') return null
  const key = header.trim().replace(/^"(.*)"$/, '$1')
  return key === '' ? null : key
}

/** JSON with its keys in order, so the same body hashes the same however it was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    )
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(request.body ?? null)}`)
    .digest('hex')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Row = typeof idempotencyKeys.$inferSelect

export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  now: () => Date,
  /** The contract's operations: those with the Idempotency-Key parameter keep their answers. */
  policies: Map<string, OperationPolicy>,
) {
  app.decorateRequest('idempotency', null)

  const find = async (scope: string, key: string): Promise<Row | undefined> =>
    (
      await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    )[0]

  /** Takes the key for this request; false when another request has it. */
  const take = async (scope: string, key: string, hash: string): Promise<boolean> => {
    const at = now()
    // A key past its day is forgotten: the same key starts afresh.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(at.getTime() - KEY_HOURS * 3_600_000)),
        ),
      )
    const taken = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash, createdAt: at, lockedAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    return taken.length > 0
  }

  /** A first request that died holding the key: this one takes over (one of the waiting ones). */
  const takeOver = async (row: Row): Promise<boolean> => {
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedAt: now() })
      .where(
        and(
          eq(idempotencyKeys.scope, row.scope),
          eq(idempotencyKeys.key, row.key),
          eq(idempotencyKeys.lockedAt, row.lockedAt),
          sql`${idempotencyKeys.statusCode} IS NULL`,
        ),
      )
      .returning({ key: idempotencyKeys.key })
    return taken.length > 0
  }

  const replay = (reply: FastifyReply, row: Row & { statusCode: number }) =>
    reply
      .code(row.statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(row.response))

  const checkKey = async (request: FastifyRequest, reply: FastifyReply, operationId: string) => {
    const key = keyOf(request)
    if (key === null) return
    if (key.length > 255) {
      throw new HttpError(400, 'The Idempotency-Key header is longer than 255 characters.')
    }
    const scope = `${operationId}|${request.account ? `account:${request.account.id}` : 'guest'}`
    const hash = requestHash(request)
    const started = Date.now()
    for (;;) {
      if (await take(scope, key, hash)) {
        request.idempotency = { scope, key }
        return
      }
      const row = await find(scope, key)
      if (!row) continue // forgotten between the two statements: take it again
      if (row.requestHash !== hash) {
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        )
      }
      if (row.statusCode !== null) return replay(reply, { ...row, statusCode: row.statusCode })
      if (now().getTime() - row.lockedAt.getTime() > ABANDONED_MS && (await takeOver(row))) {
        request.idempotency = { scope, key }
        return
      }
      if (Date.now() - started > WAIT_MS) {
        throw new HttpError(
          409,
          'This request is still being processed. Please wait a moment and try again.',
        )
      }
      await sleep(POLL_MS)
    }
  }

  app.addHook('onRoute', (route) => {
    const policy = policyOfRoute(policies, route)
    if (!policy?.keyed) return
    const { operationId } = policy
    const hooks = route.preHandler ?? []
    // After the session and the body's validation: a refused request holds no key.
    route.preHandler = [
      ...(Array.isArray(hooks) ? hooks : [hooks]),
      (request: FastifyRequest, reply: FastifyReply) => checkKey(request, reply, operationId),
    ] as never
  })

  // The answer is kept before it goes out, so a retry after a lost answer finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency
    if (!held) return payload
    request.idempotency = null
    const where = and(eq(idempotencyKeys.scope, held.scope), eq(idempotencyKeys.key, held.key))
    const status = reply.statusCode
    if (status >= 500 || NOT_KEPT.has(status) || typeof payload !== 'string') {
      // Nothing was written (a failed transaction rolls back): the same request may run again.
      await db.delete(idempotencyKeys).where(where)
      return payload
    }
    await db
      .update(idempotencyKeys)
      .set({ statusCode: status, response: JSON.parse(payload) as unknown })
      .where(where)
    return payload
  })
}
