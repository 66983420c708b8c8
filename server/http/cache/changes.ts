import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import type { Pool } from 'pg'
import { type Db, databaseKind } from '../../db/client'
import type { PublicCache } from './store'

/**
 * The channel a trigger notifies on commit of any write to events, spaces or bookings (migration
 * 0002), whoever wrote it: this instance, another one, or staff in a SQL tool. A booking written
 * by takePlace's one statement notifies only when it fills its place (migration 0006): one that
 * leaves room changes no public answer.
 */
const CHANGES_CHANNEL = 'public_data_changed'

/** The LISTEN connections' application_name, so an operator can tell them apart. */
export const LISTENER_NAME = 'public-cache-listener'

/** How long to wait before opening the LISTEN connection again after it dropped. */
const RECONNECT_MS = 1000
/** How long opening the LISTEN connection may take (unless the pool's options say). */
const CONNECT_TIMEOUT_MS = 5000
/** How long a mark may take to come back before its connection is taken for broken. */
const MARK_TIMEOUT_MS = 2000

export interface ChangeFeed {
  close(): Promise<void>
}

/**
 * Drops the cache's answers whenever public data changes. PGlite runs in this process only: its
 * own LISTEN hears every commit before the writer's call returns. On PostgreSQL a dedicated
 * connection LISTENs; while it is down the cache keeps answers a second at most, and when it is
 * back everything is dropped (notices sent meanwhile are lost). Before each read on PostgreSQL
 * the cache catches up with the notices of every commit so far, so a read after a write, here
 * or on another instance, never gets the answer from before it.
 */
export async function followChanges(
  db: Db,
  cache: PublicCache,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ChangeFeed> {
  const client = (db as unknown as { $client: PGlite | Pool }).$client
  if ((await databaseKind(db)) === 'pglite') {
    const unlisten = await (client as PGlite).listen(CHANGES_CHANNEL, () => cache.invalidate())
    return { close: unlisten }
  }
  return listenOnPostgres(client as Pool, cache, log)
}

async function listenOnPostgres(
  pool: Pool,
  cache: PublicCache,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ChangeFeed> {
  const { default: pg } = await import('pg')
  type Client = InstanceType<typeof pg.Client>
  // This instance's own channel for catching up (see below): no other instance hears it.
  const marks = `${CHANGES_CHANNEL}_${randomBytes(6).toString('hex')}`
  let current: Client | null = null
  /** The current connection once it LISTENs on both channels: marks go nowhere else. */
  let listening: Client | null = null
  let retry: NodeJS.Timeout | null = null
  let closed = false
  let lastMark = 0
  const waiting = new Map<number, () => void>()
  let inFlight: Promise<void> | null = null
  let next: Promise<void> | null = null

  const heardMark = (mark: number) => {
    for (const [waitingMark, done] of waiting) if (waitingMark <= mark) done()
  }

  const lost = (client: Client, error?: Error) => {
    if (client !== current) return
    current = null
    listening = null
    cache.setHearing(false)
    // Whoever waits to catch up reads under the short TTL meanwhile.
    heardMark(Number.POSITIVE_INFINITY)
    if (error) log.warn(`Public cache: lost its LISTEN connection (${error.message}); retrying.`)
    client.end().catch(() => {})
    if (!closed) retry ??= setTimeout(connect, RECONNECT_MS)
  }

  async function connect(): Promise<void> {
    retry = null
    // Keepalive and a connect timeout: a connection to a vanished server must fail, not hang.
    const client = new pg.Client({
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...pool.options,
      application_name: LISTENER_NAME,
      keepAlive: true,
    })
    current = client
    client.on('error', (error) => lost(client, error))
    client.on('end', () => lost(client, new Error('connection ended')))
    client.on('notification', ({ channel, payload }) => {
      if (channel === marks) heardMark(Number(payload))
      else cache.invalidate()
    })
    try {
      await client.connect()
      // A mark changes no data: its commit need not wait for the disk.
      await client.query('SET synchronous_commit TO off')
      await client.query(`LISTEN ${CHANGES_CHANNEL}`)
      await client.query(`LISTEN ${marks}`)
      if (current === client) {
        listening = client
        cache.setHearing(true)
      }
    } catch (error) {
      lost(client, error as Error)
    }
  }

  /**
   * Notices arrive in commit order on the LISTEN connection. A mark notified on it now comes
   * back after the notice of every change committed before: once it is heard, so are they.
   * Never waits more than MARK_TIMEOUT_MS: a mark not back by then means a connection that no
   * longer delivers, so another is opened and the cache reads under its short TTL meanwhile.
   */
  const sendMark = (): Promise<void> => {
    const client = listening
    if (!client) return Promise.resolve()
    lastMark += 1
    const mark = lastMark
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(overdue)
        waiting.delete(mark)
        resolve()
      }
      const overdue = setTimeout(() => {
        lost(client, new Error('a mark was not heard in time'))
        done()
      }, MARK_TIMEOUT_MS)
      waiting.set(mark, done)
      client.query('SELECT pg_notify($1, $2)', [marks, String(mark)]).catch((error: Error) => {
        lost(client, error)
        done()
      })
    })
  }

  // One mark on the way at a time; callers arriving meanwhile share the one sent after it (a mark
  // sent before a caller arrived proves nothing about changes committed before that caller).
  const catchUp = (): Promise<void> => {
    if (!listening) return Promise.resolve()
    if (next) return next
    if (!inFlight) {
      inFlight = sendMark().finally(() => {
        inFlight = null
      })
      return inFlight
    }
    next = inFlight.then(() => {
      next = null
      inFlight = sendMark().finally(() => {
        inFlight = null
      })
      return inFlight
    })
    return next
  }

  cache.setHearing(false)
  cache.catchUpWith(catchUp)
  await connect()
  return {
    async close() {
      closed = true
      cache.catchUpWith(null)
      if (retry) clearTimeout(retry)
      const client = current
      current = null
      listening = null
      heardMark(Number.POSITIVE_INFINITY)
      await client?.end().catch(() => {})
    },
  }
}
