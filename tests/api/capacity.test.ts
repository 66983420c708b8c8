import { addMinutes, subMinutes } from 'date-fns'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { placeBooking } from '../../server/bookings/book.ts'
import { confirmHeldBookings, releaseHeldBookings } from '../../server/bookings/holds.ts'
import { HOLD_MINUTES, quoteBooking } from '../../server/bookings/quote.ts'
import { bookings, type NewBooking, payments } from '../../server/db/schema.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import {
  bookingsOf,
  DAYS,
  GUEST,
  jazz,
  mailTo,
  poetry,
  rsvp,
  spot,
  UNLIMITED,
} from '../support/bookings.ts'

/** Places taken without going through the API: one booking of `places` people. */
const taken = (places: number, row: Partial<NewBooking> & Pick<NewBooking, 'type' | 'date'>) => ({
  email: 'filler@example.com',
  name: 'Filler',
  phone: GUEST.Phone,
  paidWith: 'free' as const,
  visitors: places - 1,
  ...row,
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('capacity', () => {
    let api: TestApi
    let ada: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      ada = await signIn(api, 'ada@example.com')
    })
    afterAll(() => api?.close())

    const rsvpOpen = async (id: string) =>
      (await api.app.inject({ url: `/api/events/${id}` })).json().data.RSVP as boolean

    it('gives the last place of an event to exactly one of 50 people booking at once', async () => {
      // Poetry & Palm Wine has 40 places: 39 are taken.
      await api.db.insert(bookings).values(
        taken(39, {
          type: 'event',
          eventId: 'poetry-and-palm-wine',
          venue: 'Courtyard',
          date: DAYS.poetry,
          timeSlot: '4pm - 8pm',
        }),
      )
      expect(await rsvpOpen('poetry-and-palm-wine')).toBe(true)
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          rsvp(api, poetry({ Email: `person${i}@example.com` }), {
            address: `203.0.113.${i + 1}`,
          }),
        ),
      )
      const booked = answers.filter((r) => r.statusCode === 201).length
      const soldOut = answers.filter(
        (r) => r.statusCode === 409 && r.json().message === 'Sold out',
      ).length
      console.log(
        `50 concurrent bookings for 1 place (${kind}): ${booked} booked, ${soldOut} sold out`,
      )
      expect({ booked, soldOut }).toEqual({ booked: 1, soldOut: 49 })
      // The event now shows as sold out everywhere.
      expect(await rsvpOpen('poetry-and-palm-wine')).toBe(false)
    })

    // Decision 032: the booking is written before its place is claimed, and the claim is last.
    it.skipIf(kind !== 'postgres')(
      'keeps nothing of a booking whose place is taken between its look and its claim',
      async () => {
        const { StartDate } = (await api.app.inject({ url: '/api/events/design-market' })).json()
          .data
        const date = String(StartDate).slice(0, 10)
        const market = {
          type: 'event' as const,
          eventId: 'design-market',
          venue: 'Courtyard',
          date,
        }
        // 298 of the market's 300 places are taken.
        await api.db.insert(bookings).values(taken(298, market))
        let letGo!: () => void
        const lettingGo = new Promise<void>((resolve) => {
          letGo = resolve
        })
        // Another writer holds the place's counter row, and takes the last two places before it
        // lets go.
        const other = api.db.transaction(async (tx) => {
          await tx.execute(
            sql`SELECT taken FROM booking_places WHERE thing = 'design-market' FOR UPDATE`,
          )
          await lettingGo
          await tx.insert(bookings).values(taken(2, { ...market, email: 'last.two@example.com' }))
        })
        const email = 'ngozi.okafor-ezekwesili@lagosmakers.example.com'
        // The booking sees two places left, writes itself and its receipt, and waits to claim.
        const answer = rsvp(
          api,
          poetry({
            Email: email,
            Event: 'design-market',
            Venue: 'Courtyard',
            Date: date,
            'Time Slot': null,
          }),
          { address: '203.0.113.200' },
        )
        const waiting = async () =>
          (
            await api.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]?.n
        await expect.poll(waiting, { timeout: 5000, interval: 20 }).toBe(1)
        letGo()
        await other
        expectError(await answer, 409, 'Sold out')
        expect(await bookingsOf(api.db, email)).toEqual([])
        expect(await mailTo(api.db, email)).toEqual([])
        const counter = await api.db.execute<{ taken: number }>(
          sql`SELECT taken FROM booking_places WHERE thing = 'design-market'`,
        )
        expect(counter.rows[0]?.taken).toBe(300)
      },
    )

    it('counts a pending card payment’s hold until it expires, then frees the place', async () => {
      // Open Studio Weekend: 60 places per day and slot.
      const place = {
        type: 'event' as const,
        eventId: 'open-studio-weekend',
        venue: 'Print Studio',
        timeSlot: '12pm - 4pm',
        paidWith: 'sandbox' as const,
        status: 'held' as const,
      }
      await api.db
        .insert(bookings)
        .values([
          taken(60, { ...place, date: '2026-12-05', holdExpiresAt: subMinutes(NOW, 1) }),
          taken(60, { ...place, date: '2026-12-06', holdExpiresAt: addMinutes(NOW, 14) }),
        ])
      const book = (date: string) =>
        rsvp(
          api,
          poetry({
            Email: `studio-${date}@example.com`,
            Event: 'open-studio-weekend',
            Venue: 'Print Studio',
            Date: date,
            'Time Slot': '12pm - 4pm',
          }),
        )
      expect((await book('2026-12-05')).statusCode).toBe(201)
      expectError(await book('2026-12-06'), 409, 'Sold out')
    })

    it('says Sold out for a full co-working space, and drops a day once every space is full', async () => {
      const day = '2026-11-27'
      const days = async (token?: string) =>
        (
          await api.app.inject({
            url: '/api/events/available-days',
            headers: token ? bearer(token) : {},
          })
        ).json().data as string[]
      // One booker per space: a person books one co-working day, whichever space.
      const fill = (venue: string, places: number) =>
        api.db.insert(bookings).values(
          taken(places, {
            type: 'spot',
            venue,
            date: day,
            email: `filler-${venue.toLowerCase().replaceAll(' ', '-')}@example.com`,
          }),
        )

      await fill('Library', 12)
      expectError(
        await rsvp(api, spot({ Date: day, Venue: 'Library.', Amount: 0 }), { token: ada }),
        409,
        'Sold out',
      )
      expect(await days()).toContain(day)
      await fill('The Garden Room', 20)
      await fill('Courtyard', 30)
      // A visitor has nothing left that day; a member still has the 8th Floor.
      expect(await days()).not.toContain(day)
      expect(await days(ada)).toContain(day)
      await fill('8th Floor', 10)
      expect(await days(ada)).not.toContain(day)
      expect(await days(ada)).toContain('2026-11-26')
    })

    it('drops a print-studio day only when every session of it is full', async () => {
      const day = '2026-11-28'
      const days = async () =>
        (await api.app.inject({ url: '/api/events/available-days/print-studio' })).json()
          .data as string[]
      const fill = (timeSlot: string) =>
        api.db
          .insert(bookings)
          .values(taken(4, { type: 'print-studio', venue: 'Print Studio', date: day, timeSlot }))
      await fill('10am - 2pm')
      await fill('2pm - 6pm')
      expect(await days()).toContain(day)
      await fill('6pm - 10pm')
      expect(await days()).not.toContain(day)
    })

    describe('a card payment’s hold, as payments settle it', () => {
      // Listening Session, Wednesday: 25 places, ₦5,000.
      const listening = jazz({
        Event: 'listening-session',
        Venue: 'Library',
        Date: '2026-11-25',
        'Time Slot': '7pm - 10pm',
        Amount: 500_000,
      })

      /** A pending payment holding one place, as payment initiation makes it. */
      async function hold(email: string, at: Date) {
        return api.db.transaction(async (tx) => {
          const input = { ...listening, Email: email }
          const quote = await quoteBooking(tx, input, null, at)
          const [payment] = await tx
            .insert(payments)
            .values({
              reference: `test-${email}`,
              email,
              purpose: 'booking',
              amountMinor: quote.amountMinor,
              provider: 'sandbox',
              callbackUrl: '/event/listening-session/registered',
            })
            .returning()
          const booking = await placeBooking(tx, {
            input,
            quote,
            account: null,
            paidWith: 'sandbox',
            paymentReference: payment?.reference ?? null,
            paymentId: payment?.id ?? null,
            holdUntil: addMinutes(at, HOLD_MINUTES),
            now: at,
          })
          return { paymentId: payment?.id ?? '', booking }
        })
      }
      const statusOf = async (id: string) =>
        (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status

      it('confirms a payment that lands in time, and frees the place of one that failed', async () => {
        const paid = await hold('intime@example.com', NOW)
        const failed = await hold('declined@example.com', NOW)
        expect(paid.booking).toMatchObject({ status: 'held', amountMinor: 500_000 })
        const later = addMinutes(NOW, 5)
        const settled = await api.db.transaction((tx) =>
          confirmHeldBookings(tx, paid.paymentId, later),
        )
        expect(settled.full).toBe(false)
        expect(settled.bookings.map((b) => [b.email, b.status])).toEqual([
          ['intime@example.com', 'confirmed'],
        ])
        await api.db.transaction((tx) => releaseHeldBookings(tx, failed.paymentId))
        expect(await statusOf(failed.booking.id)).toBe('cancelled')
      })

      it('confirms a late payment while a place is free, and says full when it is not', async () => {
        const early = await hold('late-but-lucky@example.com', NOW)
        const unlucky = await hold('late-and-full@example.com', NOW)
        const late = addMinutes(NOW, HOLD_MINUTES + 5)
        const lucky = await api.db.transaction((tx) =>
          confirmHeldBookings(tx, early.paymentId, late),
        )
        expect(lucky).toMatchObject({ full: false, bookings: [{ status: 'confirmed' }] })
        // Meanwhile the rest of the evening sold out.
        const [{ places } = { places: 0 }] = await api.db
          .select({ places: sql<number>`sum(1 + ${bookings.visitors})`.mapWith(Number) })
          .from(bookings)
          .where(and(eq(bookings.eventId, 'listening-session'), eq(bookings.status, 'confirmed')))
        await api.db.insert(bookings).values(
          taken(25 - places, {
            type: 'event',
            eventId: 'listening-session',
            venue: 'Library',
            date: '2026-11-25',
            timeSlot: '7pm - 10pm',
          }),
        )
        const full = await api.db.transaction((tx) =>
          confirmHeldBookings(tx, unlucky.paymentId, late),
        )
        expect(full).toEqual({ bookings: [], full: true })
        expect(await statusOf(unlucky.booking.id)).toBe('cancelled')
      })
    })

    it('leaves today out once its co-working hours and studio sessions are over', async () => {
      // 22:30 in Lagos: co-working closed at 10pm, the last session ended at 10pm.
      const late = buildApp({
        db: api.db,
        now: () => new Date('2026-11-24T21:30:00Z'),
        rateLimit: UNLIMITED,
      })
      const app = await late
      const first = async (url: string) => (await app.inject({ url })).json().data[0]
      expect(await first('/api/events/available-days')).toBe('2026-11-25')
      expect(await first('/api/events/available-days/print-studio')).toBe('2026-11-25')
      const response = await app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        payload: spot({ Date: DAYS.today, Email: 'ada@example.com', Amount: 0 }),
        headers: bearer(ada),
      })
      expectError(
        response,
        400,
        '10am - 10pm on 2026-11-24 is over: please choose a later time or another day.',
      )
      await app.close()
    })
  })
})
