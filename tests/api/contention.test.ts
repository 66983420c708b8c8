import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { isContention, retriedTransaction, type Tx } from '../../server/db/client.ts'
import { openTestDb, postgresAvailable, type TestDb } from '../support/test-db.ts'

// Two transactions that lock the same rows in opposite orders (a cancellation and the waitlist's
// sweeper; a booking taking an offer as the offer ends): PostgreSQL gives one of them up (a
// deadlock, 40P01). The work runs again and both end written once; where a request still meets
// it, the caller reads 'briefly unavailable' (503, which the app's writes send again), not a 500.

/** Adds one to row `first`, waits until the other transaction has its first row, then `second`. */
const crossing = (
  first: number,
  second: number,
  bothHoldOne: Promise<unknown>,
  held: () => void,
  attempts: { count: number },
) =>
  async function work(tx: Tx) {
    attempts.count++
    await tx.execute(sql`UPDATE probe SET n = n + 1 WHERE id = ${first}`)
    held()
    await bothHoldOne
    await tx.execute(sql`UPDATE probe SET n = n + 1 WHERE id = ${second}`)
  }

/** Two crossing transactions at once, run by `run`; what each ended with, and the attempts. */
async function cross(run: (work: (tx: Tx) => Promise<void>) => Promise<void>) {
  let holders = 0
  let release!: () => void
  const bothHoldOne = new Promise<void>((resolve) => {
    release = resolve
  })
  const held = () => {
    holders++
    if (holders === 2) release()
  }
  const attempts = { count: 0 }
  const outcomes = await Promise.allSettled([
    run(crossing(1, 2, bothHoldOne, held, attempts)),
    run(crossing(2, 1, bothHoldOne, held, attempts)),
  ])
  return { outcomes, attempts: attempts.count }
}

describe.skipIf(!postgresAvailable())(
  'transactions that lock the same rows crosswise, on PostgreSQL',
  () => {
    let testDb: TestDb
    beforeAll(async () => {
      testDb = (await openTestDb('postgres')) as TestDb
      await testDb.db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, n int NOT NULL)`)
    })
    afterAll(async () => {
      await testDb?.close()
    })
    const counts = async () =>
      (await testDb.db.execute<{ id: number; n: number }>(sql`SELECT id, n FROM probe ORDER BY id`))
        .rows

    it('deadlock: PostgreSQL gives one up (40P01) and nothing of it is written', async () => {
      await testDb.db.execute(sql`DELETE FROM probe`)
      await testDb.db.execute(sql`INSERT INTO probe (id, n) VALUES (1, 0), (2, 0)`)
      const { outcomes } = await cross((work) => testDb.db.transaction(work))
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected')
      expect(failed).toHaveLength(1)
      expect(isContention((failed[0] as PromiseRejectedResult).reason)).toBe(true)
      expect(await counts()).toEqual([
        { id: 1, n: 1 },
        { id: 2, n: 1 },
      ])
    })

    it('run again (retriedTransaction): both end written, each once', async () => {
      await testDb.db.execute(sql`DELETE FROM probe`)
      await testDb.db.execute(sql`INSERT INTO probe (id, n) VALUES (1, 0), (2, 0)`)
      const { outcomes, attempts } = await cross((work) => retriedTransaction(testDb.db, work))
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled'])
      expect(attempts).toBe(3)
      expect(await counts()).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ])
    })
  },
)

describe('a request the database gave up for another', () => {
  let testDb: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    testDb = (await openTestDb('pglite')) as TestDb
    app = await buildApp({ db: testDb.db })
    // As node-postgres reports a deadlock, wrapped by drizzle.
    app.post('/api/test-deadlock', async () => {
      const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' })
      throw new Error('Failed query: UPDATE bookings ...', { cause: deadlock })
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.close()
  })

  it('answers 503 with a sentence for people, which the app takes as "send it again"', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-deadlock' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      status: 'error',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    })
  })
})
