import { createHmac } from 'node:crypto'
import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, payments, wallets } from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import {
  DAYS,
  debitWallet,
  jazz,
  photoWalk,
  poetry,
  rsvp,
  UNLIMITED,
  walletBooks,
} from '../support/bookings.ts'

// Found by the contract fuzzer (npm run fuzz): PostgreSQL cannot store U+0000 in text or jsonb,
// so a NUL inside any string that reached an INSERT or a WHERE answered 500 ('invalid byte
// sequence for encoding "UTF8": 0x00'). The contract's patterns let it through (an e-mail's old
// [^\s@] matched it). An unpaired UTF-16 surrogate ('\ud800' in JSON) is no character either:
// jsonb refuses it (a payment's payload, a booking's answers), so it answered 500 too. Both are
// now refused up front with 400 and a message naming the field; in an e-mail, neither is allowed
// by the e-mail rule (machines/rules/email.ts), which refuses it first with the forms' sentence.

const NUL = '\u0000'
const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }
const SECRET = 'unstorable-text-webhook-secret'
const INVALID_EMAIL = 'Please enter a valid email address.'
const nulMessage = (field: string) =>
  `${field} contains a character we cannot store (U+0000). Please remove it and try again.`
const unpairedMessage = (field: string, code: string) =>
  `${field} contains a character we cannot store (an unpaired surrogate, U+${code}). Please remove it and try again.`

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('text with U+0000 (NUL) is refused with 400, never a 500', () => {
    let api: TestApi
    let ada: string
    let adaWallet: string

    beforeAll(async () => {
      api = await startApi(kind, {
        app: { rateLimit: UNLIMITED, payments: { provider: 'sandbox', webhookSecret: SECRET } },
      })
      ada = await signIn(api, 'ada@example.com')
      const [wallet] = await api.db.select().from(wallets).where(isNotNull(wallets.accountId))
      adaWallet = wallet?.id ?? ''
    })
    afterAll(() => api?.close())

    const bookingCount = async () =>
      (await api.db.select({ id: bookings.id }).from(bookings)).length

    it.each([
      ['Name', { Name: `Nul${NUL}Person`, Email: 'nul.name@example.com' }],
      ['Names of Visitors', { 'Names of Visitors': `Tolu${NUL}`, Email: 'nul.guests@example.com' }],
      ['Event', { Event: `poetry-and-palm-wine${NUL}`, Email: 'nul.event@example.com' }],
      ['Venue', { Venue: `Courtyard${NUL}`, Email: 'nul.venue@example.com' }],
    ])('createBooking: NUL in %s', async (field, extra) => {
      const before = await bookingCount()
      const response = await rsvp(api, poetry(extra))
      expectError(response, 400, nulMessage(field))
      expect(await bookingCount()).toBe(before)
    })

    it('createBooking: NUL in the e-mail is no address (the form’s own sentence)', async () => {
      const before = await bookingCount()
      const response = await rsvp(api, poetry({ Email: `nul${NUL}@example.com` }))
      expectError(response, 400, INVALID_EMAIL, 'Email')
      expect(await bookingCount()).toBe(before)
    })

    it('createBooking: NUL in an answer to an extra question (metadata)', async () => {
      const response = await rsvp(
        api,
        poetry({ Email: 'nul.answer@example.com', metadata: `{"a":"b${NUL}"}` }),
      )
      expectError(response, 400, nulMessage('metadata'))
    })

    it('debitWallet: NUL in an answer stored as jsonb, and in the narration', async () => {
      const before = await walletBooks(api.db, adaWallet)
      const photoWalk = {
        ...ADA,
        Event: 'photo-walk-lagos-island',
        Type: 'event' as const,
        Venue: 'Meet at Tinubu Square',
        Date: DAYS.photoWalk,
        Amount: 250_000,
        'Time Slot': '7:30am - 11am',
        'Paid with': 'wallet' as const,
        'Payment Reference': null,
        metadata: JSON.stringify({ 'Camera type': `Phone${NUL}` }),
      }
      const answer = await debitWallet(
        api,
        adaWallet,
        { debitAmount: 250_000, narration: 'Photo walk', booking: photoWalk },
        { token: ada },
      )
      expectError(answer, 400, nulMessage('metadata'))
      const narration = await debitWallet(
        api,
        adaWallet,
        {
          debitAmount: 250_000,
          narration: `Photo${NUL}walk`,
          booking: { ...photoWalk, metadata: null },
        },
        { token: ada },
      )
      expectError(narration, 400, nulMessage('narration'))
      expect(await walletBooks(api.db, adaWallet)).toEqual(before)
    })

    it('initiatePayment: NUL in the payer’s e-mail', async () => {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: '/event/rooftop-jazz',
          email: `nul${NUL}@example.com`,
          payment: { Amount: 1_000_000, Currency: 'NGN', Account: null, Plan: null },
          booking: jazz({ Email: 'nul.payer@example.com' }),
        },
      })
      expectError(response, 400, INVALID_EMAIL, 'email')
      expect(
        await api.db.select().from(payments).where(eq(payments.email, 'nul.payer@example.com')),
      ).toEqual([])
    })

    it('paymentWebhook: a signed event naming a reference with NUL is no payment of ours', async () => {
      const body = JSON.stringify({
        event: 'charge.success',
        data: { reference: `SXT-${NUL}ABC`, amount: 100, currency: 'NGN' },
      })
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
        },
        payload: body,
      })
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 200,
        body: { status: 'success', message: 'No payment has this reference.' },
      })
    })

    it('initiatePayment: an unpaired surrogate in a name (the payment keeps the booking as jsonb)', async () => {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: '/event/rooftop-jazz',
          email: 'lone.surrogate@example.com',
          payment: { Amount: 1_000_000, Currency: 'NGN', Account: null, Plan: null },
          booking: jazz({ Email: 'lone.surrogate@example.com', Name: 'Ada Ok\uD800afor' }),
        },
      })
      expectError(response, 400, unpairedMessage('booking › Name', 'D800'))
      expect(
        await api.db
          .select()
          .from(payments)
          .where(eq(payments.email, 'lone.surrogate@example.com')),
      ).toEqual([])
    })

    it('debitWallet: an unpaired surrogate escaped in an answer (stored as jsonb)', async () => {
      const response = await debitWallet(
        api,
        adaWallet,
        {
          debitAmount: 250_000,
          narration: 'Photo walk',
          booking: photoWalk({
            ...ADA,
            metadata: '{"Camera type": "Phone \\udc00"}',
          }),
        },
        { token: ada },
      )
      expectError(response, 400, unpairedMessage('metadata', 'DC00'))
    })

    it('a signed-in booking is refused the same way', async () => {
      const response = await rsvp(api, poetry({ ...ADA, Name: `Ada${NUL}` }), { token: ada })
      expectError(response, 400, nulMessage('Name'))
      const mine = await api.app.inject({
        url: '/api/bookings/ada@example.com',
        headers: bearer(ada),
      })
      expect(mine.statusCode).toBe(200)
    })
  })
})
