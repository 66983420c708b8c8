import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'

// What an outsider can make the database do: a request the rate limiter refuses, or one to an
// API path that does not exist, costs no query at all, even with a bearer token to look up.

/** Counts the SQL statements sent by the query layer (PGlite and node-postgres both `query`). */
function countQueries(db: Db) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  return vi.spyOn(client, 'query')
}

const tightLimits = () => ({
  address: { max: 1, timeWindow: '1 minute' },
  email: { max: 100, timeWindow: '1 minute' },
  nameSpace: `cost-${randomBytes(6).toString('hex')}-`,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('database work an outsider can cause', () => {
    let api: TestApi
    let token: string
    let queries: ReturnType<typeof countQueries>
    let webRoot: string
    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'edge-cost-web-'))
      writeFileSync(
        join(webRoot, 'index.html'),
        '<!doctype html><html><head></head><body></body></html>',
      )
      api = await startApi(kind, { webRoot, app: { rateLimit: tightLimits() } })
      token = await signIn(api, 'ada@example.com')
      queries = countQueries(api.db)
    })
    afterAll(async () => {
      queries?.mockRestore()
      await api?.close()
      rmSync(webRoot, { recursive: true, force: true })
    })
    beforeEach(() => {
      // (A block: a function returned from beforeEach would be run as its cleanup.)
      queries.mockClear()
    })

    it('a call the address limit refuses costs no query, with a live or a made-up token', async () => {
      const book = (authorization: Record<string, string>) =>
        api.app.inject({
          method: 'POST',
          url: '/api/bookings/rsvp',
          payload: {},
          headers: authorization,
          remoteAddress: '203.0.113.30',
        })
      // The first attempt spends the budget (and looks its session up).
      expect((await book(bearer(token))).statusCode).toBe(400)
      queries.mockClear()
      for (let i = 0; i < 5; i++) {
        expect((await book(bearer(token))).statusCode).toBe(429)
        expect((await book(bearer(madeUpToken()))).statusCode).toBe(429)
      }
      expect(queries).toHaveBeenCalledTimes(0)
    })

    it('an unknown /api path answers a JSON 404 and costs no query, whatever its method', async () => {
      for (const [method, url] of [
        ['GET', '/api/no-such-thing'],
        ['GET', '/api/events/rooftop-jazz/unknown'],
        ['POST', '/api/no-such-thing'],
        ['DELETE', '/api/events'],
      ] as const) {
        const response = await api.app.inject({
          method,
          url,
          headers: bearer(madeUpToken()),
          ...(method === 'POST' ? { payload: { Email: 'ada@example.com' } } : {}),
        })
        expectError(response, 404, /./)
      }
      expect(queries).toHaveBeenCalledTimes(0)
    })

    it('a call that is allowed still finds its session (one lookup)', async () => {
      const response = await api.app.inject({
        url: '/api/accounts/profile',
        headers: bearer(token),
      })
      expect(response.statusCode).toBe(200)
      expect(queries.mock.calls.length).toBeGreaterThanOrEqual(1)
    })
  })
})
