// The production server as `npm start` runs it (`dist-server/main.mjs` by plain node, after
// `npm run build`) on PostgreSQL: how long it takes to start on a database already migrated and
// seeded (spawn to the first 200 of /api/health, build excluded), and what it holds resident after
// 10,000 requests of pages and reads. Targets: under 2 s, under 200 MB.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { DEFAULT_ADMIN_URL, freshDatabase, startInstance } from '../support/instances'

interface AutocannonResult {
  non2xx: number
  errors: number
  requests: { total: number }
}
// autocannon ships no types: only what is used here is named.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  amount: number
  requests: { path: string }[]
  headers?: Record<string, string>
}) => Promise<AutocannonResult>

export interface ProcessFigures {
  /** Spawn to the first healthy answer, on a database the first start migrated and seeded. */
  startMs: number
  /** Resident memory after the requests (VmRSS), in MB. */
  residentMb: number
  requests: number
}

const residentMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

export async function benchProductionServer(
  adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL,
): Promise<ProcessFigures> {
  const database = await freshDatabase(adminUrl, 'bench_process_')
  const options = { databaseUrl: database.url, env: { SEED_DEMO_DATA: 'true' } }
  try {
    // The first start migrates and seeds the empty database; the second is a start as deploys do.
    await (await startInstance(options)).stop()
    const began = performance.now()
    const instance = await startInstance(options)
    const startMs = performance.now() - began
    try {
      const result = await autocannon({
        url: instance.url,
        connections: 16,
        amount: 10_000,
        requests: [{ path: '/' }, { path: '/api/events' }, { path: '/event/rooftop-jazz' }],
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`${result.errors} errors, ${result.non2xx} answers other than 2xx`)
      }
      return { startMs, residentMb: residentMb(instance.pid), requests: result.requests.total }
    } finally {
      await instance.stop()
    }
  } finally {
    await database.drop()
  }
}
