import { addMonths } from 'date-fns'
import { and, eq, like } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import {
  accounts,
  bookingPlaces,
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
  mailTo,
  ticketTo,
  UNLIMITED,
  walletBooks,
} from '../support/bookings.ts'
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.ts'
import { createWallet, fundWallet } from '../support/wallet-topup'

// A person cancels their own booking (POST /bookings/cancel/{bookingId}): until the cut-off (an
// event's cancel_cutoff_hours before its slot, the end of the day before for co-working), the
// money back the way it came (a wallet at once, a card through the refund queue, nothing for a
// free booking), the place back in the pool, the ticket no longer admitting anyone, an e-mail;
// once, however many times and at once it is asked. Seen as a caller sees it, through HTTP.

type CancelledBooking = components['schemas']['CancelledBooking']

const SITE = 'https://sixteen.test'
const NOT_YOURS = 'No booking of yours has this id.'
const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'
/** Thursday, two days after NOW: every cut-off of 24 hours before 7pm is still ahead. */
const DAY = '2026-11-26'
const TOMORROW = '2026-11-25'
const SLOT = '7pm - 10pm'
const PRICE_MINOR = 500_000

/** A member with a wallet of his own, who books and cancels. */
const CHINEDU = {
  email: 'chinedu.okafor@example.com',
  firstName: 'Chinedu',
  lastName: 'Okafor',
  phone: '+234 803 555 0131',
}
/** A member who pays by card, and whom Chinedu's bookings are not. */
const IFEOMA = {
  email: 'ifeoma.nwosu@example.com',
  firstName: 'Ifeoma',
  lastName: 'Nwosu',
  phone: '+234 805 555 0132',
}
/** Someone without an account, who takes the place a cancellation gave back. */
const BABAJIDE = {
  Email: 'babajide.adeyemi@example.com',
  Name: 'Babajide Adeyemi',
  Phone: '+234 807 555 0133',
}

