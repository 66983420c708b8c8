import { describe, expect, inject, it } from 'vitest'
import { SERVICE_UNAVAILABLE } from '../../server/http/errors.ts'
import { type DatabaseCutResult, databaseCut, isErrorShape } from '../fault/scenarios.ts'

// A running server loses its database under load, then gets it back: callers get 503s in the
// error shape meanwhile (never a 500, never a crash), and the same process serves again once
// the database is back, without a restart.

const template = inject('postgresTemplate')

const allSucceeded = (byStatus: Record<number, number>) =>
  Object.keys(byStatus).every((status) => status === '200' || status === '201')

/** What holds whichever way the database went away. */
function expectRecovered(result: DatabaseCutResult) {
  expect(result.sameProcess, result.serverOutput).toBe(true)
  expect(allSucceeded(result.before), JSON.stringify(result.before)).toBe(true)
  // Meanwhile: 503s in the error shape, and nothing else goes wrong (cached reads may still work).
  expect(result.during[503] ?? 0).toBeGreaterThan(0)
  expect(result.malformedDuring).toEqual([])
  // Back without a restart: once one request succeeds again, every later one does.
  expect(result.recoveryMs).not.toBeNull()
  expect(allSucceeded(result.after), JSON.stringify(result.after)).toBe(true)
}

describe.skipIf(!template)(
  template
    ? 'a server losing its database under load (PostgreSQL)'
    : 'a server losing its database (skipped: no PostgreSQL server answered)',
  () => {
    const setup = template ? { adminUrl: template.adminUrl, prefix: template.prefix } : null

    it('network cut: 503 in the error shape meanwhile, /api/health says so, then recovers', async () => {
      if (!setup) return
      const result = await databaseCut(setup, { kind: 'relay' })
      console.log(result.figure)
      expectRecovered(result)
      expect(result.healthDuring.status).toBe(503)
      expect(isErrorShape(result.healthDuring.body, SERVICE_UNAVAILABLE)).toBe(true)
    }, 120_000)

    it('connections terminated again and again (a failover): 503s, never a 500, then recovers', async () => {
      if (!setup) return
      const result = await databaseCut(setup, { kind: 'terminate' })
      console.log(result.figure)
      expectRecovered(result)
    }, 120_000)
  },
)
