import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type Db, migrate, pgliteDb, postgresDb } from '../../server/db/client.ts'
import { formatReport, runFuzz } from './contract-fuzzer.ts'
import { startFuzzTarget } from './target.ts'

// `npm run fuzz -- [--per-op N] [--seed S] [--op operationId ...] [--replay operationId:index]
//                  [--postgres [admin-url]]`
// Fuzzes every operation of the contract against the real app on a fresh database, migrated and
// seeded with the demo data: PGlite in memory, or with --postgres a throwaway database on a
// PostgreSQL server (dropped afterwards). Exits 1 on any failure.

const { values } = parseArgs({
  options: {
    'per-op': { type: 'string', default: '200' },
    seed: { type: 'string' },
    op: { type: 'string', multiple: true },
    replay: { type: 'string' },
    postgres: { type: 'boolean' },
    'admin-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help) {
  console.log(`npm run fuzz -- [options]
  --per-op N                     requests per operation (default 200)
  --seed S                       the run's seed (default: a new one, printed)
  --op operationId               only this operation (repeatable)
  --replay operationId:index     send only the request a failure report names
  --postgres                     on a throwaway PostgreSQL database instead of PGlite
  --admin-url URL                the server for --postgres (default DATABASE_URL, else
                                 postgres://postgres@127.0.0.1:5432/postgres)`)
  process.exit(0)
}

const perOp = Number(values['per-op'])
if (!Number.isInteger(perOp) || perOp < 1) throw new Error('--per-op must be a whole number >= 1')
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
const replayMatch = values.replay ? /^(\w+):(\d+)$/.exec(values.replay) : null
if (values.replay && !replayMatch) throw new Error('--replay takes operationId:index')
const replay = replayMatch
  ? { operationId: replayMatch[1] as string, index: Number(replayMatch[2]) }
  : undefined

console.log(
  `Contract fuzzer: seed ${seed}, ${replay ? `replay ${values.replay}` : `${perOp} requests per operation`}`,
)
/** A fresh migrated database and how to get rid of it. */
async function openDatabase(): Promise<{ db: Db; name: string; close(): Promise<void> }> {
  if (!values.postgres) {
    const client = await PGlite.create()
    const db = await pgliteDb(client)
    await migrate(db)
    return { db, name: 'PGlite (in memory)', close: () => client.close() }
  }
  const adminUrl =
    values['admin-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `hotel_fuzz_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 })
  pool.on('error', () => {})
  const db = await postgresDb(pool)
  await migrate(db)
  return {
    db,
    name: `PostgreSQL (${name}, dropped afterwards)`,
    async close() {
      await pool.end()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

const database = await openDatabase()
console.log(`On ${database.name}.`)
const target = await startFuzzTarget(database.db).catch(async (error) => {
  await database.close()
  throw error
})
try {
  const report = await runFuzz(target, {
    perOp: replay ? 1 : perOp,
    seed,
    ...(values.op ? { only: values.op } : {}),
    ...(replay ? { replay } : {}),
    progress: (line) => console.log(line),
  })
  console.log(formatReport(report))
  process.exitCode = report.failureCount > 0 ? 1 : 0
} finally {
  await target.close()
  await database.close()
}
