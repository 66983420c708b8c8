import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLANS } from '../../machines/rules/membership.ts'
import { dbCases, startApi, type TestApi } from '../support/api-app.ts'

// The plans people choose from: the programme's constants, as the server answers them.

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('GET /api/plans', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    it('lists the individual plans, then the community sizes, with both prices and periods', async () => {
      const response = await api.app.inject({ url: '/api/plans' })
      expect(response.statusCode).toBe(200)
      // The same plans as the app's rules, whose figures tests/unit/rules/membership.test.ts pins.
      expect(response.json()).toEqual({ status: 'success', data: PLANS })
    })
  })
})
