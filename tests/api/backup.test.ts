import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { type BackupTarget, runBackupCommand } from '../../server/db/backup-cli.ts'
import { type Db, migrate, type OpenDatabase, openDatabase } from '../../server/db/client.ts'
import { bookings, payments, wallets, walletTransactions } from '../../server/db/schema.ts'
import { seedDemoData } from '../../server/db/seed.ts'
import { bearer, bothEngines, NOW, signIn } from '../support/api-app.ts'
import { jazz, poetry, UNLIMITED } from '../support/bookings.ts'
import { type FreshDatabase, freshDatabase } from '../support/instances.ts'

// `npm run db:backup` and `npm run db:restore` (server/db/backup-cli.ts, the code those scripts
// run): a database with the demo data, a new booking, a card payment and a wallet debit is
// backed up, restored into an empty database, and found the same, row for row, in every table.

const PAYER = 'chiamaka.nwosu@gmail.com'
const GUEST = 'babajide.adeyemi@yahoo.com'

/** The demo data plus what people do through the API: an RSVP, a card payment, a debit. */
async function fill(db: Db): Promise<void> {
  await seedDemoData(db, NOW)
  const app = await buildApp({ db, now: () => NOW, rateLimit: UNLIMITED })
  try {
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings/rsvp',
      payload: poetry({ Email: GUEST, Name: 'Babajide Adeyemi' }),
    })
    expect(booked.statusCode, booked.body).toBe(201)

    const initiated = await app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      payload: {
        callbackUrl: '/event/rooftop-jazz/registered',
        email: PAYER,
        payment: { Amount: 1_000_000, Currency: 'NGN', Account: null, Plan: null },
        booking: jazz({ Email: PAYER, Name: 'Chiamaka Nwosu' }),
      },
    })
    expect(initiated.statusCode, initiated.body).toBe(201)
    // The sandbox checkout, as the payer's browser: 'Pay'.
    const checkout = new URL(initiated.json().data.authorization_url).pathname
    const paid = await app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    })
    expect(paid.statusCode, paid.body).toBe(303)
    const reference = new URL(String(paid.headers.location)).searchParams.get('reference')
    const verified = await app.inject({ url: `/api/payments/verify/${reference}` })
    expect(verified.json().data?.status, verified.body).toBe('success')

    const ada = await signIn({ db, now: NOW }, 'ada@example.com')
    const [wallet] = await db.select().from(wallets).where(isNotNull(wallets.accountId))
    const walletId = wallet?.id ?? ''
    const debited = await app.inject({
      method: 'POST',
      url: `/api/wallets/debit/${walletId}`,
      headers: bearer(ada),
      payload: {
        debitAmount: 300_000,
        narration: 'Listening Session',
        booking: jazz({
          Email: 'ada@example.com',
          Name: 'Ada Okafor',
          Phone: '+234 803 555 0101',
          Event: 'listening-session',
          Venue: 'Library',
          Date: '2026-11-25',
          'Time Slot': '7pm - 10pm',
          Amount: 300_000,
        }),
      },
    })
    expect(debited.statusCode, debited.body).toBe(201)
  } finally {
    await app.close()
  }
  // What the backup must carry, there before it is taken.
  const [card] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.email, PAYER), eq(payments.status, 'success')))
  expect(card).toBeDefined()
  expect(await db.select().from(bookings).where(eq(bookings.email, GUEST))).toHaveLength(1)
  expect(
    await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.narration, 'Listening Session')),
  ).toHaveLength(1)
}

type Rows = Record<string, unknown>[]
const rowsOf = async (db: Db, query: string): Promise<Rows> =>
  (await db.execute(sql.raw(query))).rows as Rows

/**
 * Every row of every table, each table in the order of its primary key (listed from the
 * database's own catalogue, not by hand), and where each sequence stands.
 */
async function everything(db: Db): Promise<Record<string, Rows>> {
  const tables = await rowsOf(
    db,
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  )
  const all: Record<string, Rows> = {}
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const key = await rowsOf(
      db,
      `SELECT k.column_name AS column FROM information_schema.table_constraints c
         JOIN information_schema.key_column_usage k
           ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
        WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = '${schema}'
          AND c.table_name = '${name}'
        ORDER BY k.ordinal_position`,
    )
    const table = `"${schema}"."${name}"`
    const order = key.length ? key.map(({ column }) => `"${column}"`).join(', ') : `${table}::text`
    all[`${schema}.${name}`] = await rowsOf(db, `SELECT * FROM ${table} ORDER BY ${order}`)
  }
  all['(sequences)'] = await rowsOf(
    db,
    'SELECT schemaname, sequencename, last_value FROM pg_sequences ORDER BY 1, 2',
  )
  return all
}

interface Engine {
  /** Where the filled database is, for the commands. */
  source: BackupTarget
  /** An empty database to restore into. */
  target: BackupTarget
  open(target: BackupTarget): Promise<OpenDatabase>
  cleanup(): Promise<void>
}

