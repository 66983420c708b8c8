import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { MIGRATIONS_FOLDER, migrate, pgliteDb, postgresDb } from '../../server/db/client.ts'

// Vitest globalSetup for the 'api' and 'e2e' projects: builds the migrated template databases
// once per run, so each test (or browser file) gets a fresh database in about a second (PGlite)
// or less (PostgreSQL).

export interface PostgresTemplate {
  /** A URL on the server for CREATE/DROP DATABASE (its database is not the template). */
  adminUrl: string
  /** The migrated database each test database is created from. */
  template: string
  /** Prefix of this run's test databases, so teardown can drop what a crashed worker left. */
  prefix: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump (tar) of a migrated, empty PGlite data directory. */
    pgliteTemplate: string
    /** The PostgreSQL template, or null when no server answered. */
    postgresTemplate: PostgresTemplate | null
  }
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
const CLONE_PREFIX = 'hotel_test_'
/** Test databases older than this were left by a killed run. */
const STALE_CLONE_SECONDS = 6 * 60 * 60
/** A template for other migrations that no run has used for this long is dropped. */
const STALE_TEMPLATE_SECONDS = 60 * 60

/** Changes whenever a migration (or the PGlite build) changes, naming the cached templates. */
function templateKey(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, file)
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path))
  }
  hash.update(pgliteVersion())
  return hash.digest('hex').slice(0, 12)
}

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>
      if (name === '@electric-sql/pglite' && version) return version
    }
    dir = dirname(dir)
  }
  return 'unknown'
}

/** Builds (or reuses from an earlier run) the dump of a migrated PGlite database. */
async function pgliteTemplate(key: string): Promise<string> {
  const dir = join(tmpdir(), 'hotel-test-templates')
  const path = join(dir, `pglite-${key}.tar`)
  if (existsSync(path)) return path
  await mkdir(dir, { recursive: true })
  const client = await PGlite.create()
  try {
    await migrate(await pgliteDb(client))
    // Uncompressed loads about twice as fast as gzip, and this file never leaves the machine.
    const dump = await client.dumpDataDir('none')
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
    await rename(partial, path)
  } finally {
    await client.close()
  }
  return path
}

/** A client on the server's admin database, or null when nothing answers within 2 s. */
async function adminClient(url: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  try {
    await client.connect()
    return client
  } catch {
    await client.end().catch(() => {})
    return null
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

function urlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Retries what fails while a just-closed backend is still leaving the database. */
async function whenFree(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run()
      return
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'
      if (!busy || attempt >= 50) throw error
      await new Promise((done) => setTimeout(done, 100))
    }
  }
}

/** Creates the migrated template on the server unless an earlier run left an identical one. */
async function postgresTemplate(adminUrl: string, key: string): Promise<PostgresTemplate | null> {
  const admin = await adminClient(adminUrl)
  if (!admin) return null
  const template = `hotel_test_template_${key}`
  const prefix = `${CLONE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}_`
  try {
    // Concurrent runs (several people's `vitest`) take turns building the same template.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['hotel_test_template'])
    const { rows } = await admin.query<{ datname: string; used: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS used
         FROM pg_database WHERE datname LIKE 'hotel\\_test\\_%'`,
    )
    await dropStale(admin, rows, template)
    if (!rows.some((row) => row.datname === template)) {
      // Built under another name and renamed when complete, so a half-built one is never used.
      const building = `hotel_test_building_${key}_${randomBytes(3).toString('hex')}`
      await admin.query(`CREATE DATABASE ${quoteIdent(building)}`)
      const pool = new pg.Pool({ connectionString: urlFor(adminUrl, building), max: 1 })
      try {
        await migrate(await postgresDb(pool))
      } finally {
        await pool.end()
      }
      await whenFree(() =>
        admin.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(template)}`),
      )
    }
    // The last time a run used it, so runs on other migrations know when it is abandoned.
    await admin.query(
      `COMMENT ON DATABASE ${quoteIdent(template)} IS '${Math.floor(Date.now() / 1000)}'`,
    )
    return { adminUrl, template, prefix }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['hotel_test_template'])
    await admin.end()
  }
}

/** Drops abandoned templates and databases left by killed runs (never a live run's). */
async function dropStale(
  admin: pg.Client,
  databases: { datname: string; used: string | null }[],
  current: string,
): Promise<void> {
  const now = Date.now() / 1000
  for (const { datname: name, used } of databases) {
    const clone = /^hotel_test_(\d{10})_/.exec(name)
    const stale =
      // Half-built: builds happen under the lock this run now holds.
      name.startsWith('hotel_test_building_') ||
      (name.startsWith('hotel_test_template_') &&
        name !== current &&
        now - Number(used ?? 0) > STALE_TEMPLATE_SECONDS) ||
      (clone !== null && now - Number(clone[1]) > STALE_CLONE_SECONDS)
    if (!stale) continue
    // Without FORCE: a database still in use by someone else is left alone.
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`).catch(() => {})
  }
}

async function dropRunDatabases(postgres: PostgresTemplate): Promise<void> {
  const admin = await adminClient(postgres.adminUrl)
  if (!admin) return
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [postgres.prefix],
    )
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}

export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const started = performance.now()
  const key = templateKey()
  const [pglitePath, postgres] = await Promise.all([
    pgliteTemplate(key),
    postgresTemplate(process.env.DATABASE_URL || DEFAULT_ADMIN_URL, key),
  ])
  provide('pgliteTemplate', pglitePath)
  provide('postgresTemplate', postgres)
  if (process.env.DB_TEMPLATE_TIMING) {
    const ms = Math.round(performance.now() - started)
    console.log(`db templates ready in ${ms} ms (PostgreSQL: ${postgres ? 'yes' : 'no'})`)
  }
  return async () => {
    if (postgres) await dropRunDatabases(postgres)
  }
}
