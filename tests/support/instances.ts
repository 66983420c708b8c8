import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

// Real server processes (the production build, `dist-server/main.mjs`, as `npm start` runs it;
// `npm run build` first) on ports of 127.0.0.1, on a fresh PostgreSQL database of their own:
// what the fault tests kill, cut off and run side by side. Nothing here needs Vitest, so
// tests/bench/reliability.ts runs the same instances.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The bundled server `npm run build` writes. */
const SERVER_BUILD = fileURLToPath(new URL('../../dist-server/main.mjs', import.meta.url))

/** The PostgreSQL the tests use when DATABASE_URL does not name another. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Whether a PostgreSQL server answers at this URL within 2 s. */
export async function postgresAnswers(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export interface FreshDatabase {
  url: string
  name: string
  drop(): Promise<void>
}

/**
 * An empty database on the server (the instances migrate it as they start), or a copy of
 * `template` (the test run's migrated one: nothing left to migrate). `prefix` names it so the
 * test run's teardown drops it even if this process dies first.
 */
export async function freshDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<FreshDatabase> {
  const name = `${prefix}${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export interface Instance {
  /** http://127.0.0.1:port */
  url: string
  /** The process id: the same before and after a fault means it was never restarted. */
  pid: number
  /** Whether the process is still running. */
  alive(): boolean
  /** How it ended: its exit code, or the signal that ended it; null while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null
  /** Ends the process at once, as a crash or an OOM kill would (no shutdown hooks run). */
  kill(): Promise<void>
  /** Asks the process to shut down (SIGTERM), as a deploy does. */
  stop(): Promise<void>
  /** What the process wrote, for a failure's message. */
  output(): string
}

export interface InstanceOptions {
  databaseUrl: string
  /** More environment: PAYSTACK_SECRET_KEY, PAYSTACK_BASE_URL, ... */
  env?: Record<string, string>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

/**
 * Starts the production server in a process of its own (plain node, so the pid is the server's
 * own) and waits until /api/health answers 200. The instance believes X-Forwarded-For
 * from 127.0.0.1 (TRUST_PROXY=loopback), as behind a load balancer: a test speaks for many
 * people, each from their own address, and so within the real rate limits.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), options)
    } catch (error) {
      // Another process took the free port between our look and the server's listen.
      if (attempt >= 3 || !(error as Error).message.includes('EADDRINUSE')) throw error
    }
  }
}

/** The production server's process, with the environment startInstance describes. */
function spawnServer(port: number, { databaseUrl, env = {} }: InstanceOptions): ChildProcess {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`No production server at ${SERVER_BUILD}: run \`npm run build\` first.`)
  }
  return spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      REDIS_URL: '',
      SMTP_URL: '',
      // Instances fill free events with visitors to test faults and races, not the visitors'
      // share of places (tests/api/visitor-share.test.ts tests it): lifted.
      VISITOR_SHARE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export interface Refusal {
  /** The exit code; null when the server did not exit but started (then it was stopped). */
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs the production server for a start it should refuse (a setting missing), as
 * startInstance would start it, and waits at most `timeoutMs` for it to exit.
 */
export async function refusedStart(options: InstanceOptions, timeoutMs = 20_000): Promise<Refusal> {
  const child = spawnServer(await freePort(), options)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  // 'close', not 'exit': by then the pipes have handed over all the process wrote.
  const closed = new Promise((done) => child.once('close', done))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await closed
  clearTimeout(timer)
  return { code: child.signalCode === null ? child.exitCode : null, stdout, stderr }
}

async function startOnPort(port: number, options: InstanceOptions) {
  const child = spawnServer(port, options)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const instance: Instance = {
    url,
    pid: child.pid ?? -1,
    alive: () => child.exitCode === null && child.signalCode === null,
    exit: () => (instance.alive() ? null : { code: child.exitCode, signal: child.signalCode }),
    async kill() {
      if (instance.alive()) child.kill('SIGKILL')
      await exited(child)
    },
    async stop() {
      if (instance.alive()) child.kill('SIGTERM')
      await exited(child)
    },
    output: () => output,
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (!instance.alive()) {
      throw new Error(`The server process ended while starting:\n${output}`)
    }
    const healthy = await fetch(`${url}/api/health`)
      .then(async (response) => {
        await response.arrayBuffer()
        return response.ok
      })
      .catch(() => false)
    if (healthy) return instance
    await new Promise((done) => setTimeout(done, 100))
  }
  await instance.kill()
  throw new Error(`The server did not answer /api/health within 60 s:\n${output}`)
}