async function pgliteEngine(folder: string): Promise<Engine> {
  const source = { databaseUrl: null, dataDir: join(folder, 'data') }
  const opened = await openDatabase({ dataDir: source.dataDir })
  try {
    await migrate(opened.db)
    await fill(opened.db)
  } finally {
    await opened.close()
  }
  return {
    source,
    target: { databaseUrl: null, dataDir: join(folder, 'restored') },
    open: (target) => openDatabase({ dataDir: target.dataDir }),
    cleanup: async () => {},
  }
}

async function postgresEngine(): Promise<Engine> {
  const template = inject('postgresTemplate')
  if (!template) throw new Error('no PostgreSQL')
  const made: FreshDatabase[] = []
  const filled = await freshDatabase(template.adminUrl, template.prefix, template.template)
  made.push(filled)
  // Empty: not even the migrations' tables.
  const empty = await freshDatabase(template.adminUrl, template.prefix)
  made.push(empty)
  const opened = await openDatabase({ url: filled.url })
  try {
    await fill(opened.db)
  } finally {
    await opened.close()
  }
  return {
    source: { databaseUrl: filled.url, dataDir: '' },
    target: { databaseUrl: empty.url, dataDir: '' },
    open: (target) => openDatabase({ url: target.databaseUrl ?? '' }),
    cleanup: async () => {
      for (const database of made) await database.drop()
    },
  }
}

describe.each(bothEngines())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('npm run db:backup, then npm run db:restore into an empty database', () => {
    let folder: string
    let engine: Engine
    let file: string
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'sixteen-backup-'))
      engine = kind === 'pglite' ? await pgliteEngine(folder) : await postgresEngine()
      file = join(folder, kind === 'pglite' ? 'sixteen.tar.gz' : 'sixteen.dump')
    }, 120_000)
    afterAll(async () => {
      await engine?.cleanup()
      await rm(folder, { recursive: true, force: true })
    })

    it('restores every row of every table as it was', async () => {
      const backedUp = await runBackupCommand(['backup', file], engine.source)
      expect(backedUp, backedUp.err).toMatchObject({ code: 0, err: '' })
      expect(backedUp.out).toContain(`to ${file}`)
      const restored = await runBackupCommand(['restore', file], engine.target)
      expect(restored, restored.err).toMatchObject({ code: 0, err: '' })

      const [before, after] = await Promise.all(
        [engine.source, engine.target].map(async (target) => {
          const opened = await engine.open(target)
          try {
            return await everything(opened.db)
          } finally {
            await opened.close()
          }
        }),
      )
      expect(Object.keys(before ?? {}).length).toBeGreaterThan(20)
      for (const table of ['public.bookings', 'public.payments', 'public.wallet_transactions']) {
        expect(before?.[table]?.length, table).toBeGreaterThan(0)
      }
      expect(after).toEqual(before)
    }, 60_000)

    it('refuses to restore over a database that is not empty (exit 1)', async () => {
      const again = await runBackupCommand(['restore', file], engine.target)
      expect(again.code).toBe(1)
      expect(again.err).toMatch(
        kind === 'pglite'
          ? /already holds a database: restoring would replace it\. Pass --force/
          : /is not empty: restore into a new database .* or pass --force/,
      )
    })

    it('refuses a backup of the other engine, a missing file, and a mistyped command', async () => {
      const other =
        kind === 'pglite'
          ? { databaseUrl: 'postgres://127.0.0.1/x', dataDir: '' }
          : { databaseUrl: null, dataDir: join(folder, 'other') }
      const wrongEngine = await runBackupCommand(['restore', file], other)
      expect(wrongEngine.code).toBe(1)
      expect(wrongEngine.err).toMatch(
        kind === 'pglite' ? /unset DATABASE_URL/ : /set DATABASE_URL to the \(empty\) database/,
      )
      const missing = await runBackupCommand(
        ['restore', join(folder, 'nothing.dump')],
        engine.target,
      )
      expect(missing).toMatchObject({ code: 1, err: `No file ${join(folder, 'nothing.dump')}.` })
      expect((await runBackupCommand(['restore'], engine.target)).code).toBe(2)
      expect((await runBackupCommand(['backup', file, '--quick'], engine.source)).code).toBe(2)
      const exists = await runBackupCommand(['backup', file], engine.source)
      expect(exists).toMatchObject({
        code: 1,
        err: `${file} exists already: give another file, or --force to replace it.`,
      })
    })

    it.skipIf(kind !== 'pglite')(
      'says to stop the server first while the embedded database is open',
      async () => {
        const running = await PGlite.create(engine.source.dataDir)
        try {
          const result = await runBackupCommand(
            ['backup', join(folder, 'busy.tar.gz')],
            engine.source,
          )
          expect(result.code).toBe(1)
          expect(result.err).toContain('stop the server first')
        } finally {
          await running.close()
        }
      },
    )
  })
})
