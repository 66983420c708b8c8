import { randomBytes } from 'node:crypto'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { addMinutes, subMinutes } from 'date-fns'
import { and, eq, getTableColumns, type InferInsertModel, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  type Db,
  MIGRATIONS_FOLDER,
  migrate,
  openDatabase,
  pgliteDb,
} from '../../server/db/client.ts'
import {
  accounts,
  bookingPlaces,
  bookings,
  events,
  type NewBooking,
  sandboxTransactions,
  wallets,
} from '../../server/db/schema.ts'
import {
  bearer,
  bothEngines,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { bookingsOf, DAYS, poetry, rsvp, spot, UNLIMITED } from '../support/bookings.ts'

// The places a booking takes are claimed from one counter row per place (docs/decisions/026):
// the counters follow every write to bookings, whoever makes it, an expired hold gives its place
// to the booking that needs it, the migration counts the bookings already made, and the database
// itself refuses a second booking of one thing by one person.

/**
 * Counter rows that differ from the bookings they count (confirmed and held, booker plus guests,
 * per event day and slot, per co-working space and day, per studio session): [] when in step.
 */
async function outOfStep(db: Db) {
  const { rows } = await db.execute<{
    place: string
    counted: number | null
    booked: number | null
  }>(
    sql`WITH booked AS (
          SELECT type,
            CASE WHEN type = 'event' THEN event_id ELSE venue END AS thing,
            date,
            CASE WHEN type = 'spot' THEN '' ELSE coalesce(time_slot, '') END AS time_slot,
            sum(1 + visitors)::int AS taken
          FROM bookings WHERE status IN ('confirmed', 'held') GROUP BY 1, 2, 3, 4
        ), counted AS (SELECT * FROM booking_places WHERE taken <> 0)
        SELECT concat_ws('|', type, thing, date, time_slot) AS place,
          counted.taken AS counted, booked.taken AS booked
        FROM counted FULL JOIN booked USING (type, thing, date, time_slot)
        WHERE counted.taken IS DISTINCT FROM booked.taken`,
  )
  return rows
}

/** The SQLSTATE a write was refused with ('23505': a unique index), however it is wrapped. */
async function refusal(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write
  } catch (error) {
    for (let at = error; at; at = (at as { cause?: unknown }).cause) {
      const code = (at as { code?: unknown }).code
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    }
    throw error
  }
  return undefined
}

const DAY = '2026-11-25'
const SLOT = '7pm - 10pm'

/** An event row of its own (tomorrow evening): free unless a price is given. */
const eventRow = (id: string, capacity: number, priceNaira = 0) => ({
  id,
  name: `Night ${id}`,
  address: '16 Test Street, Lagos',
  venue: 'The Rooftop',
  startAt: new Date(`${DAY}T18:00:00Z`),
  endAt: new Date(`${DAY}T21:00:00Z`),
  timeSlots: [SLOT],
  priceNaira,
  capacity,
})

/** A booking of that event written straight into the database, as staff in a SQL tool would. */
const ticketRow = (eventId: string, email: string, more: Partial<NewBooking> = {}): NewBooking => ({
  email,
  name: 'Tolu Adeyemi',
  phone: '+234 803 555 0199',
  type: 'event',
  eventId,
  venue: 'The Rooftop',
  date: DAY,
  timeSlot: SLOT,
  paidWith: 'free',
  ...more,
})

