import { createHmac } from 'node:crypto'
import { addMinutes } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import type { AppOptions } from '../../server/app.ts'
import {
  accounts,
  bookings,
  events,
  payments,
  sandboxTransactions,
} from '../../server/db/schema.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET } from '../../server/payments/provider.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { mailTo, UNLIMITED } from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'

type Authorization = components['schemas']['Authorization']

/** The day after NOW (Wednesday 25 November 2026), when the test events run. */
const DAY = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 500_000
const PUBLIC_URL = 'https://sixteen.example'

/** The card provider as a customer meets it: its checkout, and what it keeps on its side. */
interface Provider {
  name: 'sandbox' | 'paystack'
  /** Signs webhooks: the sandbox's secret, or Paystack's secret key. */
  secret: string
  start(): Promise<Partial<AppOptions>>
  /** After the app is up: Paystack's webhooks need an address to reach it. */
  attach(api: TestApi): Promise<void>
  stop(): Promise<void>
  /** The customer pays; returns where the browser is sent back to. */
  pay(api: TestApi, start: Authorization): Promise<string>
  decline(api: TestApi, start: Authorization): Promise<string>
  abandon(api: TestApi, start: Authorization): Promise<string>
  /** The provider took the money, but neither webhook nor return has told us yet. */
  paidQuietly(api: TestApi, reference: string): Promise<void>
  /** Refunds the provider made, as [reference, minor units]. */
  refunds(api: TestApi): Promise<[string, number][]>
  /** Paystack's fake, for what only a remote provider can do (be down, charge oddly). */
  fake?: () => FakePaystack
}

/** Acts on the sandbox checkout page as a browser would: GET the page, POST a button. */
async function sandboxAnswer(api: TestApi, start: Authorization, outcome: string) {
  const path = new URL(start.authorization_url).pathname
  const page = await api.app.inject({ url: path })
  expect(page.statusCode).toBe(200)
  expect(page.body).toContain(`value="${outcome}"`)
  const answer = await api.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  })
  expect(answer.statusCode).toBe(303)
  return String(answer.headers.location)
}

function sandbox(): Provider {
  return {
    name: 'sandbox',
    secret: DEFAULT_SANDBOX_WEBHOOK_SECRET,
    start: async () => ({ payments: { provider: 'sandbox' } }),
    attach: async () => {},
    stop: async () => {},
    pay: (api, start) => sandboxAnswer(api, start, 'pay'),
    decline: (api, start) => sandboxAnswer(api, start, 'decline'),
    abandon: (api, start) => sandboxAnswer(api, start, 'cancel'),
    async paidQuietly(api, reference) {
      await api.db
        .update(sandboxTransactions)
        .set({ status: 'success', paidAt: new Date() })
        .where(eq(sandboxTransactions.reference, reference))
    },
    async refunds(api) {
      const rows = await api.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.status, 'refunded'))
      return rows.map((row) => [row.reference, row.amountMinor])
    },
  }
}

