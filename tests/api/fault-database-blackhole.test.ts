import { describe, expect, inject, it } from 'vitest'
import { readConfig } from '../../server/config.ts'
import { DEFAULT_DATABASE_TIMEOUTS } from '../../server/db/client.ts'
import { databaseBlackhole } from '../fault/scenarios.ts'

// A database that goes silent (packets dropped: connections accepted, nothing answered, those in
// the pool no better) must not hold requests: each answers 503 in the error shape within
// seconds, and once the database answers again the next request succeeds, without a restart.

const template = inject('postgresTemplate')

/** The longest a request may wait for its answer while the database is silent. */
const BOUND_MS = 5_000

describe.skipIf(!template)(
  template
    ? 'a server whose database goes silent (PostgreSQL)'
    : 'a server whose database goes silent (skipped: no PostgreSQL server answered)',
  () => {
    const setup = template ? { adminUrl: template.adminUrl, prefix: template.prefix } : null

    it('black hole: 503 within 5 s meanwhile, then the next request succeeds with no restart', async () => {
      if (!setup) return
      const result = await databaseBlackhole(setup)
      console.log(result.figure)
      expect(result.sameProcess, result.serverOutput).toBe(true)
      // Healthy before each silence: health checks and lists 200, bookings 201.
      expect(Object.keys(result.before).sort(), JSON.stringify(result.before)).toEqual([
        '200',
        '201',
      ])
      // Meanwhile: 503s in the error shape (a cached list of events may still be served)...
      expect(result.malformedDuring).toEqual([])
      expect(result.during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0)
      for (const path of ['/api/health', '/api/bookings/rsvp']) {
        const statuses = result.during.filter((a) => a.path === path).map((a) => a.status)
        expect(statuses.length).toBeGreaterThan(0)
        expect(statuses).toEqual(statuses.map(() => 503))
      }
      // ...each within the bound, none left waiting.
      expect(result.slowestMs, JSON.stringify(result.during)).toBeLessThan(BOUND_MS)
      // Back: the very next request succeeds (after a short silence too, with the pool's idle
      // connections never tried in it), and the ones after.
      expect(result.after.map((answer) => answer.status)).toEqual([200, 201, 200, 201, 200, 200])
    }, 120_000)
  },
)

describe('reading the database timeouts', () => {
  it('has defaults: connect 2 s, statement 2 s, a free pooled connection 15 s', () => {
    expect(readConfig({}).databaseTimeouts).toEqual({
      connectMs: 2_000,
      statementMs: 2_000,
      poolWaitMs: 15_000,
    })
    expect(DEFAULT_DATABASE_TIMEOUTS).toEqual(readConfig({}).databaseTimeouts)
  })

  it('reads each from its variable, in milliseconds', () => {
    expect(
      readConfig({
        DB_CONNECT_TIMEOUT_MS: '5000',
        DB_STATEMENT_TIMEOUT_MS: '10000',
        DB_POOL_WAIT_MS: '30000',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 5_000, statementMs: 10_000, poolWaitMs: 30_000 })
  })

  it('refuses a value that is not a positive whole number, naming the variable', () => {
    expect(() => readConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/)
    expect(() => readConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/)
    expect(() => readConfig({ DB_POOL_WAIT_MS: '1.5' })).toThrow(/DB_POOL_WAIT_MS/)
  })
})
