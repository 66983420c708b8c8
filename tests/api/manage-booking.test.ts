import { addMonths } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import {
  accounts,
  bookings,
  payments,
  refunds,
  walletTransactions,
} from '../../server/db/schema.ts'
import { DEMO_STAFF } from '../../server/db/seed.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
  TODAY,
} from '../support/api-app.ts'
import {
  type BookingInput,
  debitWallet,
  type EventShape,
  eventMaker,
  lagosAt,
  mailTo,
  ticketTo,
  UNLIMITED,
  walletBooks,
} from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'
import { createWallet, fundWallet } from '../support/wallet-topup'

// A booking's 'Manage your booking' link (GET /bookings/manage/{code}, POST
// /bookings/manage/{code}/cancel): its receipt carries it, and its code, a secret of its own (not
// the booking's id, not its ticket), reads and cancels the booking without an account, by the
// rules of cancelling a signed-in person's own booking: until the cut-off, the money back the way
// it came, once however often asked. Seen as a caller sees it, through HTTP.

type ManagedBooking = components['schemas']['ManagedBooking']
type CancelledBooking = components['schemas']['CancelledBooking']

const SITE = 'https://sixteen.test'
const NO_LINK = 'No booking has this link.'
const CHECKED_IN = 'This booking was checked in at the door: it can no longer be cancelled.'
/** Thursday, two days after NOW: every cut-off of 24 hours before 7pm is still ahead. */
const DAY = '2026-11-26'
const TOMORROW = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 500_000
/** Wednesday 7pm in Lagos: 24 hours before a Thursday 7pm slot. */
const THURSDAY_CUTOFF = new Date('2026-11-25T18:00:00Z')

