// The server's throughput on its public reads: GET /api/events and GET / at 100 connections,
// requests per second and p99 latency, beside a bare Fastify route serving the same body in the
// same run (the ceiling of this machine), median of 3 rounds. Every request asks as a browser
// does (Accept-Encoding: gzip, deflate, br, zstd), and the bare route sends the bytes the app
// sent, compressed as they were. Targets: GET /api/events at least half the bare route's requests
// per second, p99 under 50 ms.
// Runs in one process on an in-memory PGlite seeded with the demo data: `npx tsx tests/bench/server.ts`.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { migrate, openDatabase } from '../../server/db/client.ts'
import { seedDemoData } from '../../server/db/seed.ts'

interface AutocannonResult {
  requests: { average: number }
  latency: { p99: number }
  non2xx: number
  errors: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  workers?: number
  headers?: Record<string, string>
}) => Promise<AutocannonResult>
// autocannon ships no types: only what is used here is named.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const CONNECTIONS = 100
const ROUNDS = 3
const SECONDS = 5
/** What Chromium sends. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' }

export interface Figures {
  reqPerSec: number
  p99Ms: number
}

export interface PathFigures {
  path: string
  app: Figures
  bare: Figures
  /** The app's requests per second over the bare route's. */
  ratio: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function load(url: string): Promise<Figures> {
  // The load comes from a worker thread, so this process's event loop serves only the server.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    workers: 1,
    headers: BROWSER_HEADERS,
  })
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`)
  }
  return { reqPerSec: result.requests.average, p99Ms: result.latency.p99 }
}

const origin = (server: FastifyInstance) =>
  `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`

/** The built web app when there is one (GET / serves it); without it, GET / is skipped. */
function webRoot(): string | null {
  const root = process.env.WEB_ROOT ?? fileURLToPath(new URL('../../dist', import.meta.url))
  return existsSync(`${root}/index.html`) ? root : null
}

/** Measures the app and a bare Fastify route with the same body, rounds interleaved. */
export async function benchServer(): Promise<PathFigures[]> {
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  await seedDemoData(database.db, new Date())
  const root = webRoot()
  const app = await buildApp({ db: database.db, webRoot: root })
  const bare = Fastify()
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const paths = root ? ['/api/events', '/'] : ['/api/events']
    // The same bytes, type and encoding the app answers with, asked for once.
    for (const path of paths) {
      const response = await app.inject({ url: path, headers: BROWSER_HEADERS })
      const type = response.headers['content-type'] ?? 'application/octet-stream'
      const encoding = response.headers['content-encoding']
      const body = response.rawPayload
      bare.get(path, (_request, reply) => {
        if (encoding) reply.header('content-encoding', encoding)
        return reply.type(String(type)).send(body)
      })
    }
    await bare.listen({ port: 0, host: '127.0.0.1' })

    const rounds = new Map(
      paths.map((path) => [path, { app: [] as Figures[], bare: [] as Figures[] }]),
    )
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const path of paths) {
        const figures = rounds.get(path)
        figures?.app.push(await load(`${origin(app)}${path}`))
        figures?.bare.push(await load(`${origin(bare)}${path}`))
      }
    }
    return paths.map((path) => {
      const { app: appRuns, bare: bareRuns } = rounds.get(path) ?? { app: [], bare: [] }
      const summary = (runs: Figures[]): Figures => ({
        reqPerSec: median(runs.map((run) => run.reqPerSec)),
        p99Ms: median(runs.map((run) => run.p99Ms)),
      })
      const appFigures = summary(appRuns)
      const bareFigures = summary(bareRuns)
      return {
        path,
        app: appFigures,
        bare: bareFigures,
        ratio: appFigures.reqPerSec / bareFigures.reqPerSec,
      }
    })
  } finally {
    await app.close()
    await bare.close()
    await database.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await benchServer()
  console.log(
    `Server at ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s (load from a worker thread):`,
  )
  for (const { path, app, bare, ratio } of figures) {
    console.log(
      `  GET ${path.padEnd(12)} app ${Math.round(app.reqPerSec)} req/s, p99 ${app.p99Ms} ms | ` +
        `bare Fastify ${Math.round(bare.reqPerSec)} req/s, p99 ${bare.p99Ms} ms | ` +
        `ratio ${ratio.toFixed(2)}`,
    )
  }
  if (!figures.some((f) => f.path === '/')) {
    console.log('  GET / skipped: no built app (npm run build, or WEB_ROOT).')
  }
  const events = figures.find((f) => f.path === '/api/events')
  if (events) {
    console.log(
      `  Target GET /api/events: ratio >= 0.50 (${events.ratio.toFixed(2)}), p99 < 50 ms (${events.app.p99Ms} ms)`,
    )
  }
}
