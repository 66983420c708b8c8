import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Db, pgliteDb, postgresDb } from '../../server/db/client.ts'
// The ProvidedContext keys used here are declared in ./db-template.ts.

// A fresh, migrated, empty database per test (or per file), copied from the templates that
// tests/support/db-template.ts builds once per run.

export interface TestDb {
  db: Db
  close(): Promise<void>
}

let templateBlob: Promise<Blob> | undefined

/** The PGlite dump, read once per worker. */
function pgliteTemplateBlob(): Promise<Blob> {
  templateBlob ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]))
  return templateBlob
}

/** Whether a PostgreSQL server answered when the run started. */
export function postgresAvailable(): boolean {
  return inject('postgresTemplate') !== null
}

async function openPglite(): Promise<TestDb> {
  const client = new PGlite({ loadDataDir: await pgliteTemplateBlob() })
  await client.waitReady
  return { db: await pgliteDb(client), close: () => client.close() }
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await run(admin)
  } finally {
    await admin.end()
  }
}

async function openPostgres(): Promise<TestDb | null> {
  const template = inject('postgresTemplate')
  if (!template) return null
  const name = `${template.prefix}${randomBytes(4).toString('hex')}`
  await withAdmin(template.adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`),
  )
  const url = new URL(template.adminUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 })
  pool.on('error', () => {})
  let closed = false
  return {
    db: await postgresDb(pool),
    async close() {
      if (closed) return
      closed = true
      await pool.end()
      await withAdmin(template.adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      )
    },
  }
}

/**
 * A new migrated, empty database: PGlite loaded from the template dump (about 1 s), or a
 * PostgreSQL database created from the template (null when no server answered at start).
 */
export async function openTestDb(kind?: 'pglite'): Promise<TestDb>
export async function openTestDb(kind: 'pglite' | 'postgres'): Promise<TestDb | null>
export async function openTestDb(kind: 'pglite' | 'postgres' = 'pglite'): Promise<TestDb | null> {
  return kind === 'pglite' ? openPglite() : openPostgres()
}
