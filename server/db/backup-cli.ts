import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import {
  CommandError,
  type CommandResult,
  commandResult,
  printResult,
  UsageError,
} from '../admin/args'
import { DEFAULT_DATA_DIR } from './client'

// `npm run db:backup -- [file]` and `npm run db:restore -- <file>`: the database the server
// uses (DATABASE_URL, else the embedded PGlite in DATA_DIR) to one file and back.
//
// - PostgreSQL: pg_dump's custom format (-Fc: compressed, restored table by table), and
//   pg_restore into an empty database, in one transaction (all of it or nothing).
// - PGlite: the data directory itself as a .tar.gz (PGlite's dumpDataDir), loaded back into an
//   empty DATA_DIR. The embedded database allows one process: the server must be stopped.

export interface BackupTarget {
  /** postgres://... when the server uses PostgreSQL; null for the embedded PGlite. */
  databaseUrl: string | null
  /** PGlite's data directory (DATA_DIR). */
  dataDir: string
}

export const targetFromEnv = (env: NodeJS.ProcessEnv = process.env): BackupTarget => ({
  databaseUrl: env.DATABASE_URL?.trim() || null,
  dataDir: env.DATA_DIR?.trim() || DEFAULT_DATA_DIR,
})

/** What pg_dump's custom format and gzip start with: a file is recognised before it is used. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP')
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

/** Written while PGlite has the data directory open, removed when it closes. */
const PGLITE_IN_USE = 'postmaster.pid'

const where = (target: BackupTarget) =>
  target.databaseUrl ? describeUrl(target.databaseUrl) : `PGlite in ${target.dataDir}`

/** 'PostgreSQL database hotel on db.example.com:5432', never the password. */
function describeUrl(url: string): string {
  const parsed = new URL(url)
  return `PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.hostname}:${parsed.port || 5432}`
}

/** ./backups/sixteen-2026-11-24-101500.dump (PostgreSQL) or .tar.gz (PGlite), in UTC. */
export function defaultBackupFile(target: BackupTarget, at = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '')
  return join('backups', `sixteen-${stamp}.${target.databaseUrl ? 'dump' : 'tar.gz'}`)
}

const megabytes = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1000))} kB`
    : `${(bytes / 1e6).toFixed(1)} MB`

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * The URL without its password, and the environment that carries it: a password in a command's
 * arguments is readable by every user of the machine (ps).
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a PostgreSQL client program; a missing one is a CommandError saying how to install it. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env?: NodeJS.ProcessEnv) {
  return new Promise<Ran>((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new CommandError(
              `${tool} is not installed: install PostgreSQL's client programs, of the server's major version or newer (Debian: apt-get install postgresql-client).`,
            )
          : error,
      ),
    )
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

const majorOf = (versionText: string) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? NaN)

/** The server's major version (15 for 15.20), or a CommandError naming what failed. */
async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000)
  } catch (error) {
    throw new CommandError(`Cannot reach ${describeUrl(url)}: ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** pg_dump refuses a server newer than itself; say so before it starts. */
async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', url: string): Promise<void> {
  const ran = await runTool(tool, ['--version'])
  const tools = majorOf(ran.stdout)
  const server = await serverMajor(url)
  if (tools < server) {
    throw new CommandError(
      `${tool} is version ${tools}, older than the PostgreSQL ${server} server: install the client programs of version ${server} or newer (Debian: apt-get install postgresql-client-${server}).`,
    )
  }
}

/** The tables, views and sequences outside PostgreSQL's own schemas. */
async function objectsIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND s.nspname NOT IN ('pg_catalog', 'information_schema')
          AND s.nspname NOT LIKE 'pg\\_toast%' AND s.nspname NOT LIKE 'pg\\_temp%'`,
    )
    return Number(rows[0]?.n ?? 0)
  } catch (error) {
    throw new CommandError(`Cannot reach ${describeUrl(url)}: ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

