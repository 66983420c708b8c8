import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import type { AppOptions } from '../../server/app.ts'
import { payments } from '../../server/db/schema.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import {
  type EventRow,
  eventMaker,
  mailTo,
  poetry,
  ticketTo,
  UNLIMITED,
} from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'

// Every address the server sends a person to is on PUBLIC_URL's origin (issue 44). The request's
// Host, or X-Forwarded-Host from a proxy the server trusts, once chose it: with
// `Host: evil.example` a genuine checkout sent the payer, and the payment's reference, to
// `http://evil.example/phish?reference=...`.

const PUBLIC_URL = 'https://sixteen.example'
const REFUSED =
  'The return address must be on https://sixteen.example: a path such as /event/rooftop-jazz, or an address starting https://sixteen.example/.'
const PRICE_MINOR = 500_000

type Authorization = components['schemas']['Authorization']

/** What a request says about where it came from: a forged Host, or a trusted proxy's word. */
const FORGED = {
  'a forged Host': { host: 'evil.example' },
  'X-Forwarded-Host from a trusted proxy': {
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'http',
  },
} as const

interface Checkout {
  options(): Promise<Partial<AppOptions>>
  /** Where the payer's browser is sent once they have paid. */
  payerReturn(api: TestApi, start: Authorization): Promise<string>
  close(): Promise<void>
}

const sandbox: Checkout = {
  options: async () => ({ payments: { provider: 'sandbox' } }),
  async payerReturn(api, start) {
    const answer = await api.app.inject({
      method: 'POST',
      url: new URL(start.authorization_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    })
    expect(answer.statusCode).toBe(303)
    return String(answer.headers.location)
  },
  close: async () => {},
}

function paystack(): Checkout {
  let fake: FakePaystack | null = null
  return {
    async options() {
      fake = await startFakePaystack()
      return { payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url } }
    },
    // The callback_url Paystack was given, with the reference it adds.
    async payerReturn(_api, start) {
      if (!fake) throw new Error('no fake Paystack')
      return fake.decline(start.reference).returnUrl
    },
    close: async () => fake?.close(),
  }
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('every address a person is sent to is on PUBLIC_URL', () => {
    describe.each([
      ['the sandbox checkout', sandbox],
      ['Paystack (a local fake)', paystack()],
    ] as const)('a card payment through %s', (_provider, checkout: Checkout) => {
      let api: TestApi
      let event: EventRow
      let serial = 0

      beforeAll(async () => {
        api = await startApi(kind, {
          app: {
            ...(await checkout.options()),
            publicUrl: PUBLIC_URL,
            // app.inject's requests come from 127.0.0.1: a proxy the server believes.
            trustProxy: ['loopback'],
            rateLimit: UNLIMITED,
          },
        })
        event = await eventMaker(
          api.db,
          'Return Night',
        )({
          day: '2026-11-25',
          slots: ['7pm - 10pm'],
          price: PRICE_MINOR,
          capacity: 50,
        })
      })
      afterAll(async () => {
        await api?.close()
        await checkout.close()
      })

      const initiate = (callbackUrl: string, headers: Record<string, string>) => {
        const email = `returning.${++serial}@example.com`
        const who = { Email: email, Name: 'Tolu Adeyemi', Phone: '+234 803 555 0199' }
        return {
          email,
          response: api.app.inject({
            method: 'POST',
            url: '/api/payments/initiate',
            headers,
            payload: {
              callbackUrl,
              email,
              payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
              booking: ticketTo(event, who, 'paystack'),
            },
          }),
        }
      }

      describe.each(Object.entries(FORGED))('with %s', (_forgery, headers) => {
        it.each([
          ['a path', '/profile/bookings?from=card'],
          ['an address on PUBLIC_URL', `${PUBLIC_URL}/profile/bookings?from=card`],
        ])(
          'and %s as the callback, the payer comes back to PUBLIC_URL',
          async (_kind, callback) => {
            const started = await initiate(callback, headers).response
            expect(started.statusCode, started.body).toBe(201)
            const start: Authorization = started.json().data
            if (checkout === sandbox)
              expect(new URL(start.authorization_url).origin).toBe(PUBLIC_URL)
            const back = new URL(await checkout.payerReturn(api, start))
            expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/profile/bookings`)
            expect(back.searchParams.get('from')).toBe('card')
            expect(back.searchParams.get('reference')).toBe(start.reference)
          },
        )

        it('an address on the origin it claims is refused with 400, and nothing starts', async () => {
          for (const callback of ['http://evil.example/phish', '//evil.example/phish']) {
            const { email, response } = initiate(callback, headers)
            expectError(await response, 400, REFUSED)
            expect(await api.db.select().from(payments).where(eq(payments.email, email))).toEqual(
              [],
            )
          }
        })
      })
    })

    describe('e-mailed links', () => {
      let api: TestApi
      beforeAll(async () => {
        api = await startApi(kind, {
          app: { publicUrl: PUBLIC_URL, trustProxy: ['loopback'], rateLimit: UNLIMITED },
        })
      })
      afterAll(() => api?.close())
      let serial = 0

      it.each(Object.entries(FORGED))(
        'a login link asked with %s is on PUBLIC_URL',
        async (_f, headers) => {
          const email = 'ada@example.com'
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/accounts/login',
            headers,
            payload: { email },
          })
          expect(response.statusCode, response.body).toBe(200)
          const [mail] = (await mailTo(api.db, email)).slice(-1)
          const links = mail?.text.match(/https?:\/\/\S+/g) ?? []
          expect(links).toEqual([
            expect.stringMatching(/^https:\/\/sixteen\.example\/verify\?token=/),
          ])
          expect(mail?.html).not.toContain('evil.example')
        },
      )

      it.each(Object.entries(FORGED))(
        'a receipt for an RSVP made with %s links to PUBLIC_URL',
        async (_f, headers) => {
          const email = `rsvp.${++serial}@example.com`
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/bookings/rsvp',
            headers,
            payload: poetry({ Email: email }),
          })
          expect(response.statusCode, response.body).toBe(201)
          const [receipt] = await mailTo(api.db, email)
          const links = receipt?.text.match(/https?:\/\/\S+/g) ?? []
          expect(links.length).toBeGreaterThan(0)
          for (const link of links) expect(new URL(link).origin).toBe(PUBLIC_URL)
          expect(receipt?.html ?? '').not.toContain('evil.example')
        },
      )
    })
  })
})
