import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailingList } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'

// POST /api/mailing-list {email}: one subscriber per address whatever its case; subscribing
// again is not an error.

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('POST /api/mailing-list', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    const subscribe = (email: string) =>
      api.app.inject({ method: 'POST', url: '/api/mailing-list', payload: { email } })

    it('stores an address once, however often and however it is cased', async () => {
      for (const email of ['Tolu@Example.com', 'tolu@example.com', 'TOLU@EXAMPLE.COM']) {
        const response = await subscribe(email)
        expect(response.statusCode).toBe(201)
        expect(response.json()).toEqual({
          status: 'success',
          message: expect.stringContaining('tolu@example.com'),
        })
      }
      const rows = await api.db.select().from(mailingList)
      expect(rows.map((row) => row.email)).toEqual(['tolu@example.com'])
    })

    it('refuses something that is not an e-mail', async () => {
      expectError(await subscribe('tolu at example'), 400, /email/i)
      expect(await api.db.select().from(mailingList)).toHaveLength(1)
    })
  })
})
