import { randomBytes } from 'node:crypto'
import { addDays } from 'date-fns'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { type AppOptions, buildApp } from '../../server/app.ts'
import type { Db, DbKind } from '../../server/db/client.ts'
import { accounts, sessions } from '../../server/db/schema.ts'
import { seedDemoData } from '../../server/db/seed.ts'
import { hashToken } from '../../server/http/auth.ts'
import { openTestDb, postgresAvailable } from './test-db.ts'

// The shape of an API test file: one database per file (cloned from the migrated template in
// `beforeAll`), the demo data seeded on a pinned clock, one app, `app.inject` for the calls.
//
//   describe.each(dbCases())('%s', (_name, kind, skip) => {
//     describe.skipIf(skip)('GET /api/events', () => {
//       let api: TestApi
//       beforeAll(async () => { api = await startApi(kind) })
//       afterAll(() => api?.close())
//       it('...', async () => { const response = await api.app.inject({ url: '/api/events' }) })
//     })
//   })

/** The pinned clock of API tests: Tuesday 24 November 2026, 11:00 in Lagos. */
export const NOW = new Date('2026-11-24T10:00:00Z')
/** NOW's day on the Lagos calendar. */
export const TODAY = '2026-11-24'

/** The origin of app.inject's requests, and so the tests' PUBLIC_URL unless one sets another. */
export const INJECT_ORIGIN = 'http://localhost'

/** A database kind to run a suite on: its name (a skipped one says why), kind, and skip. */
export type DbCase = [name: string, kind: DbKind, skip: boolean]

/**
 * The database an API suite runs on: PostgreSQL, the engine of production and the one with real
 * concurrency, when a server answered at the start; PGlite when none did. The engines' own
 * differences (migrations, change notices, the two adapters) are tested on both (`bothEngines`),
 * and every browser test runs the whole app on PGlite (decision 031). Tuples, so
 * `describe.each(dbCases())('%s', ...)` prints the whole name (`$name` truncates it).
 */
export function dbCases(): DbCase[] {
  return postgresAvailable()
    ? [['on PostgreSQL', 'postgres', false]]
    : [['on PGlite (no PostgreSQL server answered when the run started)', 'pglite', false]]
}

/** Both engines, for the suites about what differs between them; PostgreSQL only if it answered. */
export function bothEngines(): DbCase[] {
  return [
    ['on PGlite', 'pglite', false],
    postgresAvailable()
      ? ['on PostgreSQL', 'postgres', false]
      : [
          'on PostgreSQL (skipped: no server answered at DATABASE_URL or 127.0.0.1:5432 when the run started)',
          'postgres',
          true,
        ],
  ]
}

export interface TestApi {
  app: FastifyInstance
  db: Db
  /** The instant the app's clock is pinned to. */
  now: Date
  /** Closes the app, then drops its database. */
  close(): Promise<void>
}

export interface StartOptions {
  /** The app's clock and the seed's; NOW unless a test needs another day. */
  now?: Date
  /** Folder of a built web app to serve; null serves the API only. */
  webRoot?: string | null
  /** Fill the database with the demo data (default); false leaves it empty. */
  seed?: boolean
  /** More for buildApp: a clock that moves (`now: () => clock`), the payment provider, ... */
  app?: Partial<Omit<AppOptions, 'db' | 'webRoot'>>
}

/** A ready app on its own database, seeded with the demo data dated from `now`. */
export async function startApi(
  kind: DbKind = 'pglite',
  { now = NOW, webRoot = null, seed = true, app: appOptions = {} }: StartOptions = {},
): Promise<TestApi> {
  const testDb = await openTestDb(kind)
  if (!testDb) throw new Error(`No ${kind} test database: no server answered when the run started.`)
  try {
    if (seed) await seedDemoData(testDb.db, now)
    const app = await buildApp({
      db: testDb.db,
      now: () => now,
      webRoot,
      // Where app.inject's requests come from (Host: localhost:80): the links and returns too.
      publicUrl: INJECT_ORIGIN,
      ...appOptions,
    })
    await app.ready()
    return {
      app,
      db: testDb.db,
      now,
      async close() {
        await app.close()
        await testDb.close()
      },
    }
  } catch (error) {
    await testDb.close()
    throw error
  }
}

/** Signs a demo account in as verifyMagicLink would: a live session row; returns its token. */
export async function signIn(
  { db, now }: Pick<TestApi, 'db' | 'now'>,
  email: string,
): Promise<string> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email))
  if (!account) throw new Error(`No account for ${email} in the test database.`)
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId: account.id, expiresAt: addDays(now, 30) })
  return token
}

/** The header a signed-in browser sends. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A token no session has (as after a logout elsewhere, or made up). */
export const madeUpToken = () => randomBytes(32).toString('base64url')

/**
 * Asserts the one error shape a caller sees: this status, a JSON body that is exactly
 * `{ status: 'error', message }`, and the message (a string, or a pattern it must match).
 */
export function expectError(
  response: LightMyRequestResponse,
  statusCode: number,
  message: string | RegExp,
  /** Where a 400 says the request broke the contract ('booking.Phone'); checked when given. */
  field?: string,
): void {
  const parsed = response.headers['content-type']?.toString().startsWith('application/json')
    ? response.json()
    : response.body
  const { field: saidField, ...body } =
    parsed && typeof parsed === 'object' ? (parsed as { field?: unknown }) : { field: undefined }
  expect({ statusCode: response.statusCode, body }).toEqual({
    statusCode,
    body: {
      status: 'error',
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    },
  })
  if (field !== undefined) expect(saidField).toBe(field)
}
