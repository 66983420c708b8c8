import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { count, sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import {
  MIGRATIONS_FOLDER,
  migrate,
  type OpenDatabase,
  openDatabase,
} from '../../server/db/client.ts'
import { events } from '../../server/db/schema.ts'
import { seedDemoData } from '../../server/db/seed.ts'
import { NOW } from '../support/api-app.ts'

// Several instances start together on one fresh PostgreSQL database (a deploy behind a load
// balancer): the migrations run once, under a lock, and the demo data is seeded once.

const template = inject('postgresTemplate')
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'))
const MIGRATIONS = (journal.entries as unknown[]).length

/** An empty database on the test server (named with the run's prefix, so teardown drops it). */
async function withFreshDatabase(run: (url: string) => Promise<void>): Promise<void> {
  if (!template) throw new Error('no PostgreSQL server')
  const name = `${template.prefix}fresh_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: template.adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
    const url = new URL(template.adminUrl)
    url.pathname = `/${name}`
    try {
      await run(url.toString())
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}

/** Two instances: each its own pool on the same database. */
async function twoInstances(url: string, run: (a: OpenDatabase, b: OpenDatabase) => Promise<void>) {
  const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })])
  try {
    await run(a, b)
  } finally {
    await Promise.all([a.close(), b.close()])
  }
}

const recorded = async ({ db }: OpenDatabase) => {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  )
  return rows[0]?.n
}

describe.skipIf(!template)(
  template
    ? 'two instances starting together on a fresh PostgreSQL database'
    : 'two instances starting together (skipped: no PostgreSQL server answered)',
  () => {
    it('migrate at once, 8 rounds: no error, one set of migrations recorded', async () => {
      const failures: string[] = []
      for (let round = 0; round < 8; round++) {
        await withFreshDatabase((url) =>
          twoInstances(url, async (a, b) => {
            const results = await Promise.allSettled([migrate(a.db), migrate(b.db)])
            for (const result of results)
              if (result.status === 'rejected')
                failures.push(`round ${round}: ${(result.reason as Error).message}`)
            expect(await recorded(a), `round ${round}`).toBe(MIGRATIONS)
          }),
        )
      }
      console.log(`migrations: 8 rounds of two instances at once, ${failures.length} failed`)
      expect(failures).toEqual([])
    }, 120_000)

    it('a later start finds the migrations applied and records nothing more', async () => {
      await withFreshDatabase((url) =>
        twoInstances(url, async (a, b) => {
          await migrate(a.db)
          await migrate(b.db)
          expect(await recorded(b)).toBe(MIGRATIONS)
        }),
      )
    })

    it('seed at once: one instance fills the database, the other finds it filled', async () => {
      await withFreshDatabase((url) =>
        twoInstances(url, async (a, b) => {
          await Promise.all([migrate(a.db), migrate(b.db)])
          const filled = await Promise.all([seedDemoData(a.db, NOW), seedDemoData(b.db, NOW)])
          expect(filled.sort()).toEqual([false, true])
          const [once] = await a.db.select({ n: count() }).from(events)
          // The same count as one instance alone seeds.
          await withFreshDatabase((single) =>
            twoInstances(single, async (c) => {
              await migrate(c.db)
              await seedDemoData(c.db, NOW)
              const [alone] = await c.db.select({ n: count() }).from(events)
              expect(once?.n).toBe(alone?.n)
            }),
          )
        }),
      )
    })
  },
)
