import { asc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox, payments, refunds } from '../../server/db/schema.ts'
import { startMailer } from '../../server/mail/dispatcher.ts'
import type { PaymentProvider, RefundAnswer } from '../../server/payments/provider.ts'
import { startRefundWorker } from '../../server/payments/refunds.ts'
import { bothEngines, NOW } from '../support/api-app.ts'
import { startFakeSmtp } from '../support/fake-smtp.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// A server that stops (server/http/lifecycle.ts) closes its background work: each worker finishes
// what it has in hand and hands the rest back, left in its queue for the next start, so nothing
// is sent twice nor lost. (The waitlist's sweeper does the same between places.)

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** An SMTP server on loopback that answers the first message only once `release` is called. */
async function slowSmtp() {
  const first = gate()
  const arrived = gate()
  const smtp = await startFakeSmtp(async (index) => {
    if (index > 0) return
    arrived.open()
    await first.opened
  })
  return {
    ...smtp,
    /** The first message has come; its answer waits. */
    firstArrived: arrived.opened,
    release: first.open,
  }
}

describe.each(bothEngines())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('background work when the server stops', () => {
    let testDb: TestDb
    beforeEach(async () => {
      testDb = (await openTestDb(kind)) as TestDb
    })
    afterEach(() => testDb?.close())

    it('the refund worker finishes the refund it is sending and leaves the others queued', async () => {
      const { db } = testDb
      const paid = await db
        .insert(payments)
        .values(
          ['SXT-STOP1', 'SXT-STOP2', 'SXT-STOP3'].map((reference) => ({
            reference,
            email: 'ngozi.okafor@gmail.com',
            purpose: 'booking' as const,
            amountMinor: 500_000,
            status: 'refunded' as const,
            provider: 'sandbox' as const,
            callbackUrl: 'http://localhost/',
            createdAt: NOW,
            finalizedAt: NOW,
          })),
        )
        .returning({ id: payments.id })
      await db
        .insert(refunds)
        .values(paid.map(({ id }) => ({ paymentId: id, amountMinor: 500_000, nextAttemptAt: NOW })))
      const providerHas = gate()
      const release = gate()
      const asked: string[] = []
      const provider = {
        name: 'sandbox',
        async refund(reference: string): Promise<RefundAnswer> {
          asked.push(reference)
          providerHas.open()
          await release.opened
          return 'refunded'
        },
        // Only refunds are asked of it.
      } as unknown as PaymentProvider
      const worker = startRefundWorker(db, { provider, now: () => NOW })
      const flushing = worker.flush()
      await providerHas.opened
      let closed = false
      const closing = worker.close().then(() => {
        closed = true
      })
      await new Promise((resolve) => setTimeout(resolve, 50))
      // It waits for the refund at the provider ...
      expect(closed).toBe(false)
      release.open()
      await closing
      await flushing
      // ... marks it sent, and asks for no other.
      expect(asked).toEqual(['SXT-STOP1'])
      const statuses = async () =>
        (
          await db
            .select({ reference: payments.reference, status: refunds.status })
            .from(refunds)
            .innerJoin(payments, eq(payments.id, refunds.paymentId))
            .orderBy(asc(payments.reference))
        ).map(({ reference, status }) => `${reference} ${status}`)
      expect(await statuses()).toEqual(['SXT-STOP1 sent', 'SXT-STOP2 pending', 'SXT-STOP3 pending'])
      // Closed, it starts nothing more; the next start sends the rest.
      expect(await worker.flush()).toBe(0)
      const next = startRefundWorker(db, { provider, now: () => NOW })
      expect(await next.flush()).toBe(2)
      await next.close()
      expect(await statuses()).toEqual(['SXT-STOP1 sent', 'SXT-STOP2 sent', 'SXT-STOP3 sent'])
    })

    it('the mailer finishes the message it is sending and leaves the others in the outbox', async () => {
      const { db } = testDb
      await db
        .insert(mailOutbox)
        .values(
          ['amaka.eze@yahoo.com', 'segun.bello@gmail.com', 'halima.musa@outlook.com'].map(
            (toAddress) => ({ toAddress, subject: 'Your booking', text: 'See you on Thursday.' }),
          ),
        )
      const smtp = await slowSmtp()
      try {
        const mailer = startMailer(db, { smtpUrl: smtp.url })
        const flushing = mailer.flush()
        await smtp.firstArrived
        let closed = false
        const closing = mailer.close().then(() => {
          closed = true
        })
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(closed).toBe(false)
        smtp.release()
        await closing
        expect(await flushing).toBe(1)
        expect(smtp.messages).toHaveLength(1)
        const unsent = await db
          .select({ to: mailOutbox.toAddress, sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          .orderBy(asc(mailOutbox.id))
        expect(unsent.map(({ to, sentAt }) => `${to} ${sentAt ? 'sent' : 'waiting'}`)).toEqual([
          'amaka.eze@yahoo.com sent',
          'segun.bello@gmail.com waiting',
          'halima.musa@outlook.com waiting',
        ])
        const next = startMailer(db, { smtpUrl: smtp.url })
        expect(await next.flush()).toBe(2)
        await next.close()
      } finally {
        await smtp.close()
      }
    })
  })
})
