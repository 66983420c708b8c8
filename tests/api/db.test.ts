import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate, openDatabase } from '../../server/db/client.ts'
import * as schema from '../../server/db/schema.ts'
import {
  DEMO_ACCOUNTS,
  DEMO_COMMUNITY_NAME,
  DEMO_DOOR,
  DEMO_STAFF,
  DEMO_WALLET_BALANCE_MINOR,
  LONG_NAMED_MEMBER,
  seedDemoData,
} from '../../server/db/seed.ts'
import { openTestDb, postgresAvailable, type TestDb } from '../support/test-db.ts'

const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort()

/** Every migration drizzle-kit has written, as its journal lists them. */
const MIGRATION_COUNT = (
  JSON.parse(
    readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length

/** The SQLSTATE of a database error, however the driver or drizzle wraps it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

async function rejection(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run()
  } catch (error) {
    return sqlState(error)
  }
  throw new Error('expected the database to refuse this')
}

async function countRows(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  )
  return Number(result.rows[0]?.n)
}

async function countAll(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) counts[table] = await countRows(db, table)
  return counts
}

function lagos(instant: Date): string {
  return instant.toLocaleString('sv-SE', { timeZone: 'Africa/Lagos' }).slice(0, 16)
}

describe.each(['pglite', 'postgres'] as const)('database on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresAvailable()

  describe.skipIf(unavailable)('schema and seed', () => {
    let testDb: TestDb
    let db: Db
    const now = new Date('2026-06-10T09:00:00Z')

    beforeAll(async () => {
      const opened = await openTestDb(kind)
      if (!opened) throw new Error(`no ${kind} test database`)
      testDb = opened
      db = opened.db
    })
    afterAll(() => testDb?.close())

    it('starts from the migrated template: every table, no rows', async () => {
      const result = await db.execute<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      )
      const names = result.rows.map((row) => row.table_name).sort()
      expect(names).toEqual(TABLES)
      expect(TABLES).toHaveLength(24)
      expect(Object.values(await countAll(db)).every((n) => n === 0)).toBe(true)
      // Migrating again is a no-op: the template already recorded the migration.
      await migrate(db)
      const applied = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )
      expect(applied.rows[0]?.n).toBe(MIGRATION_COUNT)
    })

    it('seeds the demo data once', async () => {
      expect(await seedDemoData(db, now)).toBe(true)
      const counts = await countAll(db)
      expect(counts).toMatchObject({
        events: 10,
        spaces: 5,
        accounts: 8,
        communities: 1,
        community_members: 3,
        invites: 2,
        wallets: 2,
        wallet_transactions: 3,
      })

      expect(await seedDemoData(db, now)).toBe(false)
      expect(await countAll(db)).toEqual(counts)
    })

    it('holds every state the spec shows', async () => {
      const events = await db.query.events.findMany()
      const byName = new Map(events.map((event) => [event.name, event]))
      const jazz = byName.get('Rooftop Jazz')
      expect(jazz?.posters).toEqual([{ url: '/images/posters/jazz-rooftop.svg' }])
      expect(jazz?.timeSlots).toEqual(['4pm - 8pm'])
      expect(byName.get('Poetry & Palm Wine')?.priceNaira).toBeLessThanOrEqual(0)
      expect(byName.get('Risograph Workshop')).toMatchObject({
        priceNaira: 15000,
        friendsPriceNaira: 10000,
        timeSlots: ['12pm - 4pm', '4pm - 8pm'],
      })
      expect(byName.get('Friends of 16 Brunch')?.membersOnly).toBe(true)
      expect(byName.get('Open Studio Weekend')?.posters).toHaveLength(3)
      expect(byName.get('Film Night')?.endAt.getTime()).toBeLessThan(now.getTime())
      expect(byName.get('Supper Club')?.rsvpOpen).toBe(false)
      expect(
        byName.get(
          'Photo Walk: Lagos Island, from Tinubu Square through the Brazilian Quarter to Balogun Market',
        )?.metadata,
      ).toBe('Instagram handle, Camera type')
      for (const event of events) {
        expect(event.about.length, event.name).toBeGreaterThan(80)
        expect(event.address, event.name).toMatch(/Lagos$/)
      }

      const spaceNames = (await db.query.spaces.findMany()).map((space) => space.name)
      expect(spaceNames).toEqual(
        expect.arrayContaining(['The Garden Room', 'Library. ', 'Courtyard', '8th Floor']),
      )

      const accounts = await db.query.accounts.findMany()
      const loginEmails = DEMO_ACCOUNTS.filter((person) => person.canLogIn).map((p) => p.email)
      expect(accounts.map((account) => account.email).sort()).toEqual([...loginEmails].sort())
      const kemi = accounts.find((account) => account.email === 'kemi@example.com')
      const days = ((kemi?.subscriptionExpiry?.getTime() ?? 0) - now.getTime()) / 86_400_000
      expect(Math.ceil(days)).toBe(12)
      const tunde = accounts.find((account) => account.email === 'tunde@example.com')
      // A member whose name and address are as long as many of ours.
      const oluwaseun = accounts.find((account) => account.email === LONG_NAMED_MEMBER)
      expect(`${oluwaseun?.firstName} ${oluwaseun?.lastName}`).toBe('Oluwaseun Adebayo-Williams')
      expect(oluwaseun?.subscriptionStatus).toBe('Active')
      // The front desk and the door: staff, not members; nobody else is staff.
      expect(accounts.filter((account) => account.staffRole)).toEqual([
        expect.objectContaining({
          email: DEMO_STAFF,
          firstName: 'Oluwaseun',
          lastName: 'Adebayo-Okonkwo',
          subscriptionStatus: null,
          staffRole: 'manager',
        }),
        expect.objectContaining({
          email: DEMO_DOOR,
          firstName: 'Chidiebube',
          lastName: 'Okwuosa-Adeyemi',
          subscriptionStatus: null,
          staffRole: 'door',
        }),
      ])
      // Every booking has a ticket of its own, made by the database's default (decision 041).
      const tickets = (await db.query.bookings.findMany()).map((booking) => booking.ticketCode)
      expect(tickets.every((code) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(code))).toBe(true)
      expect(new Set(tickets).size).toBe(tickets.length)
      expect(tunde?.subscriptionStatus).toBe('Inactive')
      expect(tunde?.subscriptionExpiry?.getTime()).toBeLessThan(now.getTime())

      const community = await db.query.communities.findFirst({
        where: eq(schema.communities.name, DEMO_COMMUNITY_NAME),
        with: { members: true, wallets: true },
      })
      expect(community?.numberOfMembers).toBe(4)
      expect(community?.members.map((m) => [m.email, m.status]).sort()).toEqual([
        ['bisi@example.com', 'Pending'],
        ['femi@example.com', 'Active'],
        ['zainab@example.com', 'Active'],
      ])
      expect(community?.wallets).toHaveLength(1)

      const ada = accounts.find((account) => account.email === 'ada@example.com')
      const wallet = await db.query.wallets.findFirst({
        where: eq(schema.wallets.accountId, ada?.id ?? ''),
        with: { transactions: true },
      })
      expect(wallet?.balanceMinor).toBe(DEMO_WALLET_BALANCE_MINOR)
      const ledger = (wallet?.transactions ?? []).reduce(
        (sum, tx) => sum + (tx.action === 'credit' ? tx.difference : -tx.difference),
        0,
      )
      expect(ledger).toBe(DEMO_WALLET_BALANCE_MINOR)

      const invites = await db.query.invites.findMany()
      expect(invites.map((invite) => [invite.code, invite.status]).sort()).toEqual([
        ['USED16', 'Used'],
        ['WELCOME16', 'Pending'],
      ])
    })

    it('refuses a negative wallet balance', async () => {
      const [wallet] = await db.select().from(schema.wallets).limit(1)
      expect(wallet).toBeDefined()
      const code = await rejection(() =>
        db
          .update(schema.wallets)
          .set({ balanceMinor: -1 })
          .where(eq(schema.wallets.id, wallet?.id ?? '')),
      )
      expect(code).toBe('23514')
      const [after] = await db
        .select({ balance: schema.wallets.balanceMinor })
        .from(schema.wallets)
        .where(eq(schema.wallets.id, wallet?.id ?? ''))
      expect(after?.balance).toBe(wallet?.balanceMinor)
    })

    it('refuses rows that break the other rules', async () => {
      const [community] = await db.select().from(schema.communities).limit(1)
      // An upper-case e-mail (addresses are stored lowercased).
      expect(
        await rejection(() =>
          db
            .insert(schema.accounts)
            .values({ email: 'Ada@Example.com', firstName: 'A', lastName: 'O' }),
        ),
      ).toBe('23514')
      // A wallet with two owners, and a second wallet for the same community.
      const [account] = await db.select().from(schema.accounts).limit(1)
      expect(
        await rejection(() =>
          db
            .insert(schema.wallets)
            .values({ accountId: account?.id ?? null, communityId: community?.id ?? null }),
        ),
      ).toBe('23514')
      expect(
        await rejection(() => db.insert(schema.wallets).values({ communityId: community?.id })),
      ).toBe('23505')
      // A community size the plans do not offer.
      expect(
        await rejection(() =>
          db.insert(schema.communities).values({
            name: 'Too Big',
            creatorEmail: 'x@example.com',
            numberOfMembers: 5,
          }),
        ),
      ).toBe('23514')
    })
  })

  describe.skipIf(unavailable)('Lagos days', () => {
    it('dates the demo by the Lagos calendar, not UTC', async () => {
      const opened = await openTestDb(kind)
      if (!opened) throw new Error(`no ${kind} test database`)
      try {
        // 23:30 UTC on 22 November is 00:30 on Monday 23 November in Lagos.
        const now = new Date('2026-11-22T23:30:00Z')
        expect(await seedDemoData(opened.db, now)).toBe(true)
        const event = async (id: string) => {
          const row = await opened.db.query.events.findFirst({ where: eq(schema.events.id, id) })
          if (!row) throw new Error(`no event ${id}`)
          return { start: lagos(row.startAt), end: lagos(row.endAt) }
        }
        expect(await event('rooftop-jazz')).toEqual({
          start: '2026-11-23 16:00',
          end: '2026-11-23 23:00',
        })
        // Saturday after next, to the Tuesday: spans Monday 7 December.
        expect(await event('open-studio-weekend')).toEqual({
          start: '2026-12-05 12:00',
          end: '2026-12-08 20:00',
        })
        expect((await event('film-night')).start).toBe('2026-11-20 19:00')
        // Upcoming events skip Mondays: the 5th open day after Monday 23rd is Saturday 28th.
        expect((await event('risograph-workshop')).start).toBe('2026-11-28 12:00')
        const ids = (await opened.db.query.events.findMany()).map((row) => row.id)
        const days = await Promise.all(
          ids
            .filter((id) => id !== 'open-studio-weekend')
            .map(async (id) => (await event(id)).start),
        )
        const upcoming = days.filter((start) => start > '2026-11-23 23:59')
        for (const start of upcoming) {
          expect(new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay(), start).not.toBe(1)
        }

        const jazzBooking = await opened.db.query.bookings.findFirst({
          where: eq(schema.bookings.eventId, 'rooftop-jazz'),
        })
        expect(jazzBooking?.date).toBe('2026-11-23')
      } finally {
        await opened.close()
      }
    })
  })
})

describe('openDatabase', () => {
  it('keeps PGlite data in dataDir, creating its parent folders', async () => {
    const root = await mkdtemp(join(tmpdir(), 'hotel-db-test-'))
    const dataDir = join(root, 'nested', 'pglite')
    try {
      const first = await openDatabase({ dataDir })
      expect(first.kind).toBe('pglite')
      await migrate(first.db)
      await first.db.insert(schema.mailingList).values({ email: 'keep@example.com' })
      await first.close()

      const second = await openDatabase({ dataDir })
      await migrate(second.db)
      expect(await countRows(second.db, 'mailing_list')).toBe(1)
      await second.close()
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  }, 60_000)

  it.skipIf(!postgresAvailable())('opens PostgreSQL from a URL', async () => {
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
    const opened = await openDatabase({ url })
    try {
      expect(opened.kind).toBe('postgres')
      const result = await opened.db.execute(sql`SELECT 1 AS one`)
      expect(result.rows).toEqual([{ one: 1 }])
    } finally {
      await opened.close()
    }
  })
})