/** A free ticket as the app sends it. */
const freeTicket = (eventId: string, email: string) =>
  poetry({ Email: email, Event: eventId, Venue: 'The Rooftop', Date: DAY, 'Time Slot': SLOT })

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('booking places', () => {
    let api: TestApi
    let clock = NOW
    let serial = 0

    beforeAll(async () => {
      api = await startApi(kind, {
        app: { rateLimit: UNLIMITED, visitorShare: 1, now: () => clock },
      })
    })
    afterAll(() => api?.close())

    const newEvent = async (capacity: number, priceNaira = 0) => {
      serial += 1
      const id = `places-night-${serial}`
      await api.db.insert(events).values(eventRow(id, capacity, priceNaira))
      return id
    }
    const statusOf = async (email: string) => (await bookingsOf(api.db, email))[0]?.status

    /** A card payment started for a ticket; the sandbox checkout's answer: 'pay' or 'decline'. */
    async function cardTicket(eventId: string, email: string, outcome?: 'pay' | 'decline') {
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: `/event/${eventId}/registered`,
          email,
          payment: { Amount: 500_000, Currency: 'NGN', Account: null, Plan: null },
          booking: { ...freeTicket(eventId, email), Amount: 500_000, 'Paid with': 'paystack' },
        },
      })
      if (started.statusCode !== 201 || !outcome) return started
      const path = new URL(started.json().data.authorization_url).pathname
      await api.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      })
      await api.app.inject({ url: `/api/payments/verify/${started.json().data.reference}` })
      return started
    }

    it('keeps the counters in step with every booking, whoever writes it', async () => {
      const free = await newEvent(10)
      const paid = await newEvent(10, 5_000)
      const ada = await signIn(api, 'ada@example.com')
      expect((await rsvp(api, freeTicket(free, 'one@example.com'))).statusCode).toBe(201)
      // Co-working with two guests (three places), from Ada's wallet.
      const [wallet] = await api.db
        .select({ id: wallets.id })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.id, wallets.accountId))
        .where(eq(accounts.email, 'ada@example.com'))
      const debit = await api.app.inject({
        method: 'POST',
        url: `/api/wallets/debit/${wallet?.id}`,
        headers: bearer(ada),
        payload: {
          debitAmount: 500_000,
          narration: 'Co-working',
          booking: spot({
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Date: DAYS.brunch,
            Visitors: 2,
            'Names of Visitors': 'Tolu, Ngozi',
          }),
        },
      })
      expect(debit.statusCode, debit.body).toBe(201)
      // Card payments: one paid, one declined, one still pending.
      expect((await cardTicket(paid, 'paid@example.com', 'pay')).statusCode).toBe(201)
      expect((await cardTicket(paid, 'declined@example.com', 'decline')).statusCode).toBe(201)
      expect((await cardTicket(paid, 'pending@example.com')).statusCode).toBe(201)
      expect(await statusOf('paid@example.com')).toBe('confirmed')
      expect(await statusOf('declined@example.com')).toBe('cancelled')
      // Staff at work in a SQL tool: a booking moved to another slot, one deleted, guests added.
      await api.db.insert(bookings).values(ticketRow(free, 'moved@example.com', { visitors: 1 }))
      await api.db
        .update(bookings)
        .set({ timeSlot: '4pm - 7pm' })
        .where(eq(bookings.email, 'moved@example.com'))
      await api.db.delete(bookings).where(eq(bookings.email, 'one@example.com'))
      await api.db
        .update(bookings)
        .set({ visitors: 4 })
        .where(eq(bookings.email, 'pending@example.com'))

      expect(await outOfStep(api.db)).toEqual([])
      const [counter] = await api.db
        .select({ taken: bookingPlaces.taken })
        .from(bookingPlaces)
        .where(and(eq(bookingPlaces.thing, paid), eq(bookingPlaces.timeSlot, SLOT)))
      // The paid ticket, and the pending one with its four guests.
      expect(counter?.taken).toBe(6)
    })

    it('gives an expired hold’s place to the booking that needs it, the earliest expired first', async () => {
      const id = await newEvent(3)
      await api.db.insert(bookings).values([
        ticketRow(id, 'confirmed@example.com'),
        ticketRow(id, 'lapsed-first@example.com', {
          status: 'held',
          holdExpiresAt: subMinutes(NOW, 10),
          paidWith: 'sandbox',
        }),
        ticketRow(id, 'lapsed-later@example.com', {
          status: 'held',
          holdExpiresAt: subMinutes(NOW, 5),
          paidWith: 'sandbox',
        }),
      ])
      // All three places count: the expired holds until a booking needs their places.
      expect((await rsvp(api, freeTicket(id, 'first@example.com'))).statusCode).toBe(201)
      // One place was needed: only the hold that expired first gave it.
      expect(await statusOf('lapsed-first@example.com')).toBe('cancelled')
      expect(await statusOf('lapsed-later@example.com')).toBe('held')
      expect((await rsvp(api, freeTicket(id, 'second@example.com'))).statusCode).toBe(201)
      expect(await statusOf('lapsed-later@example.com')).toBe('cancelled')
      expectError(await rsvp(api, freeTicket(id, 'third@example.com')), 409, 'Sold out')
      expect(await outOfStep(api.db)).toEqual([])
    })

    it('leaves a lapsed hold its place while nobody needs it: paid late, it is booked', async () => {
      const id = await newEvent(1, 5_000)
      expect((await cardTicket(id, 'slow@example.com')).statusCode).toBe(201)
      clock = addMinutes(NOW, 30)
      try {
        // Paid after its 15 minutes: the place was still its own.
        const [row] = await bookingsOf(api.db, 'slow@example.com')
        await api.db
          .update(sandboxTransactions)
          .set({ status: 'success', paidAt: clock })
          .where(eq(sandboxTransactions.reference, row?.paymentReference ?? ''))
        await api.app.inject({ url: `/api/payments/verify/${row?.paymentReference}` })
        expect(await statusOf('slow@example.com')).toBe('confirmed')
        expectError(await cardTicket(id, 'next@example.com'), 409, 'Sold out')
      } finally {
        clock = NOW
      }
    })

    it('refuses a second booking of one thing by one person in the database itself', async () => {
      const id = await newEvent(10)
      await api.db.insert(bookings).values(ticketRow(id, 'twice@example.com'))
      expect(
        await refusal(api.db.insert(bookings).values(ticketRow(id, 'twice@example.com'))),
      ).toBe('23505')
      // Co-working: one day, whichever space.
      const day = { type: 'spot' as const, eventId: null, timeSlot: null, date: DAYS.brunch }
      await api.db
        .insert(bookings)
        .values(ticketRow(id, 'cowork@example.com', { ...day, venue: 'Library' }))
      const elsewhere = ticketRow(id, 'cowork@example.com', { ...day, venue: 'Courtyard' })
      expect(await refusal(api.db.insert(bookings).values(elsewhere))).toBe('23505')
      // A cancelled booking is no booking: the same thing can be booked again.
      await api.db
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(eq(bookings.email, 'twice@example.com'))
      await api.db.insert(bookings).values(ticketRow(id, 'twice@example.com'))
      expect(await outOfStep(api.db)).toEqual([])
    })
  })
})