function paystack(): Provider {
  let fake: FakePaystack
  return {
    name: 'paystack',
    get secret() {
      return fake.secretKey
    },
    async start() {
      fake = await startFakePaystack()
      return { payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url } }
    },
    async attach(api) {
      const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/payments/webhook`
    },
    stop: async () => fake?.close(),
    async pay(_api, start) {
      const { returnUrl, webhook } = await fake.pay(start.reference)
      expect(webhook.attempts).toEqual([200])
      return returnUrl
    },
    decline: async (_api, start) => fake.decline(start.reference).returnUrl,
    abandon: async (_api, start) => fake.abandon(start.reference).returnUrl,
    async paidQuietly(_api, reference) {
      const transaction = fake.transactions.get(reference)
      if (!transaction) throw new Error(`no fake transaction ${reference}`)
      Object.assign(transaction, { status: 'success', channel: 'card', paidAt: NOW.toISOString() })
    },
    refunds: async () => fake.refunds().map((refund) => [refund.reference, refund.amount]),
    fake: () => fake,
  }
}

const sign = (body: string, secret: string) =>
  createHmac('sha512', secret).update(body).digest('hex')

describe.each(dbCases())('%s', (_dbName, kind, skip) => {
  describe.skipIf(skip).each([
    ['with the sandbox checkout', sandbox()],
    ['with Paystack (a local fake)', paystack()],
  ] as const)('card payments %s', (_providerName, provider: Provider) => {
    let api: TestApi
    let clock = NOW
    let serial = 0

    beforeAll(async () => {
      const options = await provider.start()
      api = await startApi(kind, {
        app: {
          ...options,
          now: () => clock,
          publicUrl: PUBLIC_URL,
          rateLimit: UNLIMITED,
        },
      })
      await provider.attach(api)
    })
    afterAll(async () => {
      await api?.close()
      await provider.stop()
    })
    afterEach(() => {
      clock = NOW
    })

    /** An event of its own per test (tomorrow, ₦5,000), so tests never share places. */
    async function newEvent(capacity = 20): Promise<string> {
      serial += 1
      const id = `${provider.name}-night-${serial}`
      await api.db.insert(events).values({
        id,
        name: `Night ${serial}`,
        address: '16 Test Street, Lagos',
        venue: 'The Rooftop',
        startAt: new Date(`${DAY}T18:00:00Z`),
        endAt: new Date(`${DAY}T21:00:00Z`),
        timeSlots: [SLOT],
        priceNaira: PRICE_MINOR / 100,
        capacity,
      })
      return id
    }

    const guestEmail = () => `guest-${provider.name}-${++serial}@example.com`

    const ticket = (eventId: string, email: string, overrides: Record<string, unknown> = {}) => ({
      Email: email,
      Name: 'Tolu Adeyemi',
      Event: eventId,
      Type: 'event',
      Venue: 'The Rooftop',
      Date: DAY,
      Amount: PRICE_MINOR,
      'Time Slot': SLOT,
      'Paid with': 'paystack',
      'Payment Reference': null,
      Phone: '+234 803 555 0199',
      Visitors: 0,
      ...overrides,
    })

    const initiation = (
      eventId: string,
      email: string,
      overrides: Record<string, unknown> = {},
    ) => ({
      callbackUrl: `/event/${eventId}/registered`,
      email,
      payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
      booking: ticket(eventId, email),
      ...overrides,
    })

    const initiate = (body: unknown, headers: Record<string, string> = {}) =>
      api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers,
        payload: body as object,
      })

    async function started(eventId: string, email: string): Promise<Authorization> {
      const response = await initiate(initiation(eventId, email))
      expect(response.statusCode, response.body).toBe(201)
      return response.json().data
    }

    /** What the payment return page does with `?reference=`. */
    async function verify(returnUrl: string) {
      const reference = new URL(returnUrl).searchParams.get('reference')
      const response = await api.app.inject({ url: `/api/payments/verify/${reference}` })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data as components['schemas']['PaymentOutcome']
    }

    const webhook = (reference: string, secret = provider.secret, extra: object = {}) => {
      const body = JSON.stringify({
        event: 'charge.success',
        data: { reference, amount: PRICE_MINOR, currency: 'NGN', status: 'success', ...extra },
      })
      return api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body, secret) },
        payload: body,
      })
    }

    const paymentOf = async (reference: string) => {
      const [row] = await api.db.select().from(payments).where(eq(payments.reference, reference))
      if (!row) throw new Error(`no payment ${reference}`)
      return row
    }
    const bookingsOf = async (reference: string) =>
      api.db.select().from(bookings).where(eq(bookings.paymentReference, reference))
    const confirmedFor = async (eventId: string) =>
      api.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed')))

    it('a paid ticket: one booking and one receipt, though both the webhook and the return report it', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const start = await started(eventId, email)
      expect(start.reference).toMatch(/^SXT-[A-Z2-7]{16}$/)
      expect(start.access_code).not.toBe('')

      // The place is held for 15 minutes while the person pays.
      const [held] = await bookingsOf(start.reference)
      expect(held).toMatchObject({
        status: 'held',
        holdExpiresAt: addMinutes(NOW, 15),
        paidWith: provider.name,
        amountMinor: PRICE_MINOR,
      })
      expect((await paymentOf(start.reference)).status).toBe('pending')

      const returnUrl = await provider.pay(api, start)
      const back = new URL(returnUrl)
      expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/event/${eventId}/registered`)
      expect(back.searchParams.get('reference')).toBe(start.reference)
      expect(back.searchParams.get('trxref')).toBe(start.reference)
      // The webhook came first and settled it...
      expect((await paymentOf(start.reference)).status).toBe('success')

      // ...then the browser comes back, twice (a reload): the same answer, nothing more.
      for (let i = 0; i < 2; i++) {
        expect(await verify(returnUrl)).toEqual({
          reference: start.reference,
          status: 'success',
          purpose: 'booking',
        })
      }
      const booked = await bookingsOf(start.reference)
      expect(booked).toHaveLength(1)
      expect(booked[0]).toMatchObject({
        status: 'confirmed',
        holdExpiresAt: null,
        email,
        eventId,
        paymentReference: start.reference,
        paidWith: provider.name,
      })
      const payment = await paymentOf(start.reference)
      expect(payment).toMatchObject({
        status: 'success',
        channel: 'card',
        amountMinor: PRICE_MINOR,
      })
      expect(payment.finalizedAt).not.toBeNull()
      const mail = await mailTo(api.db, email)
      expect(mail).toHaveLength(1)
      expect(mail[0]?.subject).toContain(`Night ${serial - 1}`)
      // Confirmed once paid: the receipt carries its ticket.
      expect(mail[0]?.text).toContain(
        `Your ticket: ${formatTicketCode(booked[0]?.ticketCode ?? '')}`,
      )
      expect(mail[0]?.attachments.at(-1)).toMatchObject({
        filename: 'ticket.png',
        content: booked[0]?.ticketCode,
      })
      expect(await provider.refunds(api)).not.toContainEqual([start.reference, PRICE_MINOR])
    })

    it('returns and webhooks racing each other settle the payment exactly once', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const start = await started(eventId, email)
      await provider.paidQuietly(api, start.reference)
      const calls = await Promise.all([
        ...Array.from({ length: 5 }, () =>
          api.app.inject({ url: `/api/payments/verify/${start.reference}` }),
        ),
        ...Array.from({ length: 5 }, () => webhook(start.reference)),
      ])
      expect(calls.map((call) => call.statusCode)).toEqual(Array(10).fill(200))
      expect((await bookingsOf(start.reference)).map((b) => b.status)).toEqual(['confirmed'])
      expect(await mailTo(api.db, email)).toHaveLength(1)
    })

    it('a replayed webhook (five times) changes nothing and answers 200', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const start = await started(eventId, email)
      await verify(await provider.pay(api, start))
      const before = await paymentOf(start.reference)
      for (let i = 0; i < 5; i++) {
        const response = await webhook(start.reference)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ status: 'success', message: 'Payment success.' })
      }
      expect(await paymentOf(start.reference)).toEqual(before)
      expect(await bookingsOf(start.reference)).toHaveLength(1)
      expect(await mailTo(api.db, email)).toHaveLength(1)
    })

    it('a webhook with a bad or missing signature is refused with 401 and settles nothing', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const start = await started(eventId, email)
      await provider.paidQuietly(api, start.reference)
      const refused = 'The webhook signature is not valid.'

      expectError(await webhook(start.reference, 'not-the-secret'), 401, refused)
      const body = JSON.stringify({ event: 'charge.success', data: { reference: start.reference } })
      const unsigned = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      expectError(unsigned, 401, refused)
      // Signed, then changed on the way: the signature no longer matches the bytes.
      const tampered = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': sign(body, provider.secret),
        },
        payload: body.replace('charge.success', 'charge.success '),
      })
      expectError(tampered, 401, refused)
      // Unsigned and malformed: still a 401, the body is not even looked at.
      const junk = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': 'abc' },
        payload: { hello: 'world' },
      })
      expectError(junk, 401, refused)

      expect((await paymentOf(start.reference)).status).toBe('pending')
      expect((await bookingsOf(start.reference)).map((b) => b.status)).toEqual(['held'])
      expect(await mailTo(api.db, email)).toHaveLength(0)
    })

    for (const [outcome, status] of [
      ['declined', 'failed'],
      ['abandoned', 'abandoned'],
    ] as const) {
      it(`a ${outcome} payment leaves no booking and no receipt, and frees the held place`, async () => {
        const eventId = await newEvent(1)
        const email = guestEmail()
        const start = await started(eventId, email)
        // The only place is held: nobody else can start paying for it.
        const other = guestEmail()
        expectError(await initiate(initiation(eventId, other)), 409, 'Sold out')

        const returnUrl =
          outcome === 'declined'
            ? await provider.decline(api, start)
            : await provider.abandon(api, start)
        expect(new URL(returnUrl).searchParams.get('reference')).toBe(start.reference)
        expect(await verify(returnUrl)).toEqual({
          reference: start.reference,
          status,
          purpose: 'booking',
        })
        expect((await bookingsOf(start.reference)).map((b) => b.status)).toEqual(['cancelled'])
        expect(await confirmedFor(eventId)).toHaveLength(0)
        expect(await mailTo(api.db, email)).toHaveLength(0)
        expect((await paymentOf(start.reference)).outcomeNote).toMatch(/no booking was made/)

        // The place is free again: the next person pays for it and gets it.
        const next = await started(eventId, other)
        await verify(await provider.pay(api, next))
        expect((await confirmedFor(eventId)).map((b) => b.email)).toEqual([other])
      })
    }

    it('a success after the hold expired, on an event that filled up meanwhile, is refunded, not booked', async () => {
      const eventId = await newEvent(1)
      const late = guestEmail()
      const lateStart = await started(eventId, late)

      // Sixteen minutes later the hold has lapsed, and someone else takes the last place.
      clock = addMinutes(NOW, 16)
      const onTime = guestEmail()
      const onTimeStart = await started(eventId, onTime)
      expect(await verify(await provider.pay(api, onTimeStart))).toMatchObject({
        status: 'success',
      })

      // Then the first payment lands.
      const returnUrl = await provider.pay(api, lateStart)
      expect(await verify(returnUrl)).toEqual({
        reference: lateStart.reference,
        status: 'refunded',
        purpose: 'booking',
      })
      expect((await confirmedFor(eventId)).map((b) => b.email)).toEqual([onTime])
      expect((await bookingsOf(lateStart.reference)).map((b) => b.status)).toEqual(['cancelled'])
      // The provider gave the money back, once, however often we are told.
      await webhook(lateStart.reference)
      await verify(returnUrl)
      expect(
        (await provider.refunds(api)).filter(([reference]) => reference === lateStart.reference),
      ).toEqual([[lateStart.reference, PRICE_MINOR]])
      const payment = await paymentOf(lateStart.reference)
      expect(payment.status).toBe('refunded')
      expect(payment.outcomeNote).toMatch(/refunded/)
      // The payer is told, and gets no receipt.
      const mail = await mailTo(api.db, late)
      expect(mail).toHaveLength(1)
      expect(mail[0]?.subject).toBe(
        'Your payment of ₦5,000.00 is being refunded: no booking was made',
      )
      expect(mail[0]?.text).toContain('after the last place had been taken')
      expect(mail[0]?.text).toContain(lateStart.reference)
    })

    it('a success after the hold expired still books when a place is left', async () => {
      const eventId = await newEvent(2)
      const email = guestEmail()
      const start = await started(eventId, email)
      clock = addMinutes(NOW, 40)
      expect(await verify(await provider.pay(api, start))).toMatchObject({ status: 'success' })
      expect((await confirmedFor(eventId)).map((b) => b.email)).toEqual([email])
      expect(await mailTo(api.db, email)).toHaveLength(1)
    })

    it('a member pays the friends price, and sees the payment in their own history only', async () => {
      const token = await signIn(api, 'ada@example.com')
      const [ada] = await api.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'ada@example.com'))
      if (!ada) throw new Error('no ada')
      const body = {
        callbackUrl: `${PUBLIC_URL}/profile/bookings`,
        email: 'ada@example.com',
        payment: { Amount: 300_000, Currency: 'NGN', Account: [ada.id], Plan: null },
        booking: {
          ...ticket('listening-session', 'ada@example.com', {
            Amount: 300_000,
            Name: 'Ada Okafor',
          }),
        },
      }
      // Account must be the signed-in person's own id.
      expectError(
        await initiate(
          { ...body, payment: { ...body.payment, Account: [crypto.randomUUID()] } },
          bearer(token),
        ),
        403,
        'You may only pay as yourself: Account must be your own id.',
      )
      // Without the session the price is the public one, and 300,000 kobo is refused.
      expectError(
        await initiate({ ...body, payment: { ...body.payment, Account: null } }),
        400,
        /The price has changed: this booking costs ₦5,000/,
      )
      const response = await initiate(body, bearer(token))
      expect(response.statusCode, response.body).toBe(201)
      const start: Authorization = response.json().data
      // PUBLIC_URL is this site too: the browser comes back there.
      expect(new URL(await provider.pay(api, start)).origin).toBe(PUBLIC_URL)

      const mine = await api.app.inject({ url: `/api/payments/${ada.id}`, headers: bearer(token) })
      expect(mine.statusCode).toBe(200)
      const listed = mine.json().payments as components['schemas']['Payment'][]
      expect(listed[0]).toMatchObject({
        Reference: start.reference,
        Amount: 300_000,
        Currency: 'NGN',
        Status: 'success',
        Channel: 'card',
        Plan: null,
      })
      // Latest first, the demo ones after.
      expect(listed.map((p) => p['Created at'])).toEqual(
        listed
          .map((p) => p['Created at'])
          .toSorted()
          .reverse(),
      )
      expectError(
        await api.app.inject({
          url: `/api/payments/${crypto.randomUUID()}`,
          headers: bearer(token),
        }),
        403,
        'You may only see your own payments.',
      )
      expectError(await api.app.inject({ url: `/api/payments/${ada.id}` }), 401, 'Please log in.')
    })

    it('a tampered Amount is refused, and nothing is held', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const changed =
        /^The price has changed: this booking costs ₦5,000\. Please review and try again\.$/
      expectError(
        await initiate(
          initiation(eventId, email, {
            payment: { Amount: 100, Currency: 'NGN', Account: null, Plan: null },
          }),
        ),
        400,
        changed,
      )
      expectError(
        await initiate(
          initiation(eventId, email, { booking: ticket(eventId, email, { Amount: 100 }) }),
        ),
        400,
        changed,
      )
      expectError(
        await initiate(
          initiation(eventId, email, {
            payment: { Amount: PRICE_MINOR, Currency: 'USD', Account: null, Plan: null },
          }),
        ),
        400,
        changed,
      )
      const free = initiation('poetry-and-palm-wine', email, {
        callbackUrl: '/event/poetry-and-palm-wine/registered',
        payment: { Amount: 100, Currency: 'NGN', Account: null, Plan: null },
        booking: ticket('poetry-and-palm-wine', email, {
          Amount: null,
          Date: '2026-11-26',
          'Time Slot': '4pm - 8pm',
        }),
      })
      expectError(await initiate(free), 400, 'This booking is free: book it without paying.')
      expect(await api.db.select().from(payments).where(eq(payments.email, email))).toEqual([])
      expect(await api.db.select().from(bookings).where(eq(bookings.email, email))).toEqual([])
    })

    it('a callbackUrl on another site is refused; one on this site keeps its own query', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      for (const callbackUrl of [
        'https://evil.example/event/x/registered',
        '//evil.example/event/x/registered',
        '/\\evil.example/event/x/registered',
        'javascript:alert(1)',
        'event/x/registered',
        'http://localhost:8080/event/x/registered',
        // The request's own origin (app.inject's) is not PUBLIC_URL's: refused too.
        'http://localhost/event/x/registered',
        'http://sixteen.example/event/x/registered',
        'https://user:pass@sixteen.example/event/x',
      ]) {
        expectError(
          await initiate(initiation(eventId, email, { callbackUrl })),
          400,
          'The return address must be on https://sixteen.example: a path such as /event/rooftop-jazz, or an address starting https://sixteen.example/.',
        )
      }
      const response = await initiate(
        initiation(eventId, email, { callbackUrl: `/event/${eventId}/registered?from=card#top` }),
      )
      expect(response.statusCode, response.body).toBe(201)
      const start: Authorization = response.json().data
      const back = new URL(await provider.pay(api, start))
      expect(back.pathname).toBe(`/event/${eventId}/registered`)
      expect(back.hash).toBe('#top')
      expect(Object.fromEntries(back.searchParams)).toEqual({
        from: 'card',
        reference: start.reference,
        trxref: start.reference,
      })
    })

    it('malformed bodies get 400s that name the field', async () => {
      const eventId = await newEvent()
      const email = guestEmail()
      const { booking: _, ...withoutBooking } = initiation(eventId, email)
      expectError(await initiate(withoutBooking), 400, 'booking is required.')
      expectError(
        await initiate(
          initiation(eventId, email, {
            payment: { Amount: '5000', Currency: 'NGN', Account: null, Plan: null },
          }),
        ),
        400,
        'payment › Amount must be integer.',
        'payment.Amount',
      )
      expectError(
        await initiate(initiation(eventId, email, { tip: 100 })),
        400,
        'tip is not a known field.',
      )
      const broken = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: { 'content-type': 'application/json' },
        payload: '{"callbackUrl": "/x",',
      })
      expectError(broken, 400, 'The request body is not valid JSON.')
      expectError(
        await api.app.inject({ url: '/api/payments/verify/not%20a%20reference' }),
        400,
        'The reference in the address is not valid.',
      )
      expectError(
        await api.app.inject({ url: '/api/payments/verify/SXT-NOSUCHREFERENCE' }),
        404,
        'No payment has this reference.',
      )
      // A signed webhook whose body breaks the contract.
      const body = JSON.stringify({ event: 'charge.success', data: {} })
      const signedJunk = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': sign(body, provider.secret),
        },
        payload: body,
      })
      expectError(signedJunk, 400, 'data › reference is required.')
    })

    it('webhooks of other events, or of payments we never made, are taken and ignored', async () => {
      const transfer = JSON.stringify({
        event: 'transfer.success',
        data: { reference: 'TRF-123456' },
      })
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': sign(transfer, provider.secret),
        },
        payload: transfer,
      })
      expect(response.json()).toEqual({
        status: 'success',
        message: 'Nothing to do for transfer.success.',
      })
      const unknown = await webhook('SXT-UNKNOWNREFERENCE')
      expect(unknown.statusCode).toBe(200)
      expect(unknown.json()).toEqual({
        status: 'success',
        message: 'No payment has this reference.',
      })
    })

    it('a wallet top-up needs a session: 401 without one (top-ups: wallet-topup.test.ts)', async () => {
      expectError(
        await initiate({
          callbackUrl: '/profile/wallet',
          email: 'ada@example.com',
          payment: { Amount: 500_000, Currency: 'NGN', Account: null, Plan: 'topup' },
          booking: {
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Type: 'wallet-topup',
            Amount: 500_000,
            'Paid with': 'paystack',
            'Payment Reference': null,
          },
        }),
        401,
        'Please log in to top up your wallet.',
      )
    })

    if (provider.name === 'sandbox') {
      describe('the sandbox checkout page', () => {
        let start: Authorization
        let email: string
        let page: LightMyRequestResponse

        beforeAll(async () => {
          const eventId = await newEvent()
          email = guestEmail()
          start = await started(eventId, email)
          page = await api.app.inject({ url: new URL(start.authorization_url).pathname })
        })

        it('shows the amount in naira, the payer, what is bought, and says it is a sandbox', () => {
          expect(page.statusCode).toBe(200)
          expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
          expect(start.authorization_url).toMatch(
            /^https:\/\/sixteen\.example\/sandbox\/checkout\/[\w-]+$/,
          )
          for (const text of [
            'Sandbox: no real money moves',
            '₦5,000.00',
            email,
            `Night ${serial - 1}`,
            'Tomorrow · 7pm - 10pm',
            'The Rooftop',
            start.reference,
            '>Pay</button>',
            '>Decline</button>',
            '>Cancel</button>',
          ]) {
            expect(page.body).toContain(text)
          }
        })

        it('runs no script and passes a strict Content-Security-Policy', async () => {
          expect(page.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i)
          expect(page.headers['content-security-policy']).toBe(
            "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
          )
          const css = await api.app.inject({ url: '/sandbox/checkout.css' })
          expect(css.statusCode).toBe(200)
          expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
          expect(css.body).toContain('.button-pay')
        })

        it('a second answer (double click, second tab) changes nothing and sends the browser back', async () => {
          const first = await sandboxAnswer(api, start, 'decline')
          const again = await api.app.inject({
            method: 'POST',
            url: new URL(start.authorization_url).pathname,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'outcome=pay',
          })
          expect(again.statusCode).toBe(303)
          expect(again.headers.location).toBe(first)
          expect(await verify(first)).toMatchObject({ status: 'failed' })
          const finished = await api.app.inject({ url: new URL(start.authorization_url).pathname })
          expect(finished.body).toContain('This payment was declined.')
          expect(finished.body).toContain('Back to Sixteen')
        })

        it('an unknown checkout is a 404 page; an unknown button a 400', async () => {
          const missing = await api.app.inject({ url: '/sandbox/checkout/nosuchcode' })
          expect(missing.statusCode).toBe(404)
          expect(missing.body).toContain('This checkout does not exist.')
          const odd = await api.app.inject({
            method: 'POST',
            url: '/sandbox/checkout/nosuchcode',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'outcome=steal',
          })
          expectError(odd, 400, 'Choose Pay, Decline or Cancel.')
        })
      })
    }

    const fakeOf = provider.fake
    if (fakeOf) {
      describe('what only a remote provider does', () => {
        afterEach(() => {
          fakeOf().outage = false
        })

        it('down at initiation: 502, the payment fails and its place is not held', async () => {
          const eventId = await newEvent(1)
          const email = guestEmail()
          fakeOf().outage = true
          expectError(
            await initiate(initiation(eventId, email)),
            502,
            'The payment provider did not answer. Please try again.',
          )
          const [payment] = await api.db.select().from(payments).where(eq(payments.email, email))
          expect(payment).toMatchObject({ status: 'failed', provider: 'paystack' })
          expect(
            (await api.db.select().from(bookings).where(eq(bookings.email, email))).map(
              (b) => b.status,
            ),
          ).toEqual(['cancelled'])
          fakeOf().outage = false
          // The one place is free for the next try.
          await started(eventId, email)
        })

        it('down when its webhook comes: 502 so it retries; the retry settles it once', async () => {
          const eventId = await newEvent()
          const email = guestEmail()
          const start = await started(eventId, email)
          await provider.paidQuietly(api, start.reference)
          fakeOf().outage = true
          expectError(
            await webhook(start.reference),
            502,
            'The payment provider did not answer. Please try again.',
          )
          expect((await paymentOf(start.reference)).status).toBe('pending')
          fakeOf().outage = false
          expect((await fakeOf().resendWebhook(start.reference)).attempts).toEqual([200])
          expect((await bookingsOf(start.reference)).map((b) => b.status)).toEqual(['confirmed'])
          expect(await mailTo(api.db, email)).toHaveLength(1)
        })

        it('a charge for another amount is refunded, not booked', async () => {
          const eventId = await newEvent()
          const email = guestEmail()
          const start = await started(eventId, email)
          const { returnUrl } = await fakeOf().pay(start.reference, { charged: 100 })
          expect(await verify(returnUrl)).toMatchObject({ status: 'refunded' })
          expect(fakeOf().refunds()).toContainEqual({ reference: start.reference, amount: 100 })
          expect((await bookingsOf(start.reference)).map((b) => b.status)).toEqual(['cancelled'])
          const mail = await mailTo(api.db, email)
          expect(mail.map((m) => m.subject)).toEqual([
            'Your payment of ₦1.00 is being refunded: no booking was made',
          ])
        })

        it('money that arrives after a decline was settled is refunded, once', async () => {
          const eventId = await newEvent()
          const email = guestEmail()
          const start = await started(eventId, email)
          expect(await verify(fakeOf().decline(start.reference).returnUrl)).toMatchObject({
            status: 'failed',
          })
          // The customer went back to the checkout and tried another card.
          const { returnUrl } = await fakeOf().pay(start.reference)
          await fakeOf().resendWebhook(start.reference)
          expect(await verify(returnUrl)).toMatchObject({ status: 'refunded' })
          expect(
            fakeOf()
              .refunds()
              .filter((refund) => refund.reference === start.reference),
          ).toEqual([{ reference: start.reference, amount: PRICE_MINOR }])
          expect(await confirmedFor(eventId)).toHaveLength(0)
          expect((await mailTo(api.db, email)).map((m) => m.subject)).toEqual([
            'Your payment of ₦5,000.00 is being refunded: no booking was made',
          ])
        })

        it('initialize tells Paystack the payer, amount, currency, reference and callback', async () => {
          const eventId = await newEvent()
          const email = guestEmail()
          const start = await started(eventId, email)
          expect(start.authorization_url).toBe(`${fakeOf().url}/checkout/${start.access_code}`)
          expect(fakeOf().transactions.get(start.reference)).toMatchObject({
            email,
            amount: PRICE_MINOR,
            currency: 'NGN',
            callbackUrl: `${PUBLIC_URL}/event/${eventId}/registered`,
            metadata: { purpose: 'booking', title: `Night ${serial - 1}`, date: DAY },
          })
        })
      })
    }
  })
})
