import { subDays } from 'date-fns'
import { and, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMinor } from '../../machines/rules/money.ts'
import type { components } from '../../openapi/schema'
import {
  bookings,
  events,
  payments,
  refunds,
  wallets,
  walletTransactions,
} from '../../server/db/schema.ts'
import { DEMO_STAFF, LONG_NAMED_MEMBER } from '../../server/db/seed.ts'
import { UNREADABLE_ADDRESS } from '../../server/http/bad-bytes.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { auditOf } from '../support/audit.ts'
import { debitWallet, jazz, mailTo, UNLIMITED, walletBooks } from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'
import { createWallet, fundWallet } from '../support/wallet-topup'

// Payments in the staff's tools (GET /staff/payments, POST /staff/payments/{id}/refund): card
// payments and wallet debits found by reference, e-mail or name; a refund in full, once however
// many staff press at once, with the reason e-mailed to the payer and an audit entry: back to the
// wallet at once, or to the card through the refund queue (sent to a fake Paystack). Only staff.

type StaffPayment = components['schemas']['StaffPayment']

const SITE = 'https://sixteen.test'
const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'
/** The day the tests' clock refunds on, as the 409s write it. */
const REFUNDED_ON = 'Nov 24, 2026'
const BLANK_REASON = 'Write the reason for the refund: the payer reads it.'
const NO_PAYMENT = 'No payment has this id.'
const ALREADY = `This payment was already refunded on ${REFUNDED_ON} by ${STAFF_NAME}.`

/** The long-named member (demo data): she pays from a wallet of her own, made here. */
const MEMBER = { email: LONG_NAMED_MEMBER, name: 'Oluwaseun Adebayo-Williams' }
/** A guest who pays by card: no account, so her name is the one she booked under. */
const GUEST = {
  email: 'chiamaka.nwosu-okonkwo@unilag.edu.ng',
  name: 'Chiamaka Adaeze Nwosu-Okonkwo',
  phone: '+234 809 555 0142',
}

/** The day after NOW, when the test events run. */
const DAY = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 1_500_000

