import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { buildApp } from '../../server/app.ts'
import { type Db, postgresDb } from '../../server/db/client.ts'
import { events } from '../../server/db/schema.ts'
import { seedDemoData } from '../../server/db/seed.ts'
import { LISTENER_NAME } from '../../server/http/cache/changes.ts'
import { NOW } from '../support/api-app.ts'
import { poetry, UNLIMITED } from '../support/bookings.ts'
import { openTestDb, postgresAvailable, type TestDb } from '../support/test-db.ts'

type Event = components['schemas']['Event']

// Two instances on one PostgreSQL database, each with its own pool and its own cache: what one
// writes, the other shows on the very next request.

describe.skipIf(!postgresAvailable())('two instances on one PostgreSQL database', () => {
  let testDb: TestDb
  let otherPool: pg.Pool
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    testDb = (await openTestDb('postgres')) as TestDb
    await seedDemoData(testDb.db, NOW)
    const { options } = (testDb.db as unknown as { $client: pg.Pool }).$client
    otherPool = new pg.Pool({ connectionString: options.connectionString, max: 4 })
    otherPool.on('error', () => {})
    const start = async (db: Db) => {
      const app = await buildApp({ db, now: () => NOW, rateLimit: UNLIMITED, visitorShare: 1 })
      await app.ready()
      return app
    }
    a = await start(testDb.db)
    b = await start(await postgresDb(otherPool))
  })

  afterAll(async () => {
    await a?.close()
    await b?.close()
    await otherPool?.end()
    await testDb?.close()
  })

  const rsvpOn = async (app: FastifyInstance, id: string) =>
    ((await app.inject({ url: '/api/events' })).json().data as Event[]).find((e) => e.ID === id)
      ?.RSVP
  const listeners = async () =>
    (
      await testDb.db.execute<{ pid: number }>(
        sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
      )
    ).rows

  it('turns RSVP false on the other instance at once when one books the last place', async () => {
    await testDb.db.update(events).set({ capacity: 1 }).where(eq(events.id, 'poetry-and-palm-wine'))
    // Both have the calendar cached.
    expect(await rsvpOn(a, 'poetry-and-palm-wine')).toBe(true)
    expect(await rsvpOn(b, 'poetry-and-palm-wine')).toBe(true)

    const booked = await a.inject({
      method: 'POST',
      url: '/api/bookings/rsvp',
      payload: poetry({ Email: 'instance.a@example.com' }),
    })
    expect(booked.statusCode).toBe(201)

    expect(await rsvpOn(b, 'poetry-and-palm-wine')).toBe(false)
    // Same answer, same tag, whichever instance a browser reaches.
    const [fromA, fromB] = await Promise.all([
      a.inject({ url: '/api/events' }),
      b.inject({ url: '/api/events' }),
    ])
    expect(fromB.headers.etag).toBe(fromA.headers.etag)
    const revalidated = await b.inject({
      url: '/api/events',
      headers: { 'if-none-match': String(fromA.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('books against the event as it is now, whichever instance changed it', async () => {
    const poetryRow = eq(events.id, 'poetry-and-palm-wine')
    const book = (app: FastifyInstance, who: string) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        payload: poetry({ Email: `${who}@example.com` }),
      })
    const taken = async () =>
      Number(
        (
          await testDb.db.execute<{ n: number }>(
            sql`SELECT count(*) AS n FROM bookings WHERE event_id = 'poetry-and-palm-wine' AND status <> 'cancelled'`,
          )
        ).rows[0]?.n,
      )
    await testDb.db
      .update(events)
      .set({ capacity: (await taken()) + 5 })
      .where(poetryRow)
    // B books, so it holds the event as it was read for that booking.
    expect((await book(b, 'adaeze.okonkwo-briggs')).statusCode).toBe(201)

    // Staff take the places away in SQL: B's next booking finds them gone, not five left.
    await testDb.db
      .update(events)
      .set({ capacity: await taken() })
      .where(poetryRow)
    const refused = await book(b, 'chukwuemeka.adebayo-williams')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Sold out')

    // Instance A makes it a members' night with room again: B refuses a guest at once.
    await testDb.db
      .update(events)
      .set({ capacity: (await taken()) + 5, membersOnly: true })
      .where(poetryRow)
    const guest = await book(b, 'oluwaseun.fashola')
    expect(guest.statusCode).toBe(403)
    expect(guest.json().message).toBe('This event is for active members only.')
    await testDb.db.update(events).set({ membersOnly: false }).where(poetryRow)
    expect((await book(b, 'oluwaseun.fashola')).statusCode).toBe(201)
  })

  it('reconnects its LISTEN connection after it drops, answering fresh within a second meanwhile', async () => {
    expect(await listeners()).toHaveLength(2)
    await testDb.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
    )
    await testDb.db.update(events).set({ rsvpOpen: false }).where(eq(events.id, 'supper-club'))
    // Unheard, an answer lives a second at most.
    await expect.poll(() => rsvpOn(b, 'supper-club'), { timeout: 2500, interval: 100 }).toBe(false)
    await expect.poll(async () => (await listeners()).length, { timeout: 5000 }).toBe(2)
    // Heard again: the next change shows at once.
    expect(await rsvpOn(b, 'supper-club')).toBe(false)
    await testDb.db.update(events).set({ rsvpOpen: true }).where(eq(events.id, 'supper-club'))
    expect(await rsvpOn(b, 'supper-club')).toBe(true)
  })
})