/** A member with a wallet of his own, whose wallet bookings are cancelled by their link. */
const CHINEDU = {
  email: 'chinedu.okafor@example.com',
  firstName: 'Chinedu',
  lastName: 'Okafor',
  phone: '+234 803 555 0131',
}
/** Someone without an account, who pays by card and manages her booking from its receipt. */
const BISI = {
  Email: 'bisi.adewale@example.com',
  Name: 'Bisi Adewale',
  Phone: '+234 807 555 0141',
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)("a booking's 'Manage your booking' link", () => {
    let api: TestApi
    let fake: FakePaystack
    let chinedu: string
    let staff: string
    let walletId: string
    let makeEvent: ReturnType<typeof eventMaker>
    /** The app's clock: NOW, moved on by the tests of the cut-off and put back after them. */
    let clock = NOW

    beforeAll(async () => {
      fake = await startFakePaystack()
      api = await startApi(kind, {
        app: {
          payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
          rateLimit: UNLIMITED,
          publicUrl: SITE,
          now: () => clock,
        },
      })
      makeEvent = eventMaker(api.db, 'Amala Evening')
      const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/payments/webhook`
      await api.db.insert(accounts).values({
        ...CHINEDU,
        role: 'Member',
        subscriptionStatus: 'Active' as const,
        subscriptionExpiry: addMonths(NOW, 6),
      })
      chinedu = await signIn(api, CHINEDU.email)
      staff = await signIn(api, DEMO_STAFF)
      walletId = await createWallet(api, chinedu)
      // ₦200,000 in, as a top-up leaves it.
      await fundWallet(
        api.db,
        { walletId: walletId, actor: CHINEDU.email, reference: 'manage-booking-topup', at: NOW },
        20_000_000,
      )
    })
    afterAll(async () => {
      await api?.close()
      await fake?.close()
    })

    /** An event of its own, by default ₦5,000 on Thursday at 7pm, with places to spare. */
    const anEvent = (shape: Partial<EventShape> = {}) =>
      makeEvent({ day: DAY, slots: [SLOT], price: PRICE_MINOR, ...shape })
    const ticket = ticketTo

    /** The booking row, as it is now. */
    const rowOf = async (id: string) => {
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, id))
      if (!row) throw new Error(`no booking ${id}`)
      return row
    }

    /** A free booking (rsvp), signed in or not; its row. */
    const rsvp = async (body: BookingInput, token?: string) => {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        headers: token ? bearer(token) : {},
        payload: body,
      })
      expect(response.statusCode, response.body).toBe(201)
      return rowOf(response.json().data.id)
    }

    /** Bisi's ticket to a new ₦5,000 event by card on the fake Paystack, without an account. */
    const guestCardTicket = async () => {
      const event = await anEvent()
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: `/event/${event.id}/registered`,
          email: BISI.Email,
          payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
          booking: ticket(event, BISI, 'paystack'),
        },
      })
      expect(started.statusCode, started.body).toBe(201)
      const reference: string = started.json().data.reference
      expect((await fake.pay(reference)).webhook.attempts).toEqual([200])
      const [payment] = await api.db
        .select()
        .from(payments)
        .where(eq(payments.reference, reference))
      const [booking] = await api.db
        .select()
        .from(bookings)
        .where(eq(bookings.paymentId, payment?.id ?? ''))
      if (!payment || !booking) throw new Error(`no booking for ${reference}`)
      expect(booking).toMatchObject({ status: 'confirmed', accountId: null })
      return { event, reference, paymentId: payment.id, booking }
    }

    const read = (code: string) => api.app.inject({ url: `/api/bookings/manage/${code}` })
    const cancel = (code: string, key?: string) =>
      api.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${code}/cancel`,
        headers: key ? { 'idempotency-key': key } : {},
      })
    const managed = (response: LightMyRequestResponse): ManagedBooking => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const cancelled = (response: LightMyRequestResponse): CancelledBooking => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const refundsOf = (paymentId: string) =>
      api.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))
    const receiptOf = async (email: string, title: string) =>
      (await mailTo(api.db, email)).filter((mail) =>
        mail.subject.startsWith(`You're booked: ${title}`),
      )
    const cancellationsOf = async (email: string, title: string) =>
      (await mailTo(api.db, email)).filter((mail) => mail.subject.startsWith(`Cancelled: ${title}`))
    /** With the app's clock at `at` for a while. */
    const at = async <T>(instant: Date, run: () => Promise<T>): Promise<T> => {
      clock = instant
      try {
        return await run()
      } finally {
        clock = NOW
      }
    }

    it("a guest's card booking: the receipt's link reads it, cancels it once, and then says so", async () => {
      const paid = await guestCardTicket()
      const code = paid.booking.manageCode
      expect(code).toMatch(/^[0-9a-f]{32}$/)
      expect(code).not.toBe(paid.booking.id)
      expect(code).not.toBe(paid.booking.ticketCode)

      // The receipt: until when, and the link.
      const line = `Manage your booking (cancel it until 7pm on Wednesday, November 25, 2026): ${SITE}/manage/${code}`
      const [receipt, ...more] = await receiptOf(BISI.Email, paid.event.name)
      expect(more).toEqual([])
      expect(receipt?.text).toContain(`\n${line}\n`)
      expect(receipt?.html).toContain(
        `<p>${line.replace(`${SITE}/manage/${code}`, `<a href="${SITE}/manage/${code}" style="word-break: break-all">${SITE}/manage/${code}</a>`)}</p>`,
      )

      // Read by its code, without an account.
      expect(managed(await read(code))).toEqual({
        booking: {
          id: paid.booking.id,
          Event: paid.event.name,
          EventId: paid.event.id,
          Type: 'event',
          Date: DAY,
          'Time Slot': SLOT,
          Venue: 'Courtyard',
          Amount: PRICE_MINOR,
          'Paid with': 'paystack',
          'Payment Reference': paid.reference,
          Visitors: 0,
          'Names of Visitors': null,
          Status: 'confirmed',
          Ticket: paid.booking.ticketCode,
          // Until when it can be cancelled, and when its slot ends: what the list decides by.
          'Cancel until': THURSDAY_CUTOFF.toISOString(),
          'Checked in': null,
          'Ends at': expect.any(String),
        },
        name: BISI.Name,
        email: BISI.Email,
        cancellable: true,
        cutoff: THURSDAY_CUTOFF.toISOString(),
        refusal: null,
        refund: { way: 'card', amountMinor: PRICE_MINOR },
      })

      // Cancelled by its code: one full refund, sent to Paystack, one e-mail.
      const first = await cancel(code, 'manage-card-1')
      const answer = cancelled(first)
      expect(answer).toEqual({
        id: paid.booking.id,
        cancelledAt: NOW.toISOString(),
        refund: { way: 'card', amountMinor: PRICE_MINOR },
      })
      expect(await refundsOf(paid.paymentId)).toMatchObject([
        { amountMinor: PRICE_MINOR, status: 'sent', reason: 'Cancelled by the guest' },
      ])
      expect(fake.refunds().filter((made) => made.reference === paid.reference)).toEqual([
        { reference: paid.reference, amount: PRICE_MINOR },
      ])
      expect((await rowOf(paid.booking.id)).status).toBe('cancelled')

      // Again with the same key: the first answer, replayed. With a new key, and with none: the
      // booking as it is. Still one refund, one e-mail.
      const again = await cancel(code, 'manage-card-1')
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(cancelled(again)).toEqual(answer)
      expect(cancelled(await cancel(code, 'manage-card-2'))).toEqual(answer)
      expect(cancelled(await cancel(code))).toEqual(answer)
      expect(await refundsOf(paid.paymentId)).toHaveLength(1)
      expect(fake.refunds().filter((made) => made.reference === paid.reference)).toHaveLength(1)
      const mails = await cancellationsOf(BISI.Email, paid.event.name)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.text).toContain('₦5,000.00 back to your card within 5–10 working days')

      // Read again: cancelled, with the refund that was made.
      const after = managed(await read(code))
      expect(after).toMatchObject({
        booking: { id: paid.booking.id, Status: 'cancelled', Ticket: null },
        cancellable: false,
        refusal: 'This booking is cancelled.',
        refund: { way: 'card', amountMinor: PRICE_MINOR },
      })
    })

    it('a code no booking has: 404 both ways; a booking id or a ticket is not its code', async () => {
      const event = await anEvent({ price: 0 })
      const row = await rsvp(ticket(event, BISI, 'free'))
      for (const code of ['0123456789abcdef0123456789abcdef', row.id, row.ticketCode]) {
        expectError(await read(code), 404, NO_LINK)
        expectError(await cancel(code), 404, NO_LINK)
      }
      expect((await rowOf(row.id)).status).toBe('confirmed')
      // Its own code reads it; a free booking has nothing to give back.
      expect(managed(await read(row.manageCode))).toMatchObject({
        booking: { id: row.id, Amount: 0, Status: 'confirmed' },
        cancellable: true,
        refund: { way: 'none', amountMinor: 0 },
      })
    })

    describe('the cut-off', () => {
      it('once it passed: not cancellable, saying when it closed, and cancelling answers 409', async () => {
        const event = await anEvent({ price: 0 })
        const row = await rsvp(ticket(event, BISI, 'free'))
        const [receipt] = await receiptOf(BISI.Email, event.name)
        expect(receipt?.text).toContain(
          `Manage your booking (cancel it until 7pm on Wednesday, November 25, 2026): ${SITE}/manage/${row.manageCode}`,
        )
        // A minute before: still open.
        await at(new Date(THURSDAY_CUTOFF.getTime() - 60_000), async () => {
          expect(managed(await read(row.manageCode))).toMatchObject({
            cancellable: true,
            refusal: null,
          })
        })
        const words = `Cancellations for ${event.name} closed at 7pm on Wednesday, November 25, 2026, 24 hours before it starts.`
        await at(THURSDAY_CUTOFF, async () => {
          expect(managed(await read(row.manageCode))).toMatchObject({
            booking: { id: row.id, Status: 'confirmed' },
            cancellable: false,
            cutoff: THURSDAY_CUTOFF.toISOString(),
            refusal: words,
          })
          expectError(await cancel(row.manageCode, 'manage-late-1'), 409, words)
        })
        expect((await rowOf(row.id)).status).toBe('confirmed')
        expect(await cancellationsOf(BISI.Email, event.name)).toEqual([])
      })

      it('a receipt made after the cut-off has no link; co-working until the end of the day before', async () => {
        // Tomorrow at 7am: its cut-off was this morning at 7.
        const early = await anEvent({
          day: TOMORROW,
          start: '07:00',
          slots: ['7am - 10am'],
          price: 0,
        })
        const late = await rsvp(ticket(early, BISI, 'free'))
        const [receipt] = await receiptOf(BISI.Email, early.name)
        expect(receipt?.text).toContain(`Your ticket: ${formatTicketCode(late.ticketCode)}`)
        // No link, and a word why (issue 51).
        expect(receipt?.text).not.toContain('/manage/')
        expect(receipt?.text).toContain(
          "This booking cannot be cancelled, so it has no 'Manage your booking' link: it was made after cancellations closed at 7am on Tuesday, November 24, 2026.",
        )
        expect(managed(await read(late.manageCode))).toMatchObject({
          cancellable: false,
          refusal: `Cancellations for ${early.name} closed at 7am on Tuesday, November 24, 2026, 24 hours before it starts.`,
        })

        const spot = (date: string): BookingInput => ({
          Email: CHINEDU.email,
          Name: `${CHINEDU.firstName} ${CHINEDU.lastName}`,
          Phone: CHINEDU.phone,
          Event: 'Book a spot',
          Type: 'spot',
          Venue: 'The Garden Room',
          Date: date,
          Amount: 0,
          'Time Slot': '10am - 10pm',
          'Paid with': 'membership',
          'Payment Reference': null,
          Visitors: 0,
        })
        const tomorrow = await rsvp(spot(TOMORROW), chinedu)
        const today = await rsvp(spot(TODAY), chinedu)
        const receipts = await receiptOf(CHINEDU.email, 'Co-working')
        expect(receipts.map((mail) => mail.text.includes('/manage/'))).toEqual([true, false])
        expect(receipts[1]?.text).toContain(
          "This booking cannot be cancelled, so it has no 'Manage your booking' link: it was made after cancellations closed at the end of Monday, November 23, 2026.",
        )
        expect(receipts[0]?.text).toContain(
          `Manage your booking (cancel it until the end of Tuesday, November 24, 2026): ${SITE}/manage/${tomorrow.manageCode}`,
        )
        expect(managed(await read(today.manageCode))).toMatchObject({
          cancellable: false,
          cutoff: lagosAt(TODAY, '00:00').toISOString(),
          refusal:
            'Cancellations for Co-working on Tuesday, November 24, 2026 closed at the end of Monday, November 23, 2026, the day before.',
        })
        expect(managed(await read(tomorrow.manageCode))).toMatchObject({
          cancellable: true,
          refund: { way: 'none', amountMinor: 0 },
        })
      })
    })

    it("a member's wallet booking cancelled by its code: credited once to his wallet", async () => {
      const event = await anEvent()
      const response = await debitWallet(
        api,
        walletId,
        {
          debitAmount: PRICE_MINOR,
          narration: event.name,
          booking: ticket(
            event,
            {
              Email: CHINEDU.email,
              Name: `${CHINEDU.firstName} ${CHINEDU.lastName}`,
              Phone: CHINEDU.phone,
            },
            'wallet',
          ),
        },
        { token: chinedu },
      )
      expect(response.statusCode, response.body).toBe(201)
      const row = await rowOf(response.json().data.booking.id)
      const before = (await walletBooks(api.db, walletId)).balance
      expect(managed(await read(row.manageCode))).toMatchObject({
        name: 'Chinedu Okafor',
        email: CHINEDU.email,
        cancellable: true,
        refund: { way: 'wallet', amountMinor: PRICE_MINOR },
      })

      // Without signing in, twice (a new key the second time): one credit.
      const answer = cancelled(await cancel(row.manageCode, 'manage-wallet-1'))
      expect(answer).toEqual({
        id: row.id,
        cancelledAt: NOW.toISOString(),
        refund: { way: 'wallet', amountMinor: PRICE_MINOR },
      })
      expect(cancelled(await cancel(row.manageCode, 'manage-wallet-2'))).toEqual(answer)
      const credits = await api.db
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.walletId, walletId),
            eq(walletTransactions.action, 'credit'),
            eq(walletTransactions.note, 'Cancelled by the guest'),
          ),
        )
      expect(credits).toMatchObject([
        {
          difference: PRICE_MINOR,
          narration: `Refund: ${event.name}`,
          actor: CHINEDU.email,
        },
      ])
      expect(await walletBooks(api.db, walletId)).toMatchObject({
        balance: before + PRICE_MINOR,
        ledger: before + PRICE_MINOR,
      })
      expect(await cancellationsOf(CHINEDU.email, event.name)).toHaveLength(1)
      expect(managed(await read(row.manageCode))).toMatchObject({
        cancellable: false,
        refusal: 'This booking is cancelled.',
        refund: { way: 'wallet', amountMinor: PRICE_MINOR },
      })
      // Signed in, the same booking answers the same: nothing credited again.
      const signedIn = await api.app.inject({
        method: 'POST',
        url: `/api/bookings/cancel/${row.id}`,
        headers: bearer(chinedu),
      })
      expect(cancelled(signedIn)).toEqual(answer)
      expect((await walletBooks(api.db, walletId)).balance).toBe(before + PRICE_MINOR)
    })

    it('a ticket checked in at the door: not cancellable, and cancelling answers 409', async () => {
      // Tonight at 8pm, cancellable until 6pm.
      const event = await anEvent({
        day: TODAY,
        start: '20:00',
        slots: ['8pm - 10pm'],
        price: 0,
        cancelCutoffHours: 2,
      })
      const row = await rsvp(ticket(event, BISI, 'free'))
      const door = await api.app.inject({
        method: 'POST',
        url: '/api/staff/check-ins',
        headers: bearer(staff),
        payload: { code: row.ticketCode },
      })
      expect(door.json()).toMatchObject({ result: 'admitted' })
      expect(managed(await read(row.manageCode))).toMatchObject({
        booking: { id: row.id, Status: 'confirmed' },
        cancellable: false,
        refusal: CHECKED_IN,
      })
      expectError(await cancel(row.manageCode), 409, CHECKED_IN)
      expect((await rowOf(row.id)).status).toBe('confirmed')
    })

    it('a place the waitlist holds for someone is not a booking: its code is a 404, and so is its id', async () => {
      const event = await anEvent()
      const code = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
      const [hold] = await api.db
        .insert(bookings)
        .values({
          accountId: null,
          email: CHINEDU.email,
          name: 'Chinedu Okafor',
          phone: CHINEDU.phone,
          eventId: event.id,
          type: 'event',
          venue: event.venue,
          date: DAY,
          timeSlot: SLOT,
          amountMinor: PRICE_MINOR,
          paidWith: 'waitlist',
          status: 'held',
          holdExpiresAt: new Date(NOW.getTime() + 12 * 3_600_000),
          manageCode: code,
        })
        .returning()
      if (!hold) throw new Error('no hold')
      expectError(await read(code), 404, NO_LINK)
      expectError(await cancel(code, 'manage-hold-1'), 404, NO_LINK)
      // Nor does its booker cancel it as a booking when signed in.
      const signedIn = await api.app.inject({
        method: 'POST',
        url: `/api/bookings/cancel/${hold.id}`,
        headers: bearer(chinedu),
      })
      expectError(signedIn, 404, 'No booking of yours has this id.')
      expect((await rowOf(hold.id)).status).toBe('held')
    })
  })

  describe.skipIf(skip)('guessing codes', () => {
    it('an address past its budget of link calls is refused with 429, found or not', async () => {
      const api = await startApi(kind, {
        app: {
          rateLimit: {
            ...UNLIMITED,
            addressLinks: { max: 3, timeWindow: '1 minute' },
            nameSpace: `manage-${kind}-${Date.now()}-`,
          },
        },
      })
      try {
        const guess = (n: number, remoteAddress = '203.0.113.40') =>
          api.app.inject({
            url: `/api/bookings/manage/${String(n).padStart(32, '0')}`,
            remoteAddress,
          })
        expectError(await guess(1), 404, NO_LINK)
        const head = await api.app.inject({
          method: 'HEAD',
          url: `/api/bookings/manage/${'2'.padStart(32, '0')}`,
          remoteAddress: '203.0.113.40',
        })
        expect(head.statusCode).toBe(404)
        expectError(
          await api.app.inject({
            method: 'POST',
            url: `/api/bookings/manage/${'3'.padStart(32, '0')}/cancel`,
            remoteAddress: '203.0.113.40',
          }),
          404,
          NO_LINK,
        )
        const refused = await guess(4)
        expectError(
          refused,
          429,
          /^Too many booking and waitlist links were opened from this network\. Please try again in /,
        )
        expect(refused.headers['retry-after']).toBeDefined()
        // Another network goes on.
        expectError(await guess(5, '198.51.100.77'), 404, NO_LINK)
      } finally {
        await api.close()
      }
    })
  })
})
