import { addSeconds } from 'date-fns'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { components } from '../../openapi/schema'
import { buildApp } from '../../server/app.ts'
import { type Db, postgresDb } from '../../server/db/client.ts'
import { accounts, events, payments, refunds, sandboxTransactions } from '../../server/db/schema.ts'
import { paystackProvider } from '../../server/payments/paystack.ts'
import { retryDelayMs, startRefundWorker } from '../../server/payments/refunds.ts'
import { sandboxProvider } from '../../server/payments/sandbox.ts'
import { settlePayment } from '../../server/payments/settle.ts'
import { bearer, dbCases, NOW, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { mailTo, UNLIMITED } from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'
import { freshDatabase, type Instance, startInstance } from '../support/instances.ts'

// Refunds leave through a durable queue (docs/decisions/017): a late payment for a place that is
// gone is refunded by a row written in the settling transaction, sent after the commit, retried
// with back-off while the provider refuses it, sent on start after a crash, never twice. Time
// moves by the app's clock and a flush of the worker, never by waiting.

type Payment = components['schemas']['Payment']

/** The day after NOW, when the test events run. */
const DAY = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 500_000
/** A demo account: her payments list shows the card payments made with her address. */
const PAYER = 'ada@example.com'

/** A ticket for `eventId` on `day`, paid by card, as the app sends it. */
const initiation = (eventId: string, email: string, day: string) => ({
  callbackUrl: `/event/${eventId}/registered`,
  email,
  payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
  booking: {
    Email: email,
    Name: 'Tolu Adeyemi',
    Phone: '+234 803 555 0199',
    Event: eventId,
    Type: 'event',
    Venue: 'The Rooftop',
    Date: day,
    Amount: PRICE_MINOR,
    'Time Slot': SLOT,
    'Paid with': 'paystack',
    'Payment Reference': null,
    Visitors: 0,
  },
})

/** An event of ₦5,000 on `day`, with places to spare. */
const eventRow = (id: string, day: string) => ({
  id,
  name: `Night ${id}`,
  address: '16 Test Street, Lagos',
  venue: 'The Rooftop',
  startAt: new Date(`${day}T18:00:00Z`),
  endAt: new Date(`${day}T21:00:00Z`),
  timeSlots: [SLOT],
  priceNaira: PRICE_MINOR / 100,
  capacity: 20,
})

/** The queued refund of a payment, with the payment's own status. */
async function refundOf(db: Db, reference: string) {
  const [row] = await db
    .select({ refund: refunds, paymentStatus: payments.status })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.reference, reference))
  if (!row) throw new Error(`no refund queued for ${reference}`)
  return { ...row.refund, paymentStatus: row.paymentStatus }
}

describe('the back-off between two tries of a refund', () => {
  it('is 30 s, then doubles, and is never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ])
  })
})

