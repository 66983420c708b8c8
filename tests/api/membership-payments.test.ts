import { createHmac } from 'node:crypto'
import { addMonths, addYears } from 'date-fns'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { accounts, communities, payments, sandboxTransactions } from '../../server/db/schema.ts'
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
import { DAYS, GUEST, mailTo, poetry, UNLIMITED } from '../support/bookings.ts'
import { type FakePaystack, startApiWithPaystack } from '../support/fake-paystack.ts'

// Membership plans paid by card through the sandbox checkout, as a member meets them: the price
// comes from the plan, a paid plan activates the membership (or extends it from its expiry), and
// it does so once however often the provider reports the payment.

type Authorization = components['schemas']['Authorization']

const PUBLIC_URL = 'https://sixteen.example'
const sign = (body: string) =>
  createHmac('sha512', DEFAULT_SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('membership payments', () => {
    let api: TestApi
    let clock = NOW

    beforeAll(async () => {
      api = await startApi(kind, {
        app: { now: () => clock, publicUrl: PUBLIC_URL, rateLimit: UNLIMITED },
      })
    })
    afterAll(() => api?.close())
    afterEach(() => {
      clock = NOW
    })

    const accountOf = async (email: string) => {
      const [row] = await api.db.select().from(accounts).where(eq(accounts.email, email))
      if (!row) throw new Error(`no account ${email}`)
      return row
    }
    const paymentOf = async (reference: string) => {
      const [row] = await api.db.select().from(payments).where(eq(payments.reference, reference))
      if (!row) throw new Error(`no payment ${reference}`)
      return row
    }

    /** What the plan confirmation screen sends. */
    const planPayment = (
      accountId: string,
      plan: string,
      currency: 'NGN' | 'USD',
      amount: number,
    ) => ({
      callbackUrl: '/profile/payment/confirm',
      email: 'ignored@example.com',
      payment: { Amount: amount, Currency: currency, Account: [accountId], Plan: plan },
      booking: { Reference: null, Account: [accountId], Plan: plan },
    })

    const initiate = (body: object, token?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: body,
        headers: token ? bearer(token) : {},
      })

    async function started(
      email: string,
      plan: string,
      currency: 'NGN' | 'USD',
      amount: number,
    ): Promise<{ start: Authorization; token: string; id: string }> {
      const token = await signIn(api, email)
      const { id } = await accountOf(email)
      const response = await initiate(planPayment(id, plan, currency, amount), token)
      expect(response.statusCode, response.body).toBe(201)
      return { start: response.json().data, token, id }
    }

    /** The tester presses a button on the sandbox checkout page; returns the callback address. */
    async function answer(start: Authorization, outcome: 'pay' | 'decline' | 'cancel') {
      const path = new URL(start.authorization_url).pathname
      const page = await api.app.inject({ url: path })
      expect(page.statusCode).toBe(200)
      // The checkout says what is being bought.
      expect(page.body).toMatch(/Friends of 16 (community )?membership/)
      const done = await api.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      })
      expect(done.statusCode).toBe(303)
      return new URL(String(done.headers.location))
    }

    const verify = async (reference: string) => {
      const response = await api.app.inject({ url: `/api/payments/verify/${reference}` })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data
    }

    const webhook = (reference: string) => {
      const body = JSON.stringify({ event: 'charge.success', data: { reference } })
      return api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
        payload: body,
      })
    }

    it('an inactive member pays 6 months in naira: Active until 6 months from now', async () => {
      expect(await accountOf('tunde@example.com')).toMatchObject({ subscriptionStatus: 'Inactive' })
      const { start, token, id } = await started(
        'tunde@example.com',
        'individual-6m',
        'NGN',
        25_000_000,
      )
      const back = await answer(start, 'pay')
      expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/profile/payment/confirm`)
      expect(await verify(start.reference)).toEqual({
        reference: start.reference,
        status: 'success',
        purpose: 'membership',
      })

      const tunde = await accountOf('tunde@example.com')
      expect(tunde.subscriptionStatus).toBe('Active')
      expect(tunde.subscriptionExpiry).toEqual(addMonths(NOW, 6))
      // The profile says so too.
      const profile = await api.app.inject({ url: '/api/accounts/profile', headers: bearer(token) })
      expect(profile.json().account).toMatchObject({
        subscriptionStatus: 'Active',
        subscriptionExpiry: addMonths(NOW, 6).toISOString(),
      })

      // The payments list shows it.
      const listed = await api.app.inject({ url: `/api/payments/${id}`, headers: bearer(token) })
      expect(listed.json().payments[0]).toMatchObject({
        Reference: start.reference,
        Plan: 'individual-6m',
        Currency: 'NGN',
        Channel: 'card',
        Amount: 25_000_000,
        Status: 'success',
      })

      // One receipt, to the account's address.
      const mail = await mailTo(api.db, 'tunde@example.com')
      expect(mail.map((m) => m.subject)).toEqual([
        'Your Friends of 16 membership is active until Monday, May 24, 2027',
      ])
      expect(mail[0]?.text).toContain('₦250,000.00')
      expect(mail[0]?.text).toContain(start.reference)
    })

    it('a renewal while active extends from the current expiry, in dollars', async () => {
      const before = await accountOf('ada@example.com')
      expect(before.subscriptionExpiry).toEqual(addMonths(NOW, 5))
      const { start } = await started('ada@example.com', 'individual-12m', 'USD', 25_000)
      await answer(start, 'pay')
      const after = await accountOf('ada@example.com')
      expect(after.subscriptionStatus).toBe('Active')
      expect(after.subscriptionExpiry).toEqual(addYears(addMonths(NOW, 5), 1))
      expect(await paymentOf(start.reference)).toMatchObject({
        currency: 'USD',
        amountMinor: 25_000,
        plan: 'individual-12m',
      })
    })

    it('a webhook replayed five times, and returns racing it, activate the membership once', async () => {
      const { start } = await started('kemi@example.com', 'individual-6m', 'NGN', 25_000_000)
      const expiry = (await accountOf('kemi@example.com')).subscriptionExpiry as Date
      await answer(start, 'pay')
      const once = addMonths(expiry, 6)
      expect((await accountOf('kemi@example.com')).subscriptionExpiry).toEqual(once)
      const calls = await Promise.all([
        ...Array.from({ length: 5 }, () => webhook(start.reference)),
        ...Array.from({ length: 3 }, () =>
          api.app.inject({ url: `/api/payments/verify/${start.reference}` }),
        ),
      ])
      expect(calls.map((call) => call.statusCode)).toEqual(Array(8).fill(200))
      expect((await accountOf('kemi@example.com')).subscriptionExpiry).toEqual(once)
      expect(await mailTo(api.db, 'kemi@example.com')).toHaveLength(1)
    })

    it('an amount that is not the plan’s price is refused, and nothing is started', async () => {
      const token = await signIn(api, 'tunde@example.com')
      const { id } = await accountOf('tunde@example.com')
      const before = await api.db.select().from(payments)
      expectError(
        await initiate(planPayment(id, 'individual-6m', 'NGN', 100), token),
        400,
        'The price has changed: Friends of 16 membership, 6 months costs ₦250,000. Please review and try again.',
      )
      // The naira price sent as dollars is no dollar price either.
      expectError(
        await initiate(planPayment(id, 'individual-12m', 'USD', 40_000_000), token),
        400,
        'The price has changed: Friends of 16 membership, 1 year costs $250. Please review and try again.',
      )
      expect(await api.db.select().from(payments)).toHaveLength(before.length)
    })

    it('only for oneself, signed in, and for a plan that exists', async () => {
      const ada = await accountOf('ada@example.com')
      const tunde = await signIn(api, 'tunde@example.com')
      expectError(
        await initiate(planPayment(ada.id, 'individual-6m', 'NGN', 25_000_000)),
        401,
        'Please log in to pay for a membership.',
      )
      expectError(
        await initiate(planPayment(ada.id, 'individual-6m', 'NGN', 25_000_000), tunde),
        403,
        'You may only pay as yourself: Account must be your own id.',
      )
      const { id } = await accountOf('tunde@example.com')
      expectError(
        await initiate(planPayment(id, 'gold-forever', 'NGN', 25_000_000), tunde),
        400,
        /^There is no plan 'gold-forever'\. Choose one of: individual-6m, /,
      )
      expectError(
        await initiate(planPayment(id, 'community-4', 'NGN', 112_000_000), tunde),
        400,
        'Community plans are paid by the creator of a community: apply for community membership first.',
      )
    })

    it('a declined payment leaves the membership as it was', async () => {
      const before = await accountOf('femi@example.com')
      const { start } = await started('femi@example.com', 'individual-6m', 'NGN', 25_000_000)
      await answer(start, 'decline')
      expect(await verify(start.reference)).toMatchObject({ status: 'failed' })
      const after = await accountOf('femi@example.com')
      expect(after.subscriptionExpiry).toEqual(before.subscriptionExpiry)
      expect((await paymentOf(start.reference)).outcomeNote).toBe(
        'The card payment was declined: the membership was not changed.',
      )

      // Then paid after all (back on the provider's page): nothing was held, so it activates.
      await api.db
        .update(sandboxTransactions)
        .set({ status: 'success', paidAt: NOW })
        .where(eq(sandboxTransactions.reference, start.reference))
      expect(await verify(start.reference)).toMatchObject({ status: 'success' })
      expect(await verify(start.reference)).toMatchObject({ status: 'success' })
      expect((await accountOf('femi@example.com')).subscriptionExpiry).toEqual(
        addMonths(before.subscriptionExpiry as Date, 6),
      )
      expect(await mailTo(api.db, 'femi@example.com')).toHaveLength(1)
    })

    it("a community plan extends the creator's community and its members' memberships", async () => {
      const [before] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      const expiry = before?.membershipExpiry as Date
      const { start } = await started('zainab@example.com', 'community-4', 'NGN', 112_000_000)
      await answer(start, 'pay')
      const [after] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.creatorEmail, 'zainab@example.com'))
      expect(after).toMatchObject({
        status: 'Active',
        membershipExpiry: addYears(expiry, 1),
        numberOfMembers: 4,
      })
      for (const email of ['zainab@example.com', 'femi@example.com']) {
        expect(await accountOf(email)).toMatchObject({
          subscriptionStatus: 'Active',
          subscriptionExpiry: addYears(expiry, 1),
        })
      }
      const zainab = await signIn(api, 'zainab@example.com')
      const listed = await api.app.inject({ url: '/api/communities', headers: bearer(zainab) })
      expect(listed.json().data[0]['Membership Expiry']).toBe(addYears(expiry, 1).toISOString())
    })

    it('a pending community becomes Active for 24 months when its creator pays for 6 members', async () => {
      clock = new Date('2026-12-01T09:00:00Z')
      const token = await signIn(api, 'tunde@example.com')
      const community = await api.app.inject({
        method: 'POST',
        url: '/api/communities/create',
        headers: bearer(token),
        payload: {
          communityName: 'Yaba Beat Makers',
          aboutCommunity: 'Producers.',
          communityGoals: 'A studio night a month.',
          registered: false,
          numberOfMembers: 6,
          creatorEmail: 'tunde@example.com',
          application: null,
        },
      })
      expect(community.statusCode, community.body).toBe(201)
      const { start } = await started('tunde@example.com', 'community-6', 'USD', 100_000)
      await answer(start, 'pay')
      const [row] = await api.db
        .select()
        .from(communities)
        .where(eq(communities.id, community.json().data.id))
      expect(row).toMatchObject({
        status: 'Active',
        membershipExpiry: addMonths(clock, 24),
        numberOfMembers: 6,
      })
      // His own membership (6 months paid earlier) now lasts as long as the community's.
      expect(await accountOf('tunde@example.com')).toMatchObject({
        subscriptionStatus: 'Active',
        subscriptionExpiry: addMonths(clock, 24),
        role: 'Community Member',
      })
    })
  })
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('a guest who later has an account', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
    })
    afterAll(() => api?.close())

    it('sees the bookings made as a guest with that e-mail, and nobody else sees them', async () => {
      const email = 'wale.guest@example.com'
      const booked = await api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        payload: poetry({ ...GUEST, Email: email, Name: 'Wale Guest' }),
      })
      expect(booked.statusCode, booked.body).toBe(201)

      await api.db.insert(accounts).values({ email, firstName: 'Wale', lastName: 'Guest' })
      const wale = await signIn(api, email)
      const mine = await api.app.inject({ url: `/api/bookings/${email}`, headers: bearer(wale) })
      expect(mine.statusCode).toBe(200)
      expect(
        mine.json().bookings.map((b: { Date: string; Type: string }) => [b.Date, b.Type]),
      ).toEqual([[DAYS.poetry, 'event']])

      const ada = await signIn(api, 'ada@example.com')
      expectError(
        await api.app.inject({ url: `/api/bookings/${email}`, headers: bearer(ada) }),
        403,
        'You can only see your own bookings.',
      )
      expectError(
        await api.app.inject({ url: `/api/bookings/dump/${email}`, headers: bearer(ada) }),
        403,
        'You can only see your own bookings.',
      )
      expect((await api.app.inject({ url: `/api/bookings/${email}` })).statusCode).toBe(401)
    })

    it('sees a card payment made as a guest with that e-mail; only the owner lists payments', async () => {
      const email = 'bola.guest@example.com'
      const [payment] = await api.db
        .insert(payments)
        .values({
          reference: 'SXT-GUESTPAYMENT0001',
          email,
          purpose: 'booking',
          currency: 'NGN',
          channel: 'card',
          amountMinor: 500_000,
          status: 'success',
          provider: 'sandbox',
          callbackUrl: 'http://localhost/booked',
          finalizedAt: NOW,
        })
        .returning()
      const [bola] = await api.db
        .insert(accounts)
        .values({ email, firstName: 'Bola', lastName: 'Guest' })
        .returning()
      const token = await signIn(api, email)
      const listed = await api.app.inject({
        url: `/api/payments/${bola?.id}`,
        headers: bearer(token),
      })
      expect(listed.json().payments.map((p: { id: string }) => p.id)).toEqual([payment?.id])

      const ada = await signIn(api, 'ada@example.com')
      expectError(
        await api.app.inject({ url: `/api/payments/${bola?.id}`, headers: bearer(ada) }),
        403,
        'You may only see your own payments.',
      )
      const adaList = await api.app.inject({
        url: `/api/payments/${(await api.db.select().from(accounts).where(eq(accounts.email, 'ada@example.com')))[0]?.id}`,
        headers: bearer(ada),
      })
      expect(adaList.json().payments.map((p: { id: string }) => p.id)).not.toContain(payment?.id)
      expect((await api.app.inject({ url: `/api/payments/${bola?.id}` })).statusCode).toBe(401)
    })
  })
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('membership payments with Paystack (a local fake)', () => {
    let api: TestApi
    let fake: FakePaystack

    beforeAll(async () => {
      const started = await startApiWithPaystack(kind)
      api = started.api
      fake = started.fake
    })
    afterAll(async () => {
      await api?.close()
      await fake?.close()
    })

    const accountOf = async (email: string) => {
      const [row] = await api.db.select().from(accounts).where(eq(accounts.email, email))
      if (!row) throw new Error(`no account ${email}`)
      return row
    }

    async function start(email: string): Promise<Authorization> {
      const token = await signIn(api, email)
      const { id } = await accountOf(email)
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(token),
        payload: {
          callbackUrl: '/profile/payment/confirm',
          email,
          payment: { Amount: 25_000_000, Currency: 'NGN', Account: [id], Plan: 'individual-6m' },
          booking: { Reference: null, Account: [id], Plan: 'individual-6m' },
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().data
    }

    it('the webhook activates the membership once, however often Paystack resends it', async () => {
      const begun = await start('tunde@example.com')
      expect(fake.transactions.get(begun.reference)).toMatchObject({
        amount: 25_000_000,
        currency: 'NGN',
        email: 'tunde@example.com',
      })
      const { webhook } = await fake.pay(begun.reference)
      expect(webhook.attempts).toEqual([200])
      const paid = await accountOf('tunde@example.com')
      expect(paid).toMatchObject({ subscriptionStatus: 'Active' })
      expect(paid.subscriptionExpiry).toEqual(addMonths(NOW, 6))
      for (let i = 0; i < 3; i++) {
        expect((await fake.resendWebhook(begun.reference)).attempts).toEqual([200])
      }
      expect((await accountOf('tunde@example.com')).subscriptionExpiry).toEqual(addMonths(NOW, 6))
      expect(await mailTo(api.db, 'tunde@example.com')).toHaveLength(1)
    })

    it('a charge of another amount is refunded and changes no membership', async () => {
      const before = await accountOf('kemi@example.com')
      const begun = await start('kemi@example.com')
      await fake.pay(begun.reference, { charged: 100 })
      const after = await accountOf('kemi@example.com')
      expect(after.subscriptionExpiry).toEqual(before.subscriptionExpiry)
      expect(fake.refunds()).toContainEqual({ reference: begun.reference, amount: 100 })
      const [payment] = await api.db
        .select()
        .from(payments)
        .where(eq(payments.reference, begun.reference))
      expect(payment).toMatchObject({
        status: 'refunded',
        outcomeNote:
          'The amount charged did not match the price of the plan, so the membership was not changed and the full amount is being refunded to your card.',
      })
      const mail = await mailTo(api.db, 'kemi@example.com')
      expect(mail.map((m) => m.subject)).toEqual([
        'Your payment of ₦1.00 is being refunded: your membership was not changed',
      ])
    })
  })
})
