import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbCases, startApi, type TestApi } from '../support/api-app.ts'

// The plans people choose from: the programme's constants, as the server prices them.

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
      expect(response.json()).toEqual({
        status: 'success',
        data: [
          {
            id: 'individual-6m',
            amountDollar: 150,
            amountNaira: 250_000,
            period: '6 months',
            numberOfMembers: null,
          },
          {
            id: 'individual-12m',
            amountDollar: 250,
            amountNaira: 400_000,
            period: '1 year',
            numberOfMembers: null,
          },
          {
            id: 'community-4',
            amountDollar: 700,
            amountNaira: 1_120_000,
            period: '1 year',
            numberOfMembers: 4,
          },
          {
            id: 'community-6',
            amountDollar: 1000,
            amountNaira: 1_600_000,
            period: '24 months',
            numberOfMembers: 6,
          },
          {
            id: 'community-8',
            amountDollar: 1500,
            amountNaira: 2_400_000,
            period: '24 months',
            numberOfMembers: 8,
          },
        ],
      })
    })
  })
})