describe.each(dbCases())('%s', (_dbName, kind, skip) => {
  describe.skipIf(skip)('refunds', () => {
    let api: TestApi
    let fake: FakePaystack
    let clock = NOW
    let serial = 0
    let token: string
    let payerId: string

    beforeAll(async () => {
      fake = await startFakePaystack()
      api = await startApi(kind, {
        app: {
          payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
          now: () => clock,
          rateLimit: UNLIMITED,
        },
      })
      const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/payments/webhook`
      token = await signIn(api, PAYER)
      const [account] = await api.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, PAYER))
      payerId = account?.id ?? ''
    })
    afterAll(async () => {
      await api?.close()
      await fake?.close()
    })

    /** A card payment for a ticket of its own, started as a guest with the payer's address. */
    async function started(): Promise<string> {
      serial += 1
      const eventId = `refund-night-${serial}`
      await api.db.insert(events).values(eventRow(eventId, DAY))
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: initiation(eventId, PAYER, DAY),
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().data.reference
    }

    const verify = async (reference: string) => {
      const response = await api.app.inject({ url: `/api/payments/verify/${reference}` })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data.status as string
    }

    /** Declined, so its place went back to the event. */
    async function declined(): Promise<string> {
      const reference = await started()
      fake.decline(reference)
      expect(await verify(reference)).toBe('failed')
      return reference
    }

    /**
     * A payment declined (its place given back), then paid after all on Paystack's page: the
     * money came for a place that is gone, so it goes back. Paystack's webhook settles it.
     */
    async function latePayment(): Promise<string> {
      const reference = await declined()
      const { webhook } = await fake.pay(reference)
      expect(webhook.attempts).toEqual([200])
      return reference
    }

    const queued = (reference: string) => refundOf(api.db, reference)

    /** The payment as the payer's /profile/payments reads it. */
    const listed = async (reference: string): Promise<Payment | undefined> => {
      const response = await api.app.inject({
        url: `/api/payments/${payerId}`,
        headers: bearer(token),
      })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().payments as Payment[]).find((p) => p.Reference === reference)
    }

    const refundsMade = (reference: string) =>
      fake.refunds().filter((refund) => refund.reference === reference)

    it('a refund refused three times is sent on the fourth try, after its back-off, once', async () => {
      clock = NOW
      fake.refuseRefunds = 3
      const asked = fake.refundsAsked()
      const reference = await latePayment()

      // The settling transaction decided and queued the refund; the try after its commit failed.
      expect(await queued(reference)).toMatchObject({
        paymentStatus: 'refunded',
        status: 'pending',
        attempts: 1,
        amountMinor: PRICE_MINOR,
        nextAttemptAt: addSeconds(clock, 30),
        lastError: expect.stringContaining('Insufficient balance'),
        sentAt: null,
      })
      expect(fake.refundsAsked() - asked).toBe(1)
      expect(refundsMade(reference)).toEqual([])
      expect(await listed(reference)).toMatchObject({ Status: 'refunded', Refund: 'pending' })

      // Nothing is tried before its time.
      expect(await api.app.refunds.flush()).toBe(0)
      clock = addSeconds(clock, 29)
      expect(await api.app.refunds.flush()).toBe(0)
      expect(fake.refundsAsked() - asked).toBe(1)

      // 30 s after the first try: refused again; then a minute later: refused a third time.
      clock = addSeconds(NOW, 30)
      expect(await api.app.refunds.flush()).toBe(0)
      expect(await queued(reference)).toMatchObject({
        attempts: 2,
        nextAttemptAt: addSeconds(clock, 60),
      })
      clock = addSeconds(clock, 60)
      expect(await api.app.refunds.flush()).toBe(0)
      expect(await queued(reference)).toMatchObject({
        attempts: 3,
        status: 'pending',
        nextAttemptAt: addSeconds(clock, 120),
      })
      expect(fake.refundsAsked() - asked).toBe(3)
      expect(await listed(reference)).toMatchObject({ Status: 'refunded', Refund: 'pending' })

      // Two minutes later the fourth try: Paystack takes it.
      clock = addSeconds(clock, 120)
      expect(await api.app.refunds.flush()).toBe(1)
      expect(await queued(reference)).toMatchObject({
        status: 'sent',
        attempts: 4,
        sentAt: clock,
        lastError: null,
      })
      expect(refundsMade(reference)).toEqual([{ reference, amount: PRICE_MINOR }])
      expect(await listed(reference)).toMatchObject({ Status: 'refunded', Refund: 'sent' })

      // Sent is sent: later flushes, webhook replays and returns change nothing.
      clock = addSeconds(clock, 3600)
      expect(await api.app.refunds.flush()).toBe(0)
      await fake.resendWebhook(reference)
      expect(await verify(reference)).toBe('refunded')
      expect(refundsMade(reference)).toHaveLength(1)
      expect(fake.refundsAsked() - asked).toBe(4)

      // The payer was told once, truthfully: the refund is on its way.
      const mail = (await mailTo(api.db, PAYER)).filter((m) => m.text.includes(reference))
      expect(mail.map((m) => m.subject)).toEqual([
        'Your payment of ₦5,000.00 is being refunded: no booking was made',
      ])
      expect(mail[0]?.text).toContain('The refund is on its way')
      const [payment] = await api.db
        .select()
        .from(payments)
        .where(eq(payments.reference, reference))
      expect(payment?.outcomeNote).toBe(
        'The payment arrived after it had been cancelled, so no booking was made and the full amount is being refunded to your card.',
      )
    })

    it('a refund Paystack made but whose answer was lost is marked sent on the next try, not made again', async () => {
      clock = NOW
      fake.loseRefundAnswers = 1
      const asked = fake.refundsAsked()
      const reference = await latePayment()
      // Paystack has the refund; we did not hear so.
      expect(refundsMade(reference)).toHaveLength(1)
      expect(await queued(reference)).toMatchObject({ status: 'pending', attempts: 1 })

      clock = addSeconds(clock, 30)
      expect(await api.app.refunds.flush()).toBe(1)
      expect(await queued(reference)).toMatchObject({ status: 'sent', attempts: 2 })
      // Asked before sending: Paystack's own books show it, so no second refund call.
      expect(fake.refundsAsked() - asked).toBe(1)
      expect(refundsMade(reference)).toEqual([{ reference, amount: PRICE_MINOR }])
    })

    it('Paystack refusing a refund it already has ("fully reversed") counts as sent', async () => {
      clock = NOW
      fake.loseRefundAnswers = 1
      // While Paystack processes a refund its books may not show it yet: the check before the
      // resend sees nothing, and Paystack refuses the resend itself.
      fake.hideRefunds = true
      const asked = fake.refundsAsked()
      try {
        const reference = await latePayment()
        expect(refundsMade(reference)).toHaveLength(1)
        expect(fake.transactions.get(reference)?.status).toBe('success')
        clock = addSeconds(clock, 30)
        expect(await api.app.refunds.flush()).toBe(1)
        expect(await queued(reference)).toMatchObject({ status: 'sent', attempts: 2 })
        expect(fake.refundsAsked() - asked).toBe(2)
        expect(refundsMade(reference)).toEqual([{ reference, amount: PRICE_MINOR }])
      } finally {
        fake.hideRefunds = false
      }
    })

    it('while Paystack is down the refund waits in the queue, and leaves when it is back', async () => {
      clock = NOW
      fake.refuseRefunds = 1
      const reference = await latePayment()
      expect(await queued(reference)).toMatchObject({ status: 'pending', attempts: 1 })
      fake.outage = true
      try {
        clock = addSeconds(clock, 30)
        expect(await api.app.refunds.flush()).toBe(0)
      } finally {
        fake.outage = false
      }
      expect(await queued(reference)).toMatchObject({
        status: 'pending',
        attempts: 2,
        lastError: 'The payment provider did not answer. Please try again.',
        nextAttemptAt: addSeconds(clock, 60),
      })
      clock = addSeconds(clock, 60)
      expect(await api.app.refunds.flush()).toBe(1)
      expect(refundsMade(reference)).toEqual([{ reference, amount: PRICE_MINOR }])
    })

    it('a server stopped between the commit and the refund call refunds when it starts again', async () => {
      clock = NOW
      const reference = await declined()
      // Paid after all; this process settles it and stops right after the commit: nothing sends
      // the refund it queued.
      const transaction = fake.transactions.get(reference)
      if (!transaction) throw new Error('no fake transaction')
      Object.assign(transaction, { status: 'success', channel: 'card', paidAt: NOW.toISOString() })
      const asked = fake.refundsAsked()
      const settled = await settlePayment(
        {
          db: api.db,
          provider: paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url }),
          now: () => clock,
          publicUrl: 'http://localhost',
        },
        reference,
      )
      expect(settled?.status).toBe('refunded')
      expect(await queued(reference)).toMatchObject({ status: 'pending', attempts: 0 })
      expect(fake.refundsAsked()).toBe(asked)

      // An instance starts (the same one after a restart, or any other): it sends what is due.
      const restarted = await buildApp({
        db: api.db,
        now: () => clock,
        payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
      })
      try {
        await restarted.ready()
        await vi.waitFor(async () => expect((await queued(reference)).status).toBe('sent'))
      } finally {
        await restarted.close()
      }
      expect(refundsMade(reference)).toEqual([{ reference, amount: PRICE_MINOR }])
      expect(fake.refundsAsked() - asked).toBe(1)
    })

    it.skipIf(kind === 'pglite')(
      'instances flushing at once send a refund once (FOR UPDATE SKIP LOCKED)',
      async () => {
        clock = NOW
        fake.refuseRefunds = 1
        const reference = await latePayment()
        expect(await queued(reference)).toMatchObject({ status: 'pending', attempts: 1 })
        clock = addSeconds(clock, 30)
        const workers = [1, 2, 3].map(() =>
          startRefundWorker(api.db, {
            provider: paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url }),
            now: () => clock,
          }),
        )
        const checks = () => fake.calls.filter((call) => call === 'GET /refund').length
        const before = checks()
        try {
          const sent = await Promise.all(workers.map((worker) => worker.flush()))
          expect(sent.toSorted()).toEqual([0, 0, 1])
        } finally {
          await Promise.all(workers.map((worker) => worker.close()))
        }
        // One worker claimed it; the others skipped the locked row and never asked Paystack.
        expect(checks() - before).toBe(1)
        expect(refundsMade(reference)).toHaveLength(1)
        expect(await queued(reference)).toMatchObject({ status: 'sent', attempts: 2 })
      },
    )

    it('with the sandbox (the default) the worker sends refunds too, and a resend is harmless', async () => {
      // A sandbox payment refunded while nothing sent its refund (as after a crash).
      const reference = `SXT-SANDBOXREFUND${String(serial++).padStart(2, '0')}`
      await api.db.insert(sandboxTransactions).values({
        reference,
        accessCode: `sandbox-refund-${reference}`,
        email: PAYER,
        amountMinor: PRICE_MINOR,
        currency: 'NGN',
        callbackUrl: 'http://localhost/',
        status: 'success',
        createdAt: NOW,
        paidAt: NOW,
      })
      const [payment] = await api.db
        .insert(payments)
        .values({
          reference,
          email: PAYER,
          purpose: 'booking',
          amountMinor: PRICE_MINOR,
          status: 'refunded',
          provider: 'sandbox',
          callbackUrl: 'http://localhost/',
          createdAt: NOW,
          finalizedAt: NOW,
        })
        .returning()
      if (!payment) throw new Error('no payment')
      await api.db
        .insert(refunds)
        .values({ paymentId: payment.id, amountMinor: PRICE_MINOR, nextAttemptAt: NOW })
      // The Paystack instance leaves it alone: not its provider's.
      clock = NOW
      await api.app.refunds.flush()
      expect(await queued(reference)).toMatchObject({ status: 'pending', attempts: 0 })

      const sandboxed = await buildApp({ db: api.db, now: () => NOW })
      try {
        await sandboxed.ready()
        await vi.waitFor(async () => expect((await queued(reference)).status).toBe('sent'))
      } finally {
        await sandboxed.close()
      }
      const [ledger] = await api.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, reference))
      expect(ledger).toMatchObject({ status: 'refunded', refundedAt: NOW })
      const sandbox = sandboxProvider({ db: api.db, now: () => NOW })
      await expect(sandbox.refund(reference, PRICE_MINOR)).resolves.toBe('already-refunded')
      await expect(sandbox.refund('SXT-NOSUCHPAYMENT', PRICE_MINOR)).rejects.toThrow(
        'no such transaction',
      )
    })
  })
})

// ---------------------------------------------------------------------------------------------

const template = inject('postgresTemplate')

/** A day two or more days ahead (never past in Lagos either), not a Monday (we are closed). */
function comingDay(): string {
  for (let ahead = 2; ; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10)
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) return day
  }
}

describe.skipIf(!template)(
  template
    ? 'a server process killed between the commit and the refund call (PostgreSQL)'
    : 'a server process killed mid-refund (skipped: no PostgreSQL server answered)',
  () => {
    it('refunds after the restart, once', async () => {
      if (!template) return
      const database = await freshDatabase(template.adminUrl, template.prefix)
      const fake = await startFakePaystack()
      const pool = new pg.Pool({ connectionString: database.url, max: 2 })
      pool.on('error', () => {})
      const instances: Instance[] = []
      const env = { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url }
      try {
        const first = await startInstance({ databaseUrl: database.url, env })
        instances.push(first)
        fake.webhookUrl = `${first.url}/api/payments/webhook`
        const db: Db = await postgresDb(pool)
        const day = comingDay()
        await db.insert(events).values(eventRow('killed-night', day))
        const initiated = await fetch(`${first.url}/api/payments/initiate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(initiation('killed-night', 'killed@example.com', day)),
        })
        expect(initiated.status, await initiated.clone().text()).toBe(201)
        const { reference } = ((await initiated.json()) as { data: { reference: string } }).data
        fake.decline(reference)
        const declined = await fetch(`${first.url}/api/payments/verify/${reference}`)
        expect(((await declined.json()) as { data: { status: string } }).data.status).toBe('failed')

        // Paid after all: the webhook settles it as refunded and commits; the refund call that
        // follows never reaches Paystack's books, and the process dies while it hangs.
        fake.stallRefunds = true
        const paying = fake.pay(reference)
        await vi.waitFor(() => expect(fake.refundsAsked()).toBe(1), { timeout: 15_000 })
        expect(await refundOf(db, reference)).toMatchObject({
          status: 'pending',
          paymentStatus: 'refunded',
        })
        await first.kill()
        fake.stallRefunds = false
        await paying
        expect(fake.refunds()).toEqual([])

        // The server comes back: on start it sends what is due.
        const second = await startInstance({ databaseUrl: database.url, env })
        instances.push(second)
        await vi.waitFor(async () => expect((await refundOf(db, reference)).status).toBe('sent'), {
          timeout: 15_000,
          interval: 100,
        })
        expect(fake.refunds()).toEqual([{ reference, amount: PRICE_MINOR }])
        expect(fake.refundsAsked()).toBe(2)
      } finally {
        await Promise.all(instances.map((instance) => instance.kill()))
        await pool.end()
        await fake.close()
        await database.drop()
      }
    }, 120_000)
  },
)
