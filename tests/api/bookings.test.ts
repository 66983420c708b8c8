import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDaysToDay } from '../../machines/rules/dates.ts'
import { INVALID_EMAIL_MESSAGE } from '../../machines/rules/email.ts'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import { bookings } from '../../server/db/schema.ts'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
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
  studio,
  UNLIMITED,
} from '../support/bookings.ts'

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('bookings', () => {
    let api: TestApi
    let ada: string
    let tunde: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      ada = await signIn(api, 'ada@example.com')
      tunde = await signIn(api, 'tunde@example.com')
    })
    afterAll(() => api?.close())

    describe('POST /api/bookings/rsvp: a free event', () => {
      it('books a guest (201) and queues a receipt with the calendar file in the same go', async () => {
        const response = await rsvp(api, poetry({ Email: 'Free.Guest@Example.com' }))
        expect(response.statusCode).toBe(201)
        expect(response.json()).toEqual({
          status: 'success',
          message: "You're booked: Poetry & Palm Wine.",
          data: {
            // 24 hours before its 4pm slot, and its 8pm end, on the Lagos clock.
            'Cancel until': `${addDaysToDay(DAYS.poetry, -1)}T15:00:00.000Z`,
            'Ends at': `${DAYS.poetry}T19:00:00.000Z`,
            'Checked in': null,
            id: expect.any(String),
            Event: 'Poetry & Palm Wine',
            EventId: 'poetry-and-palm-wine',
            Type: 'event',
            Date: DAYS.poetry,
            'Time Slot': '4pm - 8pm',
            Venue: 'Courtyard',
            Amount: 0,
            'Paid with': 'free',
            'Payment Reference': 'Free booking',
            Visitors: 0,
            'Names of Visitors': null,
            Status: 'confirmed',
            Ticket: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{16}$/),
          },
        })
        const [row] = await bookingsOf(api.db, 'free.guest@example.com')
        expect(row).toMatchObject({ status: 'confirmed', accountId: null, amountMinor: 0 })

        const [mail] = await mailTo(api.db, 'free.guest@example.com')
        expect(mail?.subject).toBe("You're booked: Poetry & Palm Wine, Thursday, November 26, 2026")
        expect(mail?.text).toContain('When: Thursday, November 26, 2026, 4pm - 8pm')
        expect(mail?.text).toContain('Where: Courtyard, 16 Akin Olugbade Street')
        expect(mail?.text).toContain('Amount: Free')
        expect(mail?.text).toContain(`Booking reference: ${row?.id}`)
        expect(mail?.text).toContain(`Your ticket: ${formatTicketCode(row?.ticketCode ?? '')}`)
        expect(mail?.attachments.map((a) => a.filename)).toEqual([
          'poetry-palm-wine.ics',
          'ticket.png',
        ])
        const ics = mail?.attachments[0]?.content ?? ''
        expect(ics).toContain('DTSTART;TZID=Africa/Lagos:20261126T160000')
        expect(ics).toContain('DTEND;TZID=Africa/Lagos:20261126T200000')
      })

      it('keeps only the filled answers to an event’s extra questions', async () => {
        const response = await rsvp(
          api,
          jazz({
            Email: 'walker@example.com',
            Event: 'photo-walk-lagos-island',
            Venue: 'Meet at Tinubu Square',
            Date: DAYS.photoWalk,
            'Time Slot': '7:30am - 11am',
            Amount: null,
            metadata: JSON.stringify({ 'Instagram handle': '@walker', 'Camera type': ' ' }),
          }),
        )
        // Photo Walk costs ₦5,000: the answers were fine, the price is what stops it here.
        expectError(response, 402, 'This booking has a price: pay by card or from your wallet.')
        expectError(
          await rsvp(api, poetry({ Email: 'asker@example.com', metadata: '{"Shoe size": "42"}' })),
          400,
          '"Shoe size" is not a question we ask here.',
        )
        expect(await bookingsOf(api.db, 'walker@example.com')).toEqual([])
      })

      it('refuses a booking with a price (402): it is paid by card or from a wallet', async () => {
        expectError(
          await rsvp(api, jazz({ Email: 'payer@example.com' })),
          402,
          'This booking has a price: pay by card or from your wallet.',
        )
        expect(await bookingsOf(api.db, 'payer@example.com')).toEqual([])
        expect(await mailTo(api.db, 'payer@example.com')).toEqual([])
      })

      it('refuses a tampered Amount with the real price, and writes nothing', async () => {
        expectError(
          await rsvp(api, jazz({ Email: 'cheap@example.com', Amount: 100 })),
          400,
          'The price has changed: this booking costs ₦10,000. Please review and try again.',
        )
        expectError(
          await rsvp(api, poetry({ Email: 'cheap@example.com', Amount: 500 })),
          400,
          'The price has changed: this booking costs ₦0. Please review and try again.',
        )
        expect(await bookingsOf(api.db, 'cheap@example.com')).toEqual([])
      })

      it('answers 409 Sold out for an event whose RSVP is closed', async () => {
        expectError(
          await rsvp(
            api,
            jazz({
              Event: 'supper-club',
              Date: DAYS.supper,
              'Time Slot': '7pm - 11pm',
              Amount: null,
            }),
          ),
          409,
          'Sold out',
        )
      })

      it('refuses an ended event, an unknown one, a day it does not run and a wrong slot', async () => {
        expectError(
          await rsvp(api, poetry({ Event: 'film-night', Date: '2026-11-21' })),
          400,
          'That day has passed: please choose another day.',
        )
        expectError(
          await rsvp(api, poetry({ Event: 'no-such-event' })),
          404,
          'This event does not exist.',
        )
        expectError(
          await rsvp(api, poetry({ Date: '2026-11-27' })),
          400,
          'Poetry & Palm Wine does not run on 2026-11-27: please choose one of its days.',
        )
        expectError(
          await rsvp(api, poetry({ 'Time Slot': '9am - 1pm' })),
          400,
          'Please choose a time slot: 4pm - 8pm.',
        )
      })
    })

    describe('malformed bodies get a 400 that says what is wrong', () => {
      const { Email: _email, ...noEmail } = poetry()
      // The field the body broke the contract at, for an app to say which answer to check; none
      // for a rule of ours (a day not on the calendar) or a body that is not an object.
      it.each([
        ['a missing field', noEmail, 'Email is required.', 'Email'],
        [
          'a wrong type',
          poetry({ Visitors: '2' as never }),
          'Visitors must be integer.',
          'Visitors',
        ],
        ['an unknown field', { ...poetry(), Price: 0 }, 'Price is not a known field.', undefined],
        [
          'a day that is not a day',
          poetry({ Date: '2026-02-30' }),
          '2026-02-30 is not a day on the calendar.',
          undefined,
        ],
        ['a day in another shape', poetry({ Date: '26/11/2026' }), 'Date is not valid.', 'Date'],
        ['a bad e-mail', poetry({ Email: 'not-an-email' }), INVALID_EMAIL_MESSAGE, 'Email'],
        ['a negative Amount', poetry({ Amount: -1 }), /Amount/, 'Amount'],
        ['an array', [poetry()], /request body/i, undefined],
      ])('%s', async (_what, body, message, field) => {
        const response = await rsvp(api, body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          status: 'error',
          message:
            typeof message === 'string' ? expect.any(String) : expect.stringMatching(message),
          ...(field ? { field } : {}),
        })
        if (typeof message === 'string') expect(response.json().message).toBe(message)
      })

      it('refuses a body that is not JSON', async () => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/bookings/rsvp',
          headers: { 'content-type': 'application/json' },
          payload: '{"Email": "a@b.c",',
          remoteAddress: '198.51.100.10',
        })
        expectError(response, 400, 'The request body is not valid JSON.')
      })

      it('refuses a body of another type (415)', async () => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/bookings/rsvp',
          headers: { 'content-type': 'text/plain' },
          payload: 'book me',
          remoteAddress: '198.51.100.10',
        })
        expect(response.statusCode).toBe(415)
        expect(response.json().status).toBe('error')
      })
    })

    describe('days, spaces and members', () => {
      it('refuses a Monday, for an event that spans one and for co-working', async () => {
        const mondayMessage = 'We are closed on Mondays: please choose another day.'
        expectError(
          await rsvp(
            api,
            poetry({
              Event: 'open-studio-weekend',
              Date: DAYS.openStudioMonday,
              'Time Slot': '12pm - 4pm',
            }),
          ),
          400,
          mondayMessage,
        )
        expectError(
          await rsvp(api, spot({ Date: DAYS.monday }), { token: ada }),
          400,
          mondayMessage,
        )
        expectError(
          await rsvp(api, spot({ Date: DAYS.beyondHorizon }), { token: ada }),
          400,
          'Bookings open 14 days ahead: please choose a day from the list.',
        )
      })

      it('keeps the 8th Floor and members-only events for active members (403)', async () => {
        expectError(
          await rsvp(api, spot({ Venue: '8th Floor', Amount: null })),
          403,
          'The 8th Floor is for active members only.',
        )
        const brunch = jazz({
          Event: 'friends-of-16-brunch',
          Date: DAYS.brunch,
          'Time Slot': '11am - 3pm',
          Amount: null,
        })
        expectError(await rsvp(api, brunch), 403, 'This event is for active members only.')
        // Tunde's membership has lapsed: signed in is not enough.
        expectError(
          await rsvp(api, brunch, { token: tunde }),
          403,
          'This event is for active members only.',
        )
      })

      it('books an active member’s co-working with one guest for free, on the 8th Floor', async () => {
        const response = await rsvp(
          api,
          spot({
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Venue: '8th Floor',
            Amount: 0,
            Visitors: 1,
            'Names of Visitors': ' Tolu Adebayo , ,',
          }),
          { token: ada },
        )
        expect(response.statusCode).toBe(201)
        expect(response.json().data).toMatchObject({
          Event: 'Co-working',
          Venue: '8th Floor',
          'Time Slot': '10am - 10pm',
          Amount: 0,
          'Paid with': 'membership',
          'Payment Reference': 'Free booking',
          Visitors: 1,
          'Names of Visitors': 'Tolu Adebayo',
        })
        const mails = await mailTo(api.db, 'ada@example.com')
        expect(mails.at(-1)?.text).toContain('Amount: Free with your membership')
      })

      it('finds a space by the name the app shows ("Library" for "Library. ")', async () => {
        // A guest pays for co-working: 402 here proves the space and price were understood.
        expectError(
          await rsvp(api, spot({ Venue: 'Library', Visitors: 2, Amount: 1_500_000 })),
          402,
          'This booking has a price: pay by card or from your wallet.',
        )
        expectError(
          await rsvp(api, spot({ Venue: 'The Moon' })),
          400,
          'There is no co-working space called "The Moon".',
        )
        expectError(
          await rsvp(api, studio({ 'Time Slot': '9am - 1pm' })),
          400,
          'Please choose a time slot: 10am - 2pm, 2pm - 6pm or 6pm - 10pm.',
        )
      })

      it('answers 401 to a dead token instead of booking as a guest', async () => {
        expectError(
          await rsvp(api, poetry({ Email: 'ghost@example.com' }), { token: madeUpToken() }),
          401,
          'Login session has expired',
        )
        expect(await bookingsOf(api.db, 'ghost@example.com')).toEqual([])
      })
    })

    describe('GET /api/bookings/{email} and /api/bookings/dump/{email}', () => {
      it('lists the signed-in person’s upcoming bookings, soonest first, cancelled ones left out', async () => {
        await api.db.insert(bookings).values({
          ...GUEST,
          email: 'ada@example.com',
          name: 'Ada Okafor',
          phone: GUEST.Phone,
          type: 'spot',
          venue: 'Courtyard',
          date: DAYS.riso,
          paidWith: 'wallet',
          status: 'cancelled',
        })
        const response = await api.app.inject({
          url: '/api/bookings/ada@example.com',
          headers: bearer(ada),
        })
        expect(response.statusCode).toBe(200)
        const list = response.json().bookings as { Event: string; Date: string; Status: string }[]
        expect(list.map((b) => [b.Event, b.Date])).toEqual([
          ['Rooftop Jazz', DAYS.today],
          ['Co-working', DAYS.poetry],
        ])
        expect(list.every((b) => b.Status === 'confirmed')).toBe(true)
      })

      it('lists past bookings, latest first', async () => {
        const response = await api.app.inject({
          url: '/api/bookings/dump/ADA@example.com',
          headers: bearer(ada),
        })
        expect(response.statusCode).toBe(200)
        expect(response.json().data.map((b: { event: string }) => b.event)).toEqual([
          'Film Night',
          'Co-working',
        ])
      })

      it('refuses another person’s bookings (403) and a caller without a session (401)', async () => {
        expectError(
          await api.app.inject({ url: '/api/bookings/kemi@example.com', headers: bearer(ada) }),
          403,
          'You can only see your own bookings.',
        )
        expectError(
          await api.app.inject({
            url: '/api/bookings/dump/kemi@example.com',
            headers: bearer(ada),
          }),
          403,
          'You can only see your own bookings.',
        )
        expectError(
          await api.app.inject({ url: '/api/bookings/ada@example.com' }),
          401,
          'Please log in.',
        )
      })
    })
  })
})