const eventRow = (id: string) => ({
  id,
  name: `Highlife Evening ${id.slice(-2)}`,
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  venue: 'The Rooftop',
  startAt: new Date(`${DAY}T18:00:00Z`),
  endAt: new Date(`${DAY}T21:00:00Z`),
  timeSlots: [SLOT],
  priceNaira: PRICE_MINOR / 100,
  capacity: 20,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: payments, found and refunded', () => {
    let api: TestApi
    let fake: FakePaystack
    let clock = NOW
    let serial = 0
    let staff: string
    let member: string
    let memberWallet: string

    beforeAll(async () => {
      fake = await startFakePaystack()
      api = await startApi(kind, {
        app: {
          payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
          now: () => clock,
          rateLimit: UNLIMITED,
          publicUrl: SITE,
        },
      })
      const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/payments/webhook`
      staff = await signIn(api, DEMO_STAFF)
      member = await signIn(api, MEMBER.email)
      memberWallet = await createWallet(api, member)
      // ₦200,000 in, as a top-up leaves it.
      await fundWallet(
        api.db,
        {
          walletId: memberWallet,
          actor: MEMBER.email,
          reference: 'staff-payments-topup',
          at: subDays(NOW, 3),
        },
        20_000_000,
      )
    })
    afterAll(async () => {
      await api?.close()
      await fake?.close()
    })

    const search = async (q?: string): Promise<StaffPayment[]> => {
      const response = await api.app.inject({
        url: `/api/staff/payments${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        headers: bearer(staff),
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().payments
    }
    const refund = (
      id: string,
      body: { method: 'card' | 'wallet'; reason: string },
      { token = staff, key }: { token?: string; key?: string } = {},
    ) =>
      api.app.inject({
        method: 'POST',
        url: `/api/staff/payments/${id}/refund`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      })
    const answerOf = (response: LightMyRequestResponse): StaffPayment => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const creditsOf = (debitId: string) =>
      api.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.reference, `refund:${debitId}`))
    const refundsOf = (paymentId: string) =>
      api.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))
    const paymentOf = async (reference: string) => {
      const [row] = await api.db.select().from(payments).where(eq(payments.reference, reference))
      if (!row) throw new Error(`no payment ${reference}`)
      return row
    }

    /** A booking's debit as the wallet writes it (balance and ledger row together); its id. */
    const debited = async (narration: string, amountMinor: number): Promise<string> => {
      await api.db
        .update(wallets)
        .set({ balanceMinor: sql`${wallets.balanceMinor} - ${amountMinor}` })
        .where(eq(wallets.id, memberWallet))
      const [row] = await api.db
        .insert(walletTransactions)
        .values({
          walletId: memberWallet,
          difference: amountMinor,
          action: 'debit',
          narration,
          actor: MEMBER.email,
          createdAt: subDays(NOW, 1),
        })
        .returning()
      if (!row) throw new Error('the debit was not written')
      return row.id
    }

    /** A ticket to an event of its own, paid by card on the fake Paystack (or only started). */
    const cardPayment = async (pay: 'pay' | 'decline' | 'leave' = 'pay') => {
      serial += 1
      const eventId = `highlife-evening-${String(serial).padStart(2, '0')}`
      await api.db.insert(events).values(eventRow(eventId))
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: `/event/${eventId}/registered`,
          email: GUEST.email,
          payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
          booking: {
            Email: GUEST.email,
            Name: GUEST.name,
            Phone: GUEST.phone,
            Event: eventId,
            Type: 'event',
            Venue: 'The Rooftop',
            Date: DAY,
            Amount: PRICE_MINOR,
            'Time Slot': SLOT,
            'Paid with': 'paystack',
            'Payment Reference': null,
            Visitors: 0,
          },
        },
      })
      expect(started.statusCode, started.body).toBe(201)
      const reference: string = started.json().data.reference
      if (pay === 'pay') expect((await fake.pay(reference)).webhook.attempts).toEqual([200])
      if (pay === 'decline') {
        fake.decline(reference)
        await api.app.inject({ url: `/api/payments/verify/${reference}` })
      }
      const payment = await paymentOf(reference)
      expect(payment.status).toBe({ pay: 'success', decline: 'failed', leave: 'pending' }[pay])
      return { ...payment, eventId }
    }

    describe('finding payments', () => {
      let paid: Awaited<ReturnType<typeof cardPayment>>
      let debit: string

      beforeAll(async () => {
        paid = await cardPayment()
        debit = await debited('Print Studio Session', 3_000_000)
      })

      it('by a card reference, exactly, whatever its case', async () => {
        const expected: StaffPayment = {
          id: paid.id,
          method: 'card',
          reference: paid.reference,
          channel: 'card',
          email: GUEST.email,
          name: GUEST.name,
          what: `Highlife Evening ${paid.eventId.slice(-2)}, Wednesday, November 25, 2026, ${SLOT}`,
          amountMinor: PRICE_MINOR,
          currency: 'NGN',
          at: NOW.toISOString(),
          status: 'paid',
          refundable: true,
          refund: null,
        }
        expect(await search(paid.reference)).toEqual([expected])
        expect(await search(` ${paid.reference.toLowerCase()} `)).toEqual([expected])
        // A part of a reference is no reference.
        expect(await search(paid.reference.slice(0, 10))).toEqual([])
      })

      it('by any part of the payer’s e-mail, whatever its case', async () => {
        const found = await search('NWOSU-OKONKWO@UNILAG')
        expect(found.length).toBeGreaterThan(0)
        expect(found.every((payment) => payment.email === GUEST.email)).toBe(true)
        expect(found.map((payment) => payment.id)).toContain(paid.id)
        // The wallet's payer, by her e-mail: the debit's actor.
        expect((await search('adebayowilliams@')).map((payment) => payment.id)).toEqual([debit])
      })

      it('by a part of a name: a guest’s as she booked, a member’s from her account', async () => {
        expect((await search('adaeze nwosu')).map((payment) => payment.id)).toContain(paid.id)
        const [found, ...more] = await search('Adebayo-Williams')
        expect(more).toEqual([])
        expect(found).toEqual({
          id: debit,
          method: 'wallet',
          reference: null,
          channel: null,
          email: MEMBER.email,
          name: MEMBER.name,
          what: 'Print Studio Session',
          amountMinor: 3_000_000,
          currency: 'NGN',
          at: subDays(NOW, 1).toISOString(),
          status: 'paid',
          refundable: true,
          refund: null,
        })
        // % and _ are letters to look for, not wildcards: no e-mail or name holds them.
        expect(await search('%')).toEqual([])
        expect(await search('_')).toEqual([])
        expect(await search('Nobody Ever')).toEqual([])
      })

      it('blank: the latest 50 of both kinds, newest first', async () => {
        const old = Array.from({ length: 55 }, (_, n) => ({
          reference: `old-archive-${n}`,
          email: 'adetokunbo.olawale-bankole@example.com',
          purpose: 'booking' as const,
          amountMinor: 500_000,
          status: 'success' as const,
          provider: 'sandbox' as const,
          callbackUrl: '/',
          createdAt: subDays(NOW, 400 + n),
          finalizedAt: subDays(NOW, 400 + n),
        }))
        await api.db.insert(payments).values(old)
        const latest = await search()
        expect(await search('   ')).toEqual(latest)
        expect(latest).toHaveLength(50)
        expect(latest[0]?.id).toBe(paid.id)
        const times = latest.map((payment) => payment.at)
        expect(times).toEqual(times.toSorted().reverse())
        expect(new Set(latest.map((payment) => payment.method))).toEqual(
          new Set(['card', 'wallet']),
        )
        // The oldest are left out.
        expect(latest.map((payment) => payment.reference)).not.toContain('old-archive-54')
        // A demo payment made before payments said what they bought names its booking or plan.
        const demo = (reference: string) =>
          latest.find((payment) => payment.reference === reference)
        expect(demo('demo-jazz-ada')).toMatchObject({ what: 'Rooftop Jazz', name: 'Ada Okafor' })
        expect(demo('demo-membership-ada')).toMatchObject({
          what: 'Individual · 6 months',
          refundable: true,
        })
        expect(demo('demo-topup-ada')).toMatchObject({
          what: 'Wallet top-up',
          status: 'paid',
          refundable: false,
        })
      })
    })

    describe('refunding a payment from a wallet', () => {
      it('credits the wallet at once: the answer, her wallet and history, her e-mail, the audit', async () => {
        // A real booking from her wallet: Rooftop Jazz today, at the members' price.
        const booked = await debitWallet(
          api,
          memberWallet,
          {
            debitAmount: 800_000,
            narration: 'Rooftop Jazz',
            booking: jazz({
              Email: MEMBER.email,
              Name: MEMBER.name,
              Phone: '+234 802 555 0177',
              Amount: 800_000,
              'Paid with': 'wallet',
            }),
          },
          { token: member },
        )
        expect(booked.statusCode, booked.body).toBe(201)
        const { _id: debit, createdAt: debitedAt } = booked.json().data.transaction
        const before = await walletBooks(api.db, memberWallet)
        const reason = 'The rooftop was closed for the rain, so Rooftop Jazz did not hold.'

        const answer = answerOf(await refund(debit, { method: 'wallet', reason: `  ${reason}\n` }))
        expect(answer).toEqual({
          id: debit,
          method: 'wallet',
          reference: null,
          channel: null,
          email: MEMBER.email,
          name: MEMBER.name,
          what: 'Rooftop Jazz',
          amountMinor: 800_000,
          currency: 'NGN',
          at: debitedAt,
          status: 'refunded',
          refundable: false,
          refund: {
            at: NOW.toISOString(),
            reason,
            by: STAFF_NAME,
            walletBalanceMinor: before.balance + 800_000,
          },
        })
        const after = await walletBooks(api.db, memberWallet)
        expect(after.balance).toBe(before.balance + 800_000)
        expect(after.ledger).toBe(after.balance)

        // What she sees, signed in as herself.
        const wallets = await api.app.inject({ url: '/api/wallets', headers: bearer(member) })
        expect(wallets.statusCode, wallets.body).toBe(200)
        expect(wallets.json().data.userWallet).toMatchObject({
          id: memberWallet,
          Balance: before.balance + 800_000,
        })
        const history = await api.app.inject({
          url: `/api/wallets/history/${memberWallet}`,
          headers: bearer(member),
        })
        expect(history.statusCode, history.body).toBe(200)
        // The debit is dated by the database's clock, the refund by the app's (pinned): find it.
        const ledger: { action: string; narration: string }[] = history.json().data
        expect(ledger.find((row) => row.narration.startsWith('Refund:'))).toEqual({
          _id: expect.any(String),
          difference: 800_000,
          action: 'credit',
          narration: 'Refund: Rooftop Jazz',
          note: reason,
          actor: STAFF_NAME,
          createdAt: NOW.toISOString(),
        })

        const [mail, ...more] = (await mailTo(api.db, MEMBER.email)).filter((message) =>
          message.subject.includes('back in'),
        )
        expect(more).toEqual([])
        expect(mail?.subject).toBe('₦8,000.00 is back in your wallet')
        expect(mail?.text).toMatch(/^Hello Oluwaseun Adebayo-Williams,\n/)
        expect(mail?.text).toContain('your wallet payment of ₦8,000.00 for Rooftop Jazz.')
        expect(mail?.text).toContain(`\n${reason}\n`)
        expect(mail?.text).toContain(
          `back in your wallet now: its balance is ${formatMinor(before.balance + 800_000, 'NGN')}.`,
        )
        expect(mail?.text).toContain(`${SITE}/profile/wallet`)

        expect(await auditOf(api.db, debit)).toEqual([
          {
            actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
            action: 'payment refund',
            before: { status: 'paid' },
            after: {
              status: 'refunded',
              reason,
              amountMinor: 800_000,
              walletBalanceMinor: before.balance + 800_000,
            },
          },
        ])
        // The booking stays as it was.
        const [booking] = await api.db
          .select({ status: bookings.status })
          .from(bookings)
          .where(and(eq(bookings.email, MEMBER.email), eq(bookings.eventId, 'rooftop-jazz')))
        expect(booking?.status).toBe('confirmed')

        // Once: a second refund is refused, and changes nothing.
        expectError(await refund(debit, { method: 'wallet', reason: 'Again.' }), 409, ALREADY)
        expect(await creditsOf(debit)).toHaveLength(1)
        expect((await walletBooks(api.db, memberWallet)).balance).toBe(after.balance)
        expect(await auditOf(api.db, debit)).toHaveLength(1)
        // The search shows it refunded, with the balance now.
        expect((await search('Adebayo-Williams')).find((p) => p.id === debit)).toEqual(answer)
      })

      it('20 refunds of one debit at the same moment: one 200, one credit, the balance up once', async () => {
        const debit = await debited('Co-working', 500_000)
        const before = await walletBooks(api.db, memberWallet)
        const mails = (await mailTo(api.db, MEMBER.email)).length
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            refund(
              debit,
              { method: 'wallet', reason: 'The Garden Room was closed for painting that day.' },
              n % 2 === 0 ? { key: `same-moment-${n}` } : {},
            ),
          ),
        )
        const codes = answers.map((answer) => answer.statusCode)
        expect(codes.filter((code) => code === 200)).toHaveLength(1)
        expect(codes.filter((code) => code === 409)).toHaveLength(19)
        for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
          expectError(refused, 409, ALREADY)
        }
        expect(await creditsOf(debit)).toHaveLength(1)
        const after = await walletBooks(api.db, memberWallet)
        expect(after.balance).toBe(before.balance + 500_000)
        expect(after.ledger).toBe(after.balance)
        expect(await mailTo(api.db, MEMBER.email)).toHaveLength(mails + 1)
        expect(await auditOf(api.db, debit)).toHaveLength(1)
      })

      it('a retried refund with the same Idempotency-Key: the same answer, one credit', async () => {
        const debit = await debited('Print Studio Session', 3_000_000)
        const body = { method: 'wallet' as const, reason: 'The Risograph was broken that day.' }
        const first = await refund(debit, body, { key: 'refund-retry-1' })
        const again = await refund(debit, body, { key: 'refund-retry-1' })
        expect(answerOf(first).status).toBe('refunded')
        expect(again.statusCode).toBe(200)
        expect(again.json()).toEqual(first.json())
        expect(again.headers['idempotent-replayed']).toBe('true')
        expect(await creditsOf(debit)).toHaveLength(1)
        expect(await auditOf(api.db, debit)).toHaveLength(1)
        // Another key is another refund: refused.
        expectError(await refund(debit, body, { key: 'refund-retry-2' }), 409, ALREADY)
      })

      it('a debit is no card payment, and a credit is no payment: 404', async () => {
        const debit = await debited('Co-working', 500_000)
        expectError(await refund(debit, { method: 'card', reason: 'Closed.' }), 404, NO_PAYMENT)
        const [credit] = await api.db
          .select({ id: walletTransactions.id })
          .from(walletTransactions)
          .where(eq(walletTransactions.reference, 'staff-payments-topup'))
        expectError(
          await refund(credit?.id ?? '', { method: 'wallet', reason: 'Closed.' }),
          404,
          NO_PAYMENT,
        )
        expect(await auditOf(api.db, debit)).toEqual([])
      })
    })

    describe('refunding a card payment', () => {
      it('queues the refund: refunding, the reason kept, the payer told; refunded once Paystack has it', async () => {
        const paid = await cardPayment()
        const reason = 'The band cancelled on the day; we are sorry.'
        // Paystack refuses the try right after the commit: the refund waits in the queue.
        fake.refuseRefunds = 1
        const answer = answerOf(await refund(paid.id, { method: 'card', reason }))
        expect(answer).toMatchObject({
          id: paid.id,
          method: 'card',
          reference: paid.reference,
          status: 'refunding',
          refundable: false,
          refund: { at: NOW.toISOString(), reason, by: STAFF_NAME, walletBalanceMinor: null },
        })
        expect(await refundsOf(paid.id)).toMatchObject([
          {
            amountMinor: PRICE_MINOR,
            status: 'pending',
            attempts: 1,
            reason,
            requestedBy: STAFF_NAME,
          },
        ])
        expect(await paymentOf(paid.reference)).toMatchObject({
          status: 'refunded',
          outcomeNote: reason,
        })
        const [mail] = (await mailTo(api.db, GUEST.email)).filter((message) =>
          message.subject.includes('is being refunded'),
        )
        expect(mail?.subject).toBe('Your payment of ₦15,000.00 is being refunded')
        expect(mail?.text).toMatch(/^Hello Chiamaka Adaeze Nwosu-Okonkwo,\n/)
        expect(mail?.text).toContain(
          `your card payment of ₦15,000.00 for Highlife Evening ${paid.eventId.slice(-2)}, Wednesday, November 25, 2026, ${SLOT}.`,
        )
        expect(mail?.text).toContain(`\n${reason}\n`)
        expect(mail?.text).toContain('your bank may take a few working days')
        expect(mail?.text).toContain(`Payment reference: ${paid.reference}`)
        expect(await auditOf(api.db, paid.id)).toEqual([
          {
            actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
            action: 'payment refund',
            before: { status: 'paid' },
            after: { status: 'refunding', reason, amountMinor: PRICE_MINOR },
          },
        ])
        // The booking stays as it was.
        const [booking] = await api.db
          .select({ status: bookings.status })
          .from(bookings)
          .where(eq(bookings.paymentId, paid.id))
        expect(booking?.status).toBe('confirmed')

        // The worker's next try, 30 s on: Paystack takes it.
        clock = new Date(NOW.getTime() + 30_000)
        try {
          expect(await api.app.refunds.flush()).toBe(1)
        } finally {
          clock = NOW
        }
        expect(fake.refunds().filter((made) => made.reference === paid.reference)).toEqual([
          { reference: paid.reference, amount: PRICE_MINOR },
        ])
        expect(await search(paid.reference)).toEqual([
          { ...answer, status: 'refunded', refund: answer.refund },
        ])

        expectError(await refund(paid.id, { method: 'card', reason: 'Again.' }), 409, ALREADY)
        expect(await refundsOf(paid.id)).toHaveLength(1)
        expect(await auditOf(api.db, paid.id)).toHaveLength(1)
      })

      it('a refund Paystack takes at once reads refunded in the answer', async () => {
        const paid = await cardPayment()
        const answer = answerOf(
          await refund(paid.id, { method: 'card', reason: 'Booked twice by mistake.' }),
        )
        expect(answer).toMatchObject({ status: 'refunded', refund: { by: STAFF_NAME } })
        expect(await refundsOf(paid.id)).toMatchObject([{ status: 'sent' }])
      })

      it('a top-up: 409, and nothing is written', async () => {
        const topUp = await paymentOf('demo-topup-ada')
        const mails = (await mailTo(api.db, 'ada@example.com')).length
        expectError(
          await refund(topUp.id, { method: 'card', reason: 'Asked for it back.' }),
          409,
          'A top-up is spent from the wallet; refund the bookings it paid for instead.',
        )
        expect(await paymentOf('demo-topup-ada')).toEqual(topUp)
        expect(await refundsOf(topUp.id)).toEqual([])
        expect(await auditOf(api.db, topUp.id)).toEqual([])
        expect(await mailTo(api.db, 'ada@example.com')).toHaveLength(mails)
      })

      it('not paid yet, or declined: 409, and nothing is written', async () => {
        const pending = await cardPayment('leave')
        expectError(
          await refund(pending.id, { method: 'card', reason: 'Closed.' }),
          409,
          'This payment has not been paid yet: there is nothing to refund.',
        )
        const declined = await cardPayment('decline')
        expectError(
          await refund(declined.id, { method: 'card', reason: 'Closed.' }),
          409,
          'This payment did not go through: nothing was taken, so there is nothing to refund.',
        )
        for (const payment of [pending, declined]) {
          expect((await paymentOf(payment.reference)).status).toBe(payment.status)
          expect(await refundsOf(payment.id)).toEqual([])
          expect(await auditOf(api.db, payment.id)).toEqual([])
        }
      })
    })

    describe('refusals', () => {
      it('a blank reason or a NUL: 400; an unknown id: 404; nothing is written', async () => {
        const paid = await cardPayment()
        expectError(await refund(paid.id, { method: 'card', reason: ' \n ' }), 400, BLANK_REASON)
        expectError(await refund(paid.id, { method: 'card', reason: '' }), 400, /reason/)
        expectError(
          await refund(paid.id, { method: 'card', reason: 'Sorry\u0000' }),
          400,
          'reason contains a character we cannot store (U+0000). Please remove it and try again.',
        )
        expectError(
          await api.app.inject({ url: '/api/staff/payments?q=ada%00', headers: bearer(staff) }),
          400,
          UNREADABLE_ADDRESS,
        )
        expectError(await refund(SOME_ID, { method: 'card', reason: 'Closed.' }), 404, NO_PAYMENT)
        expectError(await refund(SOME_ID, { method: 'wallet', reason: 'Closed.' }), 404, NO_PAYMENT)
        expect((await paymentOf(paid.reference)).status).toBe('success')
        expect(await refundsOf(paid.id)).toEqual([])
        expect(await auditOf(api.db, paid.id)).toEqual([])
      })

      it("answers a member's token 403 and no token 401; nothing is refunded", async () => {
        const debit = await debited('Co-working', 500_000)
        const calls = [
          { method: 'GET' as const, url: '/api/staff/payments?q=example' },
          {
            method: 'POST' as const,
            url: `/api/staff/payments/${debit}/refund`,
            payload: { method: 'wallet', reason: 'I refund myself.' },
          },
        ]
        for (const call of calls) {
          expectError(
            await api.app.inject({ ...call, headers: bearer(member) }),
            403,
            "This is for the hotel's staff.",
          )
          expectError(await api.app.inject(call), 401, 'Please log in.')
        }
        expect(await creditsOf(debit)).toEqual([])
        expect(await auditOf(api.db, debit)).toEqual([])
      })
    })
  })
})
