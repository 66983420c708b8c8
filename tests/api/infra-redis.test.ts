import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { openRedis, type RateLimits } from '../../server/http/rate-limit.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// REDIS_URL set and Redis away (down, restarting, unreachable): pages, assets and reads answer as
// ever; the limits keep counting in this instance's memory, and the log says so once.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Nothing listens on port 1: every connection is refused at once. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:1'

const limits = (max: number): RateLimits => ({
  address: { max, timeWindow: '1 minute' },
  email: { max: 1000, timeWindow: '1 minute' },
  nameSpace: `test-${randomBytes(6).toString('hex')}-`,
})

interface LogLine {
  level: number
  msg: string
}

/** A logger that keeps what it is told, as the production logger would print it. */
function logCapture() {
  const lines: LogLine[] = []
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    about: (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg)),
  }
}

const book = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/bookings/rsvp',
    payload: {},
    remoteAddress: '203.0.113.9',
  })

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((done) => setTimeout(done, 20))
  }
}

let testDb: TestDb
let webRoot: string
beforeAll(async () => {
  testDb = await openTestDb('pglite')
  webRoot = mkdtempSync(join(tmpdir(), 'infra-redis-web-'))
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  )
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")\n')
})
afterAll(async () => {
  await testDb?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

describe('REDIS_URL set and Redis unreachable', () => {
  let redis: Redis
  let app: FastifyInstance
  let log: ReturnType<typeof logCapture>
  beforeAll(async () => {
    log = logCapture()
    redis = openRedis(CLOSED_PORT_URL)
    app = await buildApp({
      db: testDb.db,
      webRoot,
      redis,
      logger: log.logger,
      rateLimit: limits(3),
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    redis?.disconnect()
  })

  it('answers pages, assets and reads with 200', async () => {
    for (const url of ['/api/events', '/', '/menu', '/assets/app-abc123.js']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
    }
  })

  it('keeps limiting in memory: the 4th booking of an address past a limit of 3 is refused, at once', async () => {
    const started = performance.now()
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await book(app)).statusCode)
    const ms = performance.now() - started
    console.log(
      `Redis unreachable: 4 limited calls answered ${codes.join(', ')} in ${Math.round(ms)} ms`,
    )
    expect(codes).toEqual([400, 400, 400, 429])
    expect(ms).toBeLessThan(2000)
  })

  it('says so once in the log, however many requests and reconnection attempts follow', async () => {
    for (let i = 0; i < 5; i++) await book(app)
    // ioredis retries in the background (50 ms, 100 ms, ...): let it fail a few more times.
    await new Promise((done) => setTimeout(done, 400))
    const said = log.about(/redis/i)
    expect(said).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/memory/) }),
    ])
  })
})

/** A TCP relay to the real Redis that can be cut and restored, as an outage would. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const open = () =>
    new Promise<void>((done) => {
      server = createServer((client) => {
        const upstream = createConnection({
          host: target.hostname,
          port: Number(target.port || 6379),
        })
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        if (address && typeof address === 'object') port = address.port
        done()
      })
    })
  const cut = () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy()
      server ? server.close(() => done()) : done()
      server = null
    })
  await open()
  return { url: () => `redis://127.0.0.1:${port}`, cut, restore: open }
}

describe('Redis going away and coming back', () => {
  it('counts in memory while away, says it is back, and shares the count again', async () => {
    const probe = openRedis(REDIS_URL)
    const up = await probe
      .connect()
      .then(() => probe.ping())
      .then((answer) => answer === 'PONG')
      .catch(() => false)
    probe.disconnect()
    if (!up) {
      console.log(`skipped: nothing answered at ${REDIS_URL}`)
      return
    }
    const relay = await relayTo(new URL(REDIS_URL))
    const log = logCapture()
    const redis = openRedis(relay.url())
    const app = await buildApp({ db: testDb.db, redis, logger: log.logger, rateLimit: limits(3) })
    try {
      await waitFor(() => redis.status === 'ready')
      expect((await book(app)).statusCode).toBe(400)

      await relay.cut()
      await waitFor(() => log.about(/memory/).length === 1)
      // Counted in memory: a fresh budget of 3 here, then refused.
      const away = []
      for (let i = 0; i < 4; i++) away.push((await book(app)).statusCode)
      expect(away).toEqual([400, 400, 400, 429])

      await relay.restore()
      await waitFor(() => log.about(/^Redis is back/).length === 1, 10_000)
      // Shared again: Redis still holds the one booking counted before the outage.
      const back = []
      for (let i = 0; i < 3; i++) back.push((await book(app)).statusCode)
      expect(back).toEqual([400, 400, 429])
      expect(log.about(/redis/i).map((line) => line.level)).toEqual([40, 30])
    } finally {
      await app.close()
      redis.disconnect()
      await relay.cut()
    }
  }, 30_000)
})