async function backupPostgres(url: string, file: string): Promise<void> {
  await checkToolVersion('pg_dump', url)
  const { dbname, env } = libpqConnection(url)
  const partial = `${file}.partial`
  // One snapshot of the whole database, taken while the servers go on serving.
  const ran = await runTool('pg_dump', ['--format=custom', `--file=${partial}`, dbname], env)
  if (ran.code !== 0) {
    await rm(partial, { force: true })
    throw new CommandError(`pg_dump failed: ${ran.stderr.trim() || `exit ${ran.code}`}`)
  }
  await rename(partial, file)
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  if (!force && (await objectsIn(url)) > 0) {
    throw new CommandError(
      `${describeUrl(url)} is not empty: restore into a new database (createdb, then point DATABASE_URL at it), or pass --force to replace what the backup holds (stop the servers first).`,
    )
  }
  await checkToolVersion('pg_restore', url)
  const { dbname, env } = libpqConnection(url)
  // Owners and grants are the old server's: the restoring role owns everything.
  const args = ['--dbname', dbname, '--single-transaction', '--exit-on-error', '--no-owner']
  if (force) args.push('--clean', '--if-exists')
  const ran = await runTool('pg_restore', [...args, '--no-acl', file], env)
  if (ran.code !== 0) {
    throw new CommandError(
      `pg_restore failed, nothing was restored (one transaction): ${ran.stderr.trim() || `exit ${ran.code}`}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite

const pgliteInUse = (dataDir: string) => existsSync(join(dataDir, PGLITE_IN_USE))

const IN_USE_MESSAGE = (dataDir: string) =>
  `The embedded database in ${dataDir} is open in another process (its ${PGLITE_IN_USE} is there): stop the server first, it allows one process. If no server runs (it was killed), start it once and stop it with Ctrl-C.`

async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new CommandError(`No embedded database in ${dataDir}: nothing to back up.`)
  }
  if (pgliteInUse(dataDir)) throw new CommandError(IN_USE_MESSAGE(dataDir))
  const { PGlite } = await import('@electric-sql/pglite')
  const client = await PGlite.create(resolve(dataDir))
  try {
    const dump = await client.dumpDataDir('gzip')
    const partial = `${file}.partial`
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
    await rename(partial, file)
  } finally {
    await client.close()
  }
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string> {
  let replaced = ''
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    if (pgliteInUse(dataDir)) throw new CommandError(IN_USE_MESSAGE(dataDir))
    if (!force) {
      throw new CommandError(
        `${dataDir} already holds a database: restoring would replace it. Pass --force to move it aside first (nothing is deleted), or set DATA_DIR to an empty folder.`,
      )
    }
    replaced = `${dataDir.replace(/\/+$/, '')}.replaced-${Date.now()}`
    await rename(dataDir, replaced)
  }
  await mkdir(dirname(resolve(dataDir)), { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const client = await PGlite.create(resolve(dataDir), {
    loadDataDir: new Blob([await readFile(file)]),
  })
  try {
    await client.query('SELECT 1')
  } finally {
    await client.close()
  }
  return replaced ? ` The database that was there is in ${replaced}.` : ''
}

// ---------------------------------------------------------------------------------------------
// The commands

/** What a file holds, from its first bytes. */
async function kindOfFile(file: string): Promise<'postgres' | 'pglite' | 'unknown'> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(5)
    await handle.read(head, 0, 5, 0)
    if (head.subarray(0, 5).equals(PG_DUMP_MAGIC)) return 'postgres'
    if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite'
    return 'unknown'
  } finally {
    await handle.close()
  }
}

/** Backs the database up to `file` (a new file; --force replaces one). Returns what to print. */
export async function backup(
  target: BackupTarget,
  file = defaultBackupFile(target),
  { force = false } = {},
): Promise<string> {
  if (existsSync(file) && !force) {
    throw new CommandError(`${file} exists already: give another file, or --force to replace it.`)
  }
  await mkdir(dirname(resolve(file)), { recursive: true })
  if (target.databaseUrl) await backupPostgres(target.databaseUrl, file)
  else await backupPglite(target.dataDir, file)
  const { size } = await stat(file)
  return `Backed up ${where(target)} to ${file} (${megabytes(size)}).\nRestore it with: npm run db:restore -- ${file}`
}

/** Restores `file` into the (empty) database; --force replaces what is there. */
export async function restore(
  target: BackupTarget,
  file: string,
  { force = false } = {},
): Promise<string> {
  if (!existsSync(file)) throw new CommandError(`No file ${file}.`)
  const kind = await kindOfFile(file)
  if (kind === 'unknown') {
    throw new CommandError(`${file} is not a backup made by npm run db:backup.`)
  }
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new CommandError(
      `${file} is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.`,
    )
  }
  if (kind === 'pglite' && target.databaseUrl) {
    throw new CommandError(
      `${file} is a backup of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.`,
    )
  }
  let note = ''
  if (target.databaseUrl) await restorePostgres(target.databaseUrl, file, force)
  else note = await restorePglite(target.dataDir, file, force)
  return `Restored ${file} into ${where(target)}.${note}\nThe server applies newer migrations, if any, when it starts.`
}

const USAGE = {
  backup: {
    line: 'npm run db:backup -- [file] [--force]',
    summary:
      'Backs up the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR) to a file: by default a new one in ./backups/.',
    force: 'Replace the file if it exists.',
  },
  restore: {
    line: 'npm run db:restore -- <file> [--force]',
    summary:
      'Restores a backup made by npm run db:backup into the database the server uses, which must be empty (a new PostgreSQL database, or an empty DATA_DIR); stop the server first.',
    force: 'Restore over a database that is not empty (PGlite: the old DATA_DIR is moved aside).',
  },
} as const

const help = (command: keyof typeof USAGE) =>
  [
    `Usage: ${USAGE[command].line}`,
    '',
    USAGE[command].summary,
    '',
    'Options:',
    `  --force  ${USAGE[command].force}`,
    '  --help   Show this help.',
  ].join('\n')

/** `backup [file] [--force]` or `restore <file> [--force]`, as the npm scripts run them. */
export async function runBackupCommand(
  argv: readonly string[],
  target: BackupTarget = targetFromEnv(),
): Promise<CommandResult> {
  const [command, ...words] = argv
  if (command !== 'backup' && command !== 'restore') {
    return {
      code: 2,
      out: '',
      err: 'Usage: npm run db:backup -- [file], npm run db:restore -- <file>',
    }
  }
  return commandResult(async () => {
    const files = words.filter((word) => !word.startsWith('-'))
    const options = words.filter((word) => word.startsWith('-'))
    if (options.some((word) => word === '--help' || word === '-h')) return help(command)
    const unknown = options.find((word) => word !== '--force')
    if (unknown) throw new UsageError(`Unknown option ${unknown}: the only one is --force.`)
    const [file, extra] = files
    if (extra !== undefined) throw new UsageError(`One file only; also given: ${extra}.`)
    const force = options.includes('--force')
    if (command === 'backup') return backup(target, file, { force })
    if (!file) throw new UsageError('Give the backup file to restore.')
    return restore(target, file, { force })
  }, help(command))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await printResult(runBackupCommand(process.argv.slice(2)))
}
