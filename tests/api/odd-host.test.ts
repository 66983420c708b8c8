import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../../server/db/schema.ts'
import { dbCases, startApi, type TestApi } from '../support/api-app.ts'
import { type EventRow, eventMaker, ticketTo, UNLIMITED } from '../support/bookings.ts'

// Found by probing what the contract fuzzer's Host mutations reach: initiatePayment built the
// request's origin with `new URL(protocol://host)`, which throws on a Host header that is no host
// ('evil example', '[::1', 'localhost:99999'), so the call answered 500. The Host no longer
// chooses anything (every return address is on PUBLIC_URL): whatever it says, the payment starts.

const PUBLIC_URL = 'https://sixteen.example'
const ODD_HOSTS = ['evil example', '[::1', 'localhost:99999', 'a=b; c=d']

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('a Host header that is no host', () => {
    let api: TestApi
    let event: EventRow
    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, publicUrl: PUBLIC_URL } })
      event = await eventMaker(
        api.db,
        'Odd Host Night',
      )({
        day: '2026-11-25',
        slots: ['7pm - 10pm'],
        price: 500_000,
      })
    })
    afterAll(() => api?.close())

    it.each(ODD_HOSTS)(
      'initiatePayment with Host %j starts, returning to PUBLIC_URL',
      async (host) => {
        const email = `odd.host.${ODD_HOSTS.indexOf(host)}@example.com`
        const who = { Email: email, Name: 'Tolu Adeyemi', Phone: '+234 803 555 0199' }
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          headers: { host },
          payload: {
            callbackUrl: '/profile/bookings',
            email,
            payment: { Amount: 500_000, Currency: 'NGN', Account: null, Plan: null },
            booking: ticketTo(event, who, 'paystack'),
          },
        })
        expect(response.statusCode, response.body).toBe(201)
        const [payment] = await api.db.select().from(payments).where(eq(payments.email, email))
        expect(payment?.callbackUrl).toBe(`${PUBLIC_URL}/profile/bookings`)
      },
    )
  })
})
