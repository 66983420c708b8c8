import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import { studio, UNLIMITED } from '../support/bookings.ts'

// Found by probing what the contract fuzzer's Host mutations reach: initiatePayment builds the
// request's origin with `new URL(protocol://host)`, which throws on a Host header that is no host
// ('evil example', '[::1', 'localhost:99999'), so the call answered 500. Now the callback is
// resolved against PUBLIC_URL when the Host is unusable, and refused with 400 when there is none.

const CALLBACK_REFUSED = 'callbackUrl must be an address on this site, e.g. /event/rooftop-jazz.'
const ODD_HOSTS = ['evil example', '[::1', 'localhost:99999', 'a=b; c=d']

const initiation = (email: string) => ({
  callbackUrl: '/booked-printstudio',
  email,
  payment: { Amount: 3_000_000, Currency: 'NGN', Account: null, Plan: null },
  booking: studio({ Email: email }),
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('a Host header that is no host', () => {
    describe('without PUBLIC_URL', () => {
      let api: TestApi
      beforeAll(async () => {
        api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      })
      afterAll(() => api?.close())

      it.each(ODD_HOSTS)(
        'initiatePayment with Host %j answers 400, starts nothing',
        async (host) => {
          const email = `odd.host.${ODD_HOSTS.indexOf(host)}@example.com`
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/payments/initiate',
            headers: { host },
            payload: initiation(email),
          })
          expectError(response, 400, CALLBACK_REFUSED)
          expect(await api.db.select().from(payments).where(eq(payments.email, email))).toEqual([])
        },
      )
    })

    describe('with PUBLIC_URL', () => {
      let api: TestApi
      beforeAll(async () => {
        api = await startApi(kind, {
          app: { rateLimit: UNLIMITED, publicUrl: 'https://sixteen.example' },
        })
      })
      afterAll(() => api?.close())

      it('a path callback is on PUBLIC_URL', async () => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          headers: { host: 'evil example' },
          payload: initiation('odd.host.public@example.com'),
        })
        expect(response.statusCode).toBe(201)
        const [payment] = await api.db
          .select()
          .from(payments)
          .where(eq(payments.email, 'odd.host.public@example.com'))
        expect(payment?.callbackUrl).toBe('https://sixteen.example/booked-printstudio')
      })
    })
  })
})
