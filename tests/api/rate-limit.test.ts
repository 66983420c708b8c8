import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// Several instances behind a load balancer share one PostgreSQL and, for rate limits, one Redis.
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
const limit = {
  max: 3,
  timeWindow: '1 minute',
  nameSpace: `test-${randomBytes(6).toString('hex')}-`,
}

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb('pglite')
})
afterAll(() => testDb?.close())

const health = (app: FastifyInstance) =>
  app.inject({ url: '/api/health', remoteAddress: '203.0.113.7' })

describe('rate limits', () => {
  it('refuses an address past its limit with 429 and the error shape', async () => {
    const app = await buildApp({ db: testDb.db, rateLimit: limit })
    for (let i = 0; i < limit.max; i++) expect((await health(app)).statusCode).toBe(200)
    const refused = await health(app)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      status: 'error',
      message: expect.stringMatching(/^Too many requests\. Please try again in /),
    })
    await app.close()
  })

  describe.skipIf(!redisUp)(
    redisUp ? 'with Redis' : `with Redis (skipped: nothing answered at ${REDIS_URL})`,
    () => {
      let redis: Redis
      beforeAll(() => {
        redis = new Redis(REDIS_URL)
      })
      afterAll(() => redis?.quit())

      it('counts the requests of one address across two instances together', async () => {
        const first = await buildApp({ db: testDb.db, redis, rateLimit: limit })
        const second = await buildApp({ db: testDb.db, redis, rateLimit: limit })
        const answers = [
          await health(first),
          await health(second),
          await health(first),
          await health(second),
        ].map((r) => r.statusCode)
        expect(answers).toEqual([200, 200, 200, 429])
        await Promise.all([first.close(), second.close()])
      })
    },
  )
})