const contact = (person: typeof CHINEDU) => ({
  Email: person.email,
  Name: `${person.firstName} ${person.lastName}`,
  Phone: person.phone,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('cancelling a booking', () => {
    let api: TestApi
    let fake: FakePaystack
    let chinedu: string
    let ifeoma: string
    let staff: string
    let walletId: string
    let makeEvent: ReturnType<typeof eventMaker>

    beforeAll(async () => {
      fake = await startFakePaystack()
      api = await startApi(kind, {
        app: {
          payments: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.url },
          rateLimit: UNLIMITED,
          publicUrl: SITE,
        },
      })
      makeEvent = eventMaker(api.db, 'Jollof Night')
      const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/payments/webhook`
      await api.db.insert(accounts).values(
        [CHINEDU, IFEOMA].map((person) => ({
          ...person,
          role: 'Member',
          subscriptionStatus: 'Active' as const,
          subscriptionExpiry: addMonths(NOW, 6),
        })),
      )
      chinedu = await signIn(api, CHINEDU.email)
      ifeoma = await signIn(api, IFEOMA.email)
      staff = await signIn(api, DEMO_STAFF)
      walletId = await createWallet(api, chinedu)
      // ₦200,000 in, as a top-up leaves it.
      await fundWallet(
        api.db,
        { walletId: walletId, actor: CHINEDU.email, reference: 'cancel-booking-topup', at: NOW },
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

    /** A free booking (rsvp), signed in or not; its answer's booking. */
    const rsvp = async (body: BookingInput, token?: string) => {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        headers: token ? bearer(token) : {},
        payload: body,
      })
      return response
    }
    const booked = (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBe(201)
      return response.json().data as { id: string; Ticket: string | null; Status: string }
    }

    /** Chinedu's ticket to a new ₦5,000 event, paid from his wallet. */
    const walletTicket = async (shape: Partial<EventShape> = {}) => {
      const event = await anEvent(shape)
      const response = await debitWallet(
        api,
        walletId,
        {
          debitAmount: event.priceNaira * 100,
          narration: event.name,
          booking: ticket(event, contact(CHINEDU), 'wallet'),
        },
        { token: chinedu },
      )
      expect(response.statusCode, response.body).toBe(201)
      return { event, booking: response.json().data.booking as { id: string } }
    }

    /** Ifeoma's ticket to a new ₦5,000 event by card on the fake Paystack, paid or only started. */
    const cardTicket = async (pay = true) => {
      const event = await anEvent()
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(ifeoma),
        payload: {
          callbackUrl: `/event/${event.id}/registered`,
          email: IFEOMA.email,
          payment: { Amount: PRICE_MINOR, Currency: 'NGN', Account: null, Plan: null },
          booking: ticket(event, contact(IFEOMA), 'paystack'),
        },
      })
      expect(started.statusCode, started.body).toBe(201)
      const reference: string = started.json().data.reference
      if (pay) expect((await fake.pay(reference)).webhook.attempts).toEqual([200])
      const [payment] = await api.db
        .select()
        .from(payments)
        .where(eq(payments.reference, reference))
      const [booking] = await api.db
        .select()
        .from(bookings)
        .where(eq(bookings.paymentId, payment?.id ?? ''))
      if (!payment || !booking) throw new Error(`no booking for ${reference}`)
      expect(booking.status).toBe(pay ? 'confirmed' : 'held')
      return { event, reference, paymentId: payment.id, booking }
    }

    const cancel = (id: string, token?: string, key?: string) =>
      api.app.inject({
        method: 'POST',
        url: `/api/bookings/cancel/${id}`,
        headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
      })
    const answerOf = (response: LightMyRequestResponse): CancelledBooking => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }

    /** Chinedu's wallet balance, as GET /wallets shows it to him. */
    const balance = async (): Promise<number> => {
      const response = await api.app.inject({ url: '/api/wallets', headers: bearer(chinedu) })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data.userWallet.Balance
    }
    const creditsOf = () =>
      api.db
        .select()
        .from(walletTransactions)
        .where(
          and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.action, 'credit')),
        )
    const cancellationCredits = async () =>
      (await creditsOf()).filter((credit) => credit.note === 'Cancelled by the guest')
    const statusOf = async (id: string) => {
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, id))
      return row
    }
    const refundsOf = (paymentId: string) =>
      api.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))
    const lastMail = async (email: string) => (await mailTo(api.db, email)).at(-1)

    describe('money back the way it came', () => {
      it('a wallet-paid ticket: cancelled, the money back in the wallet at once, an e-mail', async () => {
        const { event, booking } = await walletTicket()
        const before = await balance()
        const answer = answerOf(await cancel(booking.id, chinedu))
        expect(answer).toEqual({
          id: booking.id,
          cancelledAt: NOW.toISOString(),
          refund: { way: 'wallet', amountMinor: PRICE_MINOR },
        })
        expect(await balance()).toBe(before + PRICE_MINOR)
        expect(await walletBooks(api.db, walletId)).toMatchObject({
          balance: before + PRICE_MINOR,
          ledger: before + PRICE_MINOR,
        })
        // His wallet's history shows the credit, with why.
        const history = await api.app.inject({
          url: `/api/wallets/history/${walletId}`,
          headers: bearer(chinedu),
        })
        const credits = history
          .json()
          .data.filter((row: { narration: string }) => row.narration === `Refund: ${event.name}`)
        expect(credits).toEqual([
          expect.objectContaining({
            difference: PRICE_MINOR,
            action: 'credit',
            narration: `Refund: ${event.name}`,
            note: 'Cancelled by the guest',
          }),
        ])
        expect((await statusOf(booking.id))?.status).toBe('cancelled')
        const mail = await lastMail(CHINEDU.email)
        expect(mail?.subject).toBe(`Cancelled: ${event.name}, Thursday, November 26, 2026, ${SLOT}`)
        expect(mail?.text).toMatch(/^Hello Chinedu Okafor,\n/)
        expect(mail?.text).toContain('₦5,000.00 back in your wallet now.')
        expect(mail?.text).toContain(`${SITE}/profile/bookings`)
        // Still among his bookings (issue 51, point 10): cancelled, when, and its money's way.
        const upcoming = await api.app.inject({
          url: `/api/bookings/${CHINEDU.email}`,
          headers: bearer(chinedu),
        })
        const listed = upcoming.json().bookings.find((b: { id: string }) => b.id === booking.id)
        expect(listed).toMatchObject({
          Status: 'cancelled',
          Ticket: null,
          'Cancelled at': NOW.toISOString(),
          Refund: { way: 'wallet', amountMinor: PRICE_MINOR },
        })
      })

      it('a card-paid ticket: one full refund through the queue, sent to Paystack, an e-mail', async () => {
        const paid = await cardTicket()
        const answer = answerOf(await cancel(paid.booking.id, ifeoma))
        expect(answer).toEqual({
          id: paid.booking.id,
          cancelledAt: NOW.toISOString(),
          refund: { way: 'card', amountMinor: PRICE_MINOR },
        })
        // Tried right after the commit: Paystack has it.
        expect(await refundsOf(paid.paymentId)).toMatchObject([
          {
            amountMinor: PRICE_MINOR,
            status: 'sent',
            reason: 'Cancelled by the guest',
            requestedBy: null,
          },
        ])
        expect(fake.refunds().filter((made) => made.reference === paid.reference)).toEqual([
          { reference: paid.reference, amount: PRICE_MINOR },
        ])
        const [payment] = await api.db
          .select()
          .from(payments)
          .where(eq(payments.id, paid.paymentId))
        expect(payment?.status).toBe('refunded')
        const mail = await lastMail(IFEOMA.email)
        expect(mail?.subject).toBe(
          `Cancelled: ${paid.event.name}, Thursday, November 26, 2026, ${SLOT}`,
        )
        expect(mail?.text).toContain('₦5,000.00 back to your card within 5–10 working days')
        expect(mail?.text).toContain(`Payment reference: ${paid.reference}`)
        // Asked again: as it was, nothing refunded twice.
        expect(answerOf(await cancel(paid.booking.id, ifeoma))).toEqual(answer)
        expect(await refundsOf(paid.paymentId)).toHaveLength(1)
        expect(fake.refunds().filter((made) => made.reference === paid.reference)).toHaveLength(1)
      })

      it('a free ticket: cancelled with nothing to refund', async () => {
        const event = await anEvent({ price: 0 })
        const { id } = booked(await rsvp(ticket(event, contact(IFEOMA), 'free'), ifeoma))
        expect(answerOf(await cancel(id, ifeoma))).toEqual({
          id,
          cancelledAt: NOW.toISOString(),
          refund: { way: 'none', amountMinor: 0 },
        })
        expect((await lastMail(IFEOMA.email))?.text).toContain(
          'Nothing was paid for it, so there is nothing to refund.',
        )
      })

      it('a wallet payment staff refunded already: cancelled, nothing credited again', async () => {
        // ₦10,000 (co-working with three guests, a member's price), an amount no other debit has.
        const response = await debitWallet(
          api,
          walletId,
          {
            debitAmount: 1_000_000,
            narration: 'Co-working at the Courtyard',
            booking: {
              ...contact(CHINEDU),
              Event: 'Book a spot',
              Type: 'spot',
              Venue: 'Courtyard',
              Date: DAY,
              Amount: 1_000_000,
              'Time Slot': '10am - 10pm',
              'Paid with': 'wallet',
              'Payment Reference': null,
              Visitors: 3,
              'Names of Visitors': 'Ngozi Eze, Tunde Bello, Amaka Obi',
            },
          },
          { token: chinedu },
        )
        expect(response.statusCode, response.body).toBe(201)
        const { booking, transaction } = response.json().data
        const refunded = await api.app.inject({
          method: 'POST',
          url: `/api/staff/payments/${transaction._id}/refund`,
          headers: bearer(staff),
          payload: { method: 'wallet', reason: 'The Courtyard was closed for painting.' },
        })
        expect(refunded.statusCode, refunded.body).toBe(200)
        const before = await balance()
        expect(answerOf(await cancel(booking.id, chinedu)).refund).toEqual({
          way: 'wallet',
          amountMinor: 0,
        })
        expect(await balance()).toBe(before)
        expect((await lastMail(CHINEDU.email))?.text).toContain(
          'Its payment was refunded to you already',
        )
      })

      it('a card payment still on its way: the hold is let go, and money that comes after is refunded', async () => {
        const held = await cardTicket(false)
        expect(answerOf(await cancel(held.booking.id, ifeoma)).refund).toEqual({
          way: 'none',
          amountMinor: 0,
        })
        expect(await statusOf(held.booking.id)).toMatchObject({
          status: 'cancelled',
          holdExpiresAt: null,
        })
        expect((await lastMail(IFEOMA.email))?.text).toContain('nothing was charged')
        // She pays on Paystack's page after all: the money goes straight back, no booking.
        expect((await fake.pay(held.reference)).webhook.attempts).toEqual([200])
        const [payment] = await api.db
          .select()
          .from(payments)
          .where(eq(payments.id, held.paymentId))
        expect(payment?.status).toBe('refunded')
        expect(await refundsOf(held.paymentId)).toMatchObject([
          { amountMinor: PRICE_MINOR, status: 'sent' },
        ])
        expect(fake.refunds().filter((made) => made.reference === held.reference)).toEqual([
          { reference: held.reference, amount: PRICE_MINOR },
        ])
        expect((await statusOf(held.booking.id))?.status).toBe('cancelled')
        expect((await lastMail(IFEOMA.email))?.text).toContain(
          'reached us after the payment had been cancelled',
        )
        // Asked again: still nothing of this cancellation's own.
        expect(answerOf(await cancel(held.booking.id, ifeoma)).refund).toEqual({
          way: 'none',
          amountMinor: 0,
        })
      })
    })

    it('the place goes back: a sold-out event can be booked again by someone else', async () => {
      const event = await anEvent({ price: 0, capacity: 1 })
      const { id } = booked(await rsvp(ticket(event, contact(CHINEDU), 'free'), chinedu))
      expectError(await rsvp(ticket(event, BABAJIDE, 'free')), 409, 'Sold out')
      answerOf(await cancel(id, chinedu))
      const [place] = await api.db
        .select({ taken: bookingPlaces.taken })
        .from(bookingPlaces)
        .where(eq(bookingPlaces.thing, event.id))
      expect(place?.taken).toBe(0)
      expect(booked(await rsvp(ticket(event, BABAJIDE, 'free'))).Status).toBe('confirmed')
      expectError(await rsvp(ticket(event, contact(IFEOMA), 'free'), ifeoma), 409, 'Sold out')
    })

    describe('the cut-off', () => {
      it('an event: 409 saying when cancellations closed, 24 hours before its slot', async () => {
        // Tomorrow at 7am: its cut-off was this morning at 7.
        const event = await anEvent({
          day: TOMORROW,
          start: '07:00',
          slots: ['7am - 10am'],
          price: 0,
        })
        const { id } = booked(await rsvp(ticket(event, contact(CHINEDU), 'free'), chinedu))
        expectError(
          await cancel(id, chinedu),
          409,
          `Cancellations for ${event.name} closed at 7am on Tuesday, November 24, 2026, 24 hours before it starts.`,
        )
        expect((await statusOf(id))?.status).toBe('confirmed')
      })

      it('the demo: Rooftop Jazz today at 4pm closed yesterday at 4pm', async () => {
        const ada = await signIn(api, 'ada@example.com')
        const [jazz] = await api.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.eventId, 'rooftop-jazz'), eq(bookings.email, 'ada@example.com')))
        expectError(
          await cancel(jazz?.id ?? '', ada),
          409,
          'Cancellations for Rooftop Jazz closed at 4pm on Monday, November 23, 2026, 24 hours before it starts.',
        )
      })

      it("an event's own cut-off: 2 hours before, so tomorrow at 7am can still be cancelled", async () => {
        const event = await anEvent({
          day: TOMORROW,
          start: '07:00',
          slots: ['7am - 10am'],
          price: 0,
          cancelCutoffHours: 2,
        })
        const { id } = booked(await rsvp(ticket(event, contact(CHINEDU), 'free'), chinedu))
        expect(answerOf(await cancel(id, chinedu)).refund.way).toBe('none')
      })

      it('an event without slots: its own start time on the day booked', async () => {
        const event = await anEvent({ day: TOMORROW, start: '09:30', slots: [], price: 0 })
        const { id } = booked(
          await rsvp({ ...ticket(event, contact(CHINEDU), 'free'), 'Time Slot': null }, chinedu),
        )
        expectError(
          await cancel(id, chinedu),
          409,
          `Cancellations for ${event.name} closed at 9:30am on Tuesday, November 24, 2026, 24 hours before it starts.`,
        )
      })

      it('co-working: until the end of the day before, so today is closed and tomorrow open', async () => {
        const spot = (date: string) => ({
          ...contact(CHINEDU),
          Event: 'Book a spot',
          Type: 'spot' as const,
          Venue: 'The Garden Room',
          Date: date,
          Amount: 0,
          'Time Slot': '10am - 10pm',
          'Paid with': 'membership' as const,
          'Payment Reference': null,
          Visitors: 0,
        })
        const today = booked(await rsvp(spot(TODAY), chinedu))
        expectError(
          await cancel(today.id, chinedu),
          409,
          'Cancellations for Co-working on Tuesday, November 24, 2026 closed at the end of Monday, November 23, 2026, the day before.',
        )
        const tomorrow = booked(await rsvp(spot(TOMORROW), chinedu))
        expect(answerOf(await cancel(tomorrow.id, chinedu)).refund).toEqual({
          way: 'none',
          amountMinor: 0,
        })
      })
    })

    describe('whose booking', () => {
      it("someone else's booking, or none with the id: 404, and nothing changes", async () => {
        const { booking } = await walletTicket()
        expectError(await cancel(booking.id, ifeoma), 404, NOT_YOURS)
        expectError(await cancel(booking.id, staff), 404, NOT_YOURS)
        expectError(await cancel(SOME_ID, chinedu), 404, NOT_YOURS)
        expect((await statusOf(booking.id))?.status).toBe('confirmed')
      })

      it('without a live session: 401', async () => {
        const { booking } = await walletTicket()
        expectError(await cancel(booking.id), 401, 'Please log in.')
        expect((await statusOf(booking.id))?.status).toBe('confirmed')
      })
    })

    describe('once', () => {
      it('the same Idempotency-Key twice: the same answer, one credit', async () => {
        const { booking } = await walletTicket()
        const before = await balance()
        const first = await cancel(booking.id, chinedu, 'cancel-once-1')
        const again = await cancel(booking.id, chinedu, 'cancel-once-1')
        expect(again.statusCode).toBe(200)
        expect(again.headers['idempotent-replayed']).toBe('true')
        expect(again.json()).toEqual(answerOf(first))
        // A new key, later: answered as it is, nothing credited again.
        expect(answerOf(await cancel(booking.id, chinedu, 'cancel-once-2'))).toEqual(first.json())
        expect(await balance()).toBe(before + PRICE_MINOR)
      })

      it('10 cancellations of one wallet-paid booking at once: one credit, the same answer', async () => {
        const { booking } = await walletTicket()
        const before = await balance()
        const creditsBefore = (await cancellationCredits()).length
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => cancel(booking.id, chinedu, `at-once-${i}`)),
        )
        const bodies = answers.map(answerOf)
        expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1)
        expect(bodies[0]?.refund).toEqual({ way: 'wallet', amountMinor: PRICE_MINOR })
        expect((await cancellationCredits()).length).toBe(creditsBefore + 1)
        expect(await balance()).toBe(before + PRICE_MINOR)
        expect(await walletBooks(api.db, walletId)).toMatchObject({
          balance: before + PRICE_MINOR,
          ledger: before + PRICE_MINOR,
        })
      })

      it('10 cancellations of one card-paid booking at once: one refund row, one refund sent', async () => {
        const paid = await cardTicket()
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => cancel(paid.booking.id, ifeoma, `card-once-${i}`)),
        )
        const bodies = answers.map(answerOf)
        expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1)
        expect(bodies[0]?.refund).toEqual({ way: 'card', amountMinor: PRICE_MINOR })
        expect(await refundsOf(paid.paymentId)).toHaveLength(1)
        expect(fake.refunds().filter((made) => made.reference === paid.reference)).toHaveLength(1)
        const mails = (await mailTo(api.db, IFEOMA.email)).filter((mail) =>
          mail.subject.startsWith(`Cancelled: ${paid.event.name}`),
        )
        expect(mails).toHaveLength(1)
      })
    })

    it('a cancelled ticket no longer checks in at the door', async () => {
      // Tonight at 8pm, cancellable until 6pm.
      const event = await anEvent({
        day: TODAY,
        start: '20:00',
        slots: ['8pm - 10pm'],
        price: 0,
        cancelCutoffHours: 2,
      })
      const made = booked(await rsvp(ticket(event, contact(IFEOMA), 'free'), ifeoma))
      expect(made.Ticket).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
      answerOf(await cancel(made.id, ifeoma))
      const door = await api.app.inject({
        method: 'POST',
        url: '/api/staff/check-ins',
        headers: bearer(staff),
        payload: { code: made.Ticket },
      })
      expect(door.statusCode, door.body).toBe(200)
      expect(door.json()).toMatchObject({ result: 'cancelled', cancelledAt: expect.any(String) })
      expect((await statusOf(made.id))?.checkedInAt).toBe(null)
    })

    it('a ticket checked in at the door: 409, it stays as it is', async () => {
      const event = await anEvent({
        day: TODAY,
        start: '20:00',
        slots: ['8pm - 10pm'],
        price: 0,
        cancelCutoffHours: 2,
      })
      const made = booked(await rsvp(ticket(event, contact(IFEOMA), 'free'), ifeoma))
      const door = await api.app.inject({
        method: 'POST',
        url: '/api/staff/check-ins',
        headers: bearer(staff),
        payload: { code: made.Ticket },
      })
      expect(door.json()).toMatchObject({ result: 'admitted' })
      expectError(
        await cancel(made.id, ifeoma),
        409,
        'This booking was checked in at the door: it can no longer be cancelled.',
      )
      expect((await statusOf(made.id))?.status).toBe('confirmed')
    })

    it('every wallet’s balance still equals its ledger', async () => {
      const rows = await api.db
        .select()
        .from(walletTransactions)
        .where(like(walletTransactions.reference, 'refund:%'))
      expect(rows.length).toBeGreaterThan(0)
      const books = await walletBooks(api.db, walletId)
      expect(books.balance).toBe(books.ledger)
    })
  })
})
