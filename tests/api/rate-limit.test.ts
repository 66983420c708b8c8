import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import type { RateLimits } from '../../server/rate-limit.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// Rate limits guard only the calls where abuse costs something (payment initiation, bookings,
// wallet debits), per address and per e-mail. Reads and pages are never limited: many people in
// Lagos share one public address behind their carrier's NAT.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
  })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

const redisUp = await redisAnswers()
const limits = (address: number, email: number): RateLimits => ({
  address: { max: address, timeWindow: '1 minute' },
  email: { max: email, timeWindow: '1 minute' },
  nameSpace: `test-${randomBytes(6).toString('hex')}-`,
})

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb('pglite')
})
afterAll(() => testDb?.close())

const NAT = '203.0.113.7'

/** A booking attempt; the body need not be valid: refused ones count too. */
const book = (app: FastifyInstance, body: object = {}, remoteAddress = NAT) =>
  app.inject({ method: 'POST', url: '/api/bookings/rsvp', payload: body, remoteAddress })

const tooMany = {
  status: 'error',
  message: expect.stringMatching(
    /^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/,
  ),
}

describe('rate limits', () => {
  it('refuses an address past its limit with 429 and the error shape; other addresses go on', async () => {
    const app = await buildApp({ db: testDb.db, rateLimit: limits(3, 100) })
    for (let i = 0; i < 3; i++) expect((await book(app)).statusCode).toBe(400)
    const refused = await book(app)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual(tooMany)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await book(app, {}, '198.51.100.99')).statusCode).toBe(400)
    await app.close()
  })

  it('counts booking, payment and wallet calls together per address', async () => {
    const app = await buildApp({ db: testDb.db, rateLimit: limits(3, 100) })
    const calls = [
      () => book(app),
      () =>
        app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          payload: {},
          remoteAddress: NAT,
        }),
      () =>
        app.inject({
          method: 'POST',
          url: `/api/wallets/debit/${'00000000-0000-4000-8000-000000000000'}`,
          payload: {},
          remoteAddress: NAT,
        }),
    ]
    const first = await Promise.all(calls.map((call) => call()))
    expect(first.map((r) => r.statusCode)).not.toContain(429)
    for (const call of calls) expect((await call()).statusCode).toBe(429)
    await app.close()
  })

  it('refuses an e-mail past its limit from any address, however it is written', async () => {
    const app = await buildApp({ db: testDb.db, rateLimit: limits(100, 2) })
    const attempt = (Email: string, i: number) => book(app, { Email }, `198.51.100.${i}`)
    expect((await attempt('spam@example.com', 1)).statusCode).toBe(400)
    expect((await attempt('Spam@Example.com', 2)).statusCode).toBe(400)
    const refused = await attempt('spam@example.com', 3)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual(tooMany)
    // Someone else behind the same addresses is not held back by it.
    expect((await attempt('someone@example.com', 3)).statusCode).toBe(400)
    // The e-mail of a payment initiation counts too.
    const payment = await app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      payload: { email: 'spam@example.com' },
      remoteAddress: '198.51.100.4',
    })
    expect(payment.statusCode).toBe(429)
    await app.close()
  })

  it('never limits pages, assets and public reads: 400 GETs of / and of /api/events from one address all answer 200', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'rate-limit-web-'))
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    )
    writeFileSync(join(webRoot, 'robots.txt'), 'User-agent: *\n')
    const app = await buildApp({ db: testDb.db, webRoot, rateLimit: limits(3, 3) })
    try {
      const codes = new Map<string, number[]>()
      for (let round = 0; round < 40; round++) {
        const urls = [...Array(10).fill('/api/events'), ...Array(10).fill('/')]
        const batch = [...urls, '/robots.txt', '/api/schedules'].map((url: string) =>
          app.inject({ url, remoteAddress: NAT }).then((r) => [url, r.statusCode] as const),
        )
        for (const [url, code] of await Promise.all(batch))
          codes.set(url, [...(codes.get(url) ?? []), code])
      }
      expect([...codes].map(([url, list]) => [url, list.length])).toEqual([
        ['/api/events', 400],
        ['/', 400],
        ['/robots.txt', 40],
        ['/api/schedules', 40],
      ])
      for (const [url, list] of codes) expect(new Set(list), url).toEqual(new Set([200]))
    } finally {
      await app.close()
      rmSync(webRoot, { recursive: true, force: true })
    }
  })

  describe.skipIf(!redisUp)(
    redisUp ? 'with Redis' : `with Redis (skipped: nothing answered at ${REDIS_URL})`,
    () => {
      let redis: Redis
      beforeAll(async () => {
        redis = new Redis(REDIS_URL)
        // The limits count in memory until their client is ready; a ping answers once it is.
        await redis.ping()
      })
      afterAll(() => redis?.quit())

      it('counts the bookings of one address across two instances together', async () => {
        const shared = limits(3, 100)
        const first = await buildApp({ db: testDb.db, redis, rateLimit: shared })
        const second = await buildApp({ db: testDb.db, redis, rateLimit: shared })
        const answers = [
          await book(first),
          await book(second),
          await book(first),
          await book(second),
        ].map((r) => r.statusCode)
        expect(answers).toEqual([400, 400, 400, 429])
        await Promise.all([first.close(), second.close()])
      })
    },
  )
})