// ---------------------------------------------------------------------------------------------

/** A database migrated as far as `last` (a journal tag), from a copy of the migrations folder. */
async function migrateUpTo(db: Db, kind: 'pglite' | 'postgres', last: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'migrations-'))
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
    const journalPath = join(folder, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const end = journal.entries.findIndex((entry) => entry.tag === last)
    journal.entries = journal.entries.slice(0, end + 1)
    writeFileSync(journalPath, JSON.stringify(journal))
    const config = { migrationsFolder: folder }
    if (kind === 'pglite') {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator')
      await run(db as unknown as Parameters<typeof run>[0], config)
    } else {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator')
      await run(db as unknown as Parameters<typeof run>[0], config)
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/**
 * Rows written with only the columns they name (the others take their defaults), so a database
 * migrated only so far takes them: the schema of today names columns it does not have yet.
 */
async function insertOld<T extends PgTable>(
  db: Db,
  table: T,
  rows: InferInsertModel<T>[],
): Promise<void> {
  const columns: Record<string, PgColumn> = getTableColumns(table)
  const named = rows as Record<string, unknown>[]
  const keys = [...new Set(named.flatMap((row) => Object.keys(row)))]
  const value = (row: Record<string, unknown>, key: string) =>
    row[key] === undefined ? sql`DEFAULT` : sql.param(row[key], columns[key])
  await db.execute(
    sql`INSERT INTO ${table} (${sql.join(
      keys.map((key) => sql.identifier(columns[key]?.name ?? key)),
      sql`, `,
    )}) VALUES ${sql.join(
      named.map(
        (row) =>
          sql`(${sql.join(
            keys.map((key) => value(row, key)),
            sql`, `,
          )})`,
      ),
      sql`, `,
    )}`,
  )
}

/** An empty database of `kind`; null when no PostgreSQL server answered. */
async function emptyDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ db: Db; close(): Promise<void> } | null> {
  if (kind === 'pglite') {
    const client = new PGlite()
    return { db: await pgliteDb(client), close: () => client.close() }
  }
  const template = inject('postgresTemplate')
  if (!template) return null
  const name = `${template.prefix}places_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: template.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(template.adminUrl)
  url.pathname = `/${name}`
  const opened = await openDatabase({ url: url.toString() })
  return {
    db: opened.db,
    async close() {
      await opened.close()
      const dropper = new pg.Client({ connectionString: template.adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await dropper.end()
    },
  }
}

describe.each(bothEngines())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('migrating a database that has bookings', () => {
    it('counts the places already taken, and gives up holds its payer booked again', async () => {
      const database = await emptyDatabase(kind)
      if (!database) throw new Error(`no ${kind} database`)
      const { db } = database
      try {
        await migrateUpTo(db, kind, '0005_refunds_and_idempotency_keys')
        await insertOld(db, events, [eventRow('old-night', 20)])
        const held = (email: string, minutes: number, created: Date) =>
          ticketRow('old-night', email, {
            status: 'held',
            holdExpiresAt: addMinutes(NOW, minutes),
            paidWith: 'sandbox',
            createdAt: created,
          })
        await insertOld(db, bookings, [
          ticketRow('old-night', 'group@example.com', { visitors: 2 }),
          held('paying@example.com', 10, NOW),
          held('expired@example.com', -10, NOW),
          ticketRow('old-night', 'gone@example.com', { status: 'cancelled' }),
          // Paid for the ticket after starting a card payment for it: the hold was left behind.
          held('both@example.com', 10, subMinutes(NOW, 5)),
          ticketRow('old-night', 'both@example.com', { createdAt: NOW }),
          // Started paying twice: the later hold is the one they are paying.
          held('again@example.com', 10, subMinutes(NOW, 5)),
          held('again@example.com', 14, NOW),
          {
            ...ticketRow('old-night', 'cowork@example.com', { visitors: 1 }),
            type: 'spot',
            eventId: null,
            venue: 'Library',
            timeSlot: '10am - 10pm',
          },
        ])

        await migrate(db)

        const counters = await db
          .select({
            type: bookingPlaces.type,
            thing: bookingPlaces.thing,
            date: bookingPlaces.date,
            timeSlot: bookingPlaces.timeSlot,
            taken: bookingPlaces.taken,
          })
          .from(bookingPlaces)
          .orderBy(bookingPlaces.type)
        expect(counters).toEqual([
          // 3 + 1 + 1 (its hold expired, but nobody has needed the place yet) + 1 + 1.
          { type: 'event', thing: 'old-night', date: DAY, timeSlot: SLOT, taken: 7 },
          { type: 'spot', thing: 'Library', date: DAY, timeSlot: '', taken: 2 },
        ])
        const statuses = async (email: string) =>
          (await db.select().from(bookings).where(eq(bookings.email, email)))
            .map(
              (row) =>
                `${row.status}${row.holdExpiresAt ? ` until +${(row.holdExpiresAt.getTime() - NOW.getTime()) / 60_000} min` : ''}`,
            )
            .sort()
        expect(await statuses('both@example.com')).toEqual(['cancelled', 'confirmed'])
        expect(await statuses('again@example.com')).toEqual(['cancelled', 'held until +14 min'])
        expect(await outOfStep(db)).toEqual([])
        // From here on the trigger counts.
        await db.insert(bookings).values(ticketRow('old-night', 'new@example.com'))
        expect(await outOfStep(db)).toEqual([])
      } finally {
        await database.close()
      }
    })

    it('gives every booking already made a ticket of its own, none checked in', async () => {
      const database = await emptyDatabase(kind)
      if (!database) throw new Error(`no ${kind} database`)
      const { db } = database
      try {
        await migrateUpTo(db, kind, '0006_bookings_claim_a_counter')
        await insertOld(db, events, [eventRow('old-night', 20)])
        await insertOld(db, bookings, [
          ticketRow('old-night', 'one@example.com'),
          ticketRow('old-night', 'two@example.com', { status: 'cancelled' }),
          ticketRow('old-night', 'three@example.com', { visitors: 1 }),
        ])

        await migrate(db)

        const rows = await db.select().from(bookings)
        expect(rows.map((row) => [row.checkedInAt, row.checkedInBy])).toEqual([
          [null, null],
          [null, null],
          [null, null],
        ])
        const codes = rows.map((row) => row.ticketCode)
        expect(codes.every((code) => /^[0-9a-f]{32}$/.test(code))).toBe(true)
        expect(new Set(codes).size).toBe(3)
        expect(await outOfStep(db)).toEqual([])
      } finally {
        await database.close()
      }
    })
  })
})
