import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { accounts, bookings, wallets } from '../../server/db/schema.ts'
import { DEMO_STAFF, LONG_NAMED_MEMBER } from '../../server/db/seed.ts'
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
  DAYS,
  debitWallet,
  jazz,
  photoWalk,
  poetry,
  rsvp,
  spot,
  studio,
  UNLIMITED,
} from '../support/bookings.ts'

// A day's bookings for the front desk (GET /staff/bookings, GET /staff/bookings/{id}): every
// booking of the day, cancelled and held ones too, by when its session starts then by name,
// found by part of a name, e-mail, phone (typed as people type it) or an extra guest's name;
// one booking opened shows who, what, how it was paid and whether they came. Never its ticket
// code. Only staff.

type StaffBooking = components['schemas']['StaffBooking']

const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
const STAFF_ONLY = "This is for the hotel's staff."
const SOME_ID = '3c9d2f64-8a1e-4f0b-b7d5-6e2a9c41f083'

const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }
const KEMI = { Email: 'kemi@example.com', Name: 'Kemi Adeyemi', Phone: '+234 807 555 0121' }
const OLUWASEUN = {
  Email: LONG_NAMED_MEMBER,
  Name: 'Oluwaseun Adebayo-Williams',
  Phone: '+234 803 555 0151',
}
const CHIAMAKA = {
  Email: 'chiamaka.okonkwo-eze@gmail.com',
  Name: 'Chiamaka Okonkwo-Eze',
  Phone: '+234 810 555 0174',
}
const BABATUNDE = {
  Email: 'babatunde.olanrewaju-coker@outlook.com',
  Name: 'Babatunde Olanrewaju-Coker',
  Phone: '+234 802 555 0177',
}
/** Three of one print collective: one e-mail domain. Babajide typed his name in lower case. */
const BABAJIDE = {
  Email: 'babajide.ogunbanjo@lagosprintmakers.com.ng',
  Name: 'babajide ogunbanjo',
  Phone: '+234 802 555 0171',
}
const CHUKWUEMEKA = {
  Email: 'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng',
  Name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
  Phone: '+234 809 555 0163',
}
/** Her phone as she typed it, the local way. */
const FUNMILAYO = {
  Email: 'funmilayo.ogunleye-bankole@lagosprintmakers.com.ng',
  Name: 'Funmilayo Ogunleye-Bankole',
  Phone: '0806 555 0172',
}
const IFEOMA = {
  Email: 'ifeoma.okafor@yabacreatives.com.ng',
  Name: 'Ifeoma Okafor',
  Phone: '+234 701 555 0173',
}

/** Kemi's and Ada's extra guests. */
const KEMI_GUEST = 'Ifeanyichukwu Okoro-Nwosu'
const ADA_GUEST = 'Tolulope Ogunleye'

/** The day Ada co-worked with two guests, in the demo (a week ago, a Wednesday). */
const ADA_COWORKING_DAY = '2026-11-18'
/** The Design Market's day in the demo: free, 300 places, no time slots, 10am to 6pm. */
const DESIGN_MARKET_DAY = '2026-12-08'

/** The photo walk's extra questions, in the event's order, and Ada's answers. */
const ADA_ANSWERS = [
  { label: 'Instagram handle', value: '@ada.builds' },
  { label: 'Camera type', value: 'Fujifilm X100V' },
]

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)("staff: a day's bookings", () => {
    let api: TestApi
    let staff: string
    let ada: string
    /** Every body these operations answered, to look for ticket codes in. */
    const answered: string[] = []

    const get = async (url: string, token = staff) => {
      const response = await api.app.inject({ url, headers: bearer(token) })
      answered.push(response.body)
      return response
    }
    const list = async (date?: string, q?: string): Promise<StaffBooking[]> => {
      const query = new URLSearchParams({
        ...(date === undefined ? {} : { date }),
        ...(q === undefined ? {} : { q }),
      })
      const response = await get(`/api/staff/bookings?${query}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().date).toBe(date ?? TODAY)
      return response.json().bookings
    }
    const namesOf = async (date?: string, q?: string) =>
      (await list(date, q)).map((booking) => booking.name)
    const open = async (id: string): Promise<StaffBooking> => {
      const response = await get(`/api/staff/bookings/${id}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    /** The one booking of a person on a day, as listed. */
    const bookingOf = async (date: string, email: string): Promise<StaffBooking> => {
      const found = (await list(date, email)).filter((booking) => booking.email === email)
      expect(found).toHaveLength(1)
      return found[0] as StaffBooking
    }

    const booked = (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBe(201)
    }
    /** A guest starting to pay by card: the place is held until the payment ends. */
    const payByCard = async (booking: BookingInput, callbackUrl: string) =>
      booked(
        await api.app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          payload: {
            callbackUrl,
            email: booking.Email,
            payment: { Amount: booking.Amount, Currency: 'NGN', Account: null, Plan: null },
            booking,
          },
        }),
      )

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, visitorShare: 1 } })
      staff = await signIn(api, DEMO_STAFF)
      ada = await signIn(api, ADA.Email)
      const kemi = await signIn(api, KEMI.Email)
      const oluwaseun = await signIn(api, OLUWASEUN.Email)

      // Today: two members co-working (Kemi with a guest; a member and one guest come free), a
      // guest's studio session and another's jazz ticket, both being paid by card; the jazz one
      // started twice, so its first hold was given up (cancelled). Ada's jazz is in the demo.
      const today = { Date: TODAY, Amount: 0 }
      booked(
        await rsvp(
          api,
          spot({
            ...KEMI,
            ...today,
            Venue: 'Library.',
            Visitors: 1,
            'Names of Visitors': KEMI_GUEST,
          }),
          { token: kemi },
        ),
      )
      booked(
        await rsvp(api, spot({ ...OLUWASEUN, ...today, Venue: 'The Garden Room' }), {
          token: oluwaseun,
        }),
      )
      await payByCard(
        studio({ ...CHIAMAKA, Date: TODAY, 'Time Slot': '2pm - 6pm' }),
        '/booked-printstudio',
      )
      await payByCard(jazz({ ...BABATUNDE }), '/event/rooftop-jazz/registered')
      await payByCard(jazz({ ...BABATUNDE }), '/event/rooftop-jazz/registered')

      // Thursday: Ada co-working with a guest, and four guests at Poetry & Palm Wine.
      booked(
        await rsvp(
          api,
          spot({
            ...ADA,
            Date: DAYS.poetry,
            Amount: 0,
            Venue: 'Courtyard',
            Visitors: 1,
            'Names of Visitors': ADA_GUEST,
          }),
          { token: ada },
        ),
      )
      for (const person of [FUNMILAYO, IFEOMA, CHUKWUEMEKA, BABAJIDE]) {
        booked(await rsvp(api, poetry(person)))
      }

      // The photo walk (its questions: 'Instagram handle, Camera type'), from Ada's wallet at
      // the members' price, her answers sent in the other order.
      const [wallet] = await api.db
        .select({ id: wallets.id })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.id, wallets.accountId))
        .where(eq(accounts.email, ADA.Email))
      booked(
        await debitWallet(
          api,
          wallet?.id ?? '',
          {
            debitAmount: 250_000,
            narration: 'Photo Walk',
            booking: photoWalk({
              ...ADA,
              metadata: JSON.stringify({
                'Camera type': 'Fujifilm X100V',
                'Instagram handle': '@ada.builds',
              }),
            }),
          },
          { token: ada },
        ),
      )
    })
    afterAll(() => api?.close())

    describe("the day's bookings", () => {
      it('lists every booking of today, held and cancelled too: by when it starts, then name, then id', async () => {
        const today = await list()
        expect(
          today.map((b) => [b.timeSlot, b.kind, b.what, b.venue, b.name, b.status, b.paidWith]),
        ).toEqual([
          // Co-working from its opening hour, 10am; two members by name.
          ['10am - 10pm', 'coworking', 'Library', null, KEMI.Name, 'confirmed', 'membership'],
          [
            '10am - 10pm',
            'coworking',
            'The Garden Room',
            null,
            OLUWASEUN.Name,
            'confirmed',
            'membership',
          ],
          ['2pm - 6pm', 'studio', 'Print Studio', null, CHIAMAKA.Name, 'held', 'sandbox'],
          [
            '4pm - 8pm',
            'event',
            'Rooftop Jazz',
            'Rooftop Terrace',
            ADA.Name,
            'confirmed',
            'sandbox',
          ],
          // Babatunde's two starts: the same session and name, so by id.
          [
            '4pm - 8pm',
            'event',
            'Rooftop Jazz',
            'Rooftop Terrace',
            BABATUNDE.Name,
            expect.any(String),
            'sandbox',
          ],
          [
            '4pm - 8pm',
            'event',
            'Rooftop Jazz',
            'Rooftop Terrace',
            BABATUNDE.Name,
            expect.any(String),
            'sandbox',
          ],
        ])
        const babatunde = today.filter((b) => b.name === BABATUNDE.Name)
        expect(babatunde.map((b) => b.status).sort()).toEqual(['cancelled', 'held'])
        const [first, second] = babatunde.map((b) => b.id)
        expect((first ?? '') < (second ?? '')).toBe(true)
        // The date given is the same day.
        expect(await list(TODAY)).toEqual(today)
      })

      it('lists another day: names case aside (babajide typed in lower case), co-working before the evening', async () => {
        expect(await namesOf(DAYS.poetry)).toEqual([
          ADA.Name, // co-working, 10am
          BABAJIDE.Name, // Poetry & Palm Wine, 4pm
          CHUKWUEMEKA.Name,
          FUNMILAYO.Name,
          IFEOMA.Name,
        ])
        // A week ago: Ada's co-working day with two guests, paid from her wallet.
        expect(await list(ADA_COWORKING_DAY)).toEqual([
          expect.objectContaining({
            name: ADA.Name,
            kind: 'coworking',
            what: 'The Garden Room',
            venue: null,
            visitors: 2,
            namesOfVisitors: 'Tolu Adebayo, Ngozi Obi',
            paidWith: 'wallet',
            checkedInAt: null,
          }),
        ])
        // A day without bookings.
        expect(await list(DAYS.monday)).toEqual([])
      })

      it('puts an event without time slots at its start time; answers the first 100 that match', async () => {
        // Staff add a sunrise class that day (its one slot, 7am - 8am); a Zainab books it.
        const created = await api.app.inject({
          method: 'POST',
          url: '/api/staff/events',
          headers: bearer(staff),
          payload: {
            title: 'Sunrise Yoga',
            about: 'An hour of yoga on the roof before the city wakes up.',
            startDay: DESIGN_MARKET_DAY,
            endDay: DESIGN_MARKET_DAY,
            startTime: '07:00',
            endTime: '08:00',
            slots: [],
            venue: 'Rooftop Terrace',
            address: '16 Akin Olugbade Street, Victoria Island, Lagos',
            price: 0,
            friendsPrice: null,
            capacity: 20,
            membersOnly: false,
            rsvp: true,
            url: null,
            extraQuestions: null,
          },
        })
        expect(created.statusCode, created.body).toBe(201)
        const YOGI = {
          Email: 'zainab.danjuma@gmail.com',
          Name: 'Zainab Danjuma',
          Phone: '+234 803 556 0999',
        }
        booked(
          await rsvp(
            api,
            poetry({
              ...YOGI,
              Event: created.json().id,
              Venue: 'Rooftop Terrace',
              Date: DESIGN_MARKET_DAY,
              'Time Slot': '7am - 8am',
            }),
          ),
        )

        const FIRST = ['Adaeze', 'Chinedu', 'Damilola', 'Emeka', 'Folake']
        const FIRST2 = ['Gbenga', 'Hauwa', 'Ikenna', 'Jumoke', 'Kelechi']
        const LAST = ['Adebayo-Williams', 'Balogun', 'Bello', 'Eze', 'Nwosu']
        const LAST2 = ['Okafor', 'Okonkwo', 'Olanrewaju-Coker', 'Ogunleye', 'Yusuf-Abdullahi']
        const names = [...FIRST, ...FIRST2].flatMap((first) =>
          [...LAST, ...LAST2].map((last) => `${first} ${last}`),
        )
        // One more, last by name.
        const ZAINAB = 'Zainab Yusuf-Abdullahi'
        for (const [i, name] of [...names, ZAINAB].entries()) {
          booked(
            await rsvp(api, {
              Email: `${name.toLowerCase().replaceAll(' ', '.')}@designmarket.ng`,
              Name: name,
              Phone: `+234 803 556 ${String(1000 + i)}`,
              Event: 'design-market',
              Type: 'event',
              Venue: 'Courtyard',
              Date: DESIGN_MARKET_DAY,
              Amount: 0,
              'Time Slot': null,
              'Paid with': 'free',
              'Payment Reference': null,
            }),
          )
        }
        // The yogi at 7am, then the market from its start, 10am, by name: 100 of the 102.
        const day = await list(DESIGN_MARKET_DAY)
        expect(day).toHaveLength(100)
        const market = [...names].sort((a, b) =>
          a.localeCompare(b, 'en', { sensitivity: 'accent' }),
        )
        expect(day.map((b) => b.name)).toEqual([YOGI.Name, ...market.slice(0, 99)])
        expect(day[0]).toMatchObject({ what: 'Sunrise Yoga', timeSlot: '7am - 8am' })
        expect(day[1]).toMatchObject({ what: 'Design Market', venue: 'Courtyard', timeSlot: null })
        // Those left out are found when searched for.
        expect(await namesOf(DESIGN_MARKET_DAY, 'zainab')).toEqual([YOGI.Name, ZAINAB])
        expect(await namesOf(DESIGN_MARKET_DAY, 'yusuf-abdullahi')).toHaveLength(11)
      })
    })

    describe('searching', () => {
      it('finds a booking by part of the name, case aside', async () => {
        expect(await namesOf(TODAY, 'ADEBAYO-will')).toEqual([OLUWASEUN.Name])
        expect(await namesOf(TODAY, 'olanrewaju')).toEqual([BABATUNDE.Name, BABATUNDE.Name])
        expect(await namesOf(DAYS.poetry, 'Adebayo')).toEqual([CHUKWUEMEKA.Name])
        expect(await namesOf(DAYS.poetry, 'OGUNBANJO')).toEqual([BABAJIDE.Name])
      })

      it('finds by e-mail: several people of one domain, in order', async () => {
        expect(await namesOf(DAYS.poetry, '@LagosPrintmakers.com.ng')).toEqual([
          BABAJIDE.Name,
          CHUKWUEMEKA.Name,
          FUNMILAYO.Name,
        ])
        expect(await namesOf(TODAY, 'kemi@example.com')).toEqual([KEMI.Name])
      })

      it('finds by phone as staff type it: with or without spaces, with 0 or +234', async () => {
        for (const typed of [
          '08075550121',
          '0807 555 0121',
          '+2348075550121',
          '+234 807 555 0121',
          '555 0121',
          '5550121',
        ]) {
          expect(await namesOf(TODAY, typed), typed).toEqual([KEMI.Name])
        }
        // Funmilayo wrote hers the local way: found the international way too.
        for (const typed of ['08065550172', '+234 806 555 0172', '2348065550172', '0806 555']) {
          expect(await namesOf(DAYS.poetry, typed), typed).toEqual([FUNMILAYO.Name])
        }
        // Ada's number is 0803 555 0101: no other today has it.
        expect(await namesOf(TODAY, '08035550101')).toEqual([ADA.Name])
        expect(await namesOf(TODAY, '0809 999')).toEqual([])
      })

      it("finds by an extra guest's name", async () => {
        const [kemi] = await list(TODAY, 'ifeanyichukwu')
        expect(kemi).toMatchObject({ name: KEMI.Name, visitors: 1, namesOfVisitors: KEMI_GUEST })
        expect(await namesOf(DAYS.poetry, 'tolulope')).toEqual([ADA.Name])
        expect(await namesOf(ADA_COWORKING_DAY, 'ngozi obi')).toEqual([ADA.Name])
      })

      it('a blank q lists all; %, _ and \\ are taken as they are', async () => {
        const all = await list(TODAY)
        expect(all).toHaveLength(6)
        expect(await list(TODAY, '')).toEqual(all)
        expect(await list(TODAY, '   ')).toEqual(all)
        expect(await namesOf(TODAY, '  kemi  ')).toEqual([KEMI.Name])
        expect(await list(TODAY, '%')).toEqual([])
        expect(await list(TODAY, '_')).toEqual([])
        expect(await list(TODAY, '\\')).toEqual([])
        expect(await list(TODAY, 'Zainab')).toEqual([])
      })

      it('refuses a day that is none (400)', async () => {
        expectError(
          await get('/api/staff/bookings?date=2026-02-30'),
          400,
          '2026-02-30 is not a day on the calendar.',
        )
        expect((await get('/api/staff/bookings?date=tomorrow')).statusCode).toBe(400)
      })
    })

    describe('one booking', () => {
      it('shows who, what, how it was paid and, once checked in at the door, when and by whom', async () => {
        const listed = await bookingOf(TODAY, ADA.Email)
        const jazzBooking = {
          id: listed.id,
          name: ADA.Name,
          email: ADA.Email,
          phone: ADA.Phone,
          kind: 'event',
          what: 'Rooftop Jazz',
          date: TODAY,
          timeSlot: '4pm - 8pm',
          venue: 'Rooftop Terrace',
          visitors: 0,
          namesOfVisitors: null,
          status: 'confirmed',
          paidWith: 'sandbox',
          amountMinor: 800_000,
          paymentReference: 'demo-jazz-ada',
          answers: [],
          // The demo booked it two days before NOW.
          bookedAt: new Date(NOW.getTime() - 2 * 86_400_000).toISOString(),
          checkedInAt: null,
          checkedInBy: null,
          placesIn: 0,
        }
        expect(listed).toEqual(jazzBooking)
        expect(await open(listed.id)).toEqual({ ...jazzBooking, scans: [] })

        // The door scans her ticket (read from the database, as the QR code holds it).
        const [row] = await api.db
          .select({ code: bookings.ticketCode })
          .from(bookings)
          .where(eq(bookings.id, listed.id))
        const scanned = await api.app.inject({
          method: 'POST',
          url: '/api/staff/check-ins',
          headers: bearer(staff),
          payload: { code: row?.code },
        })
        expect(scanned.json().result).toBe('admitted')
        const checkedIn = {
          ...jazzBooking,
          checkedInAt: NOW.toISOString(),
          checkedInBy: STAFF_NAME,
          placesIn: 1,
        }
        // Checked in online: no door's queue scanned it.
        expect(await open(listed.id)).toEqual({ ...checkedIn, scans: [] })
        expect(await bookingOf(TODAY, ADA.Email)).toEqual(checkedIn)
      })

      it('shows the extra guests, and the space by its name as shown (no venue)', async () => {
        const kemi = await bookingOf(TODAY, KEMI.Email)
        expect(await open(kemi.id)).toEqual({
          ...kemi,
          scans: [],
          name: KEMI.Name,
          phone: KEMI.Phone,
          kind: 'coworking',
          what: 'Library',
          venue: null,
          timeSlot: '10am - 10pm',
          visitors: 1,
          namesOfVisitors: KEMI_GUEST,
          status: 'confirmed',
          paidWith: 'membership',
          amountMinor: 0,
          paymentReference: 'Free booking',
          answers: [],
          bookedAt: NOW.toISOString(),
          checkedInAt: null,
          checkedInBy: null,
        })
        const studioSession = await bookingOf(TODAY, CHIAMAKA.Email)
        expect(await open(studioSession.id)).toMatchObject({
          kind: 'studio',
          what: 'Print Studio',
          venue: null,
          timeSlot: '2pm - 6pm',
          status: 'held',
          amountMinor: 3_000_000,
        })
      })

      it("shows the answers to the event's extra questions, in the event's order", async () => {
        const [walk] = await list(DAYS.photoWalk)
        expect(walk).toMatchObject({
          name: ADA.Name,
          what: 'Photo Walk: Lagos Island, from Tinubu Square through the Brazilian Quarter to Balogun Market',
          venue: 'Meet at Tinubu Square',
          timeSlot: '7:30am - 11am',
          paidWith: 'wallet',
          amountMinor: 250_000,
        })
        expect((await open(walk?.id ?? '')).answers).toEqual(ADA_ANSWERS)
        // Co-working asks nothing.
        expect((await bookingOf(DAYS.poetry, ADA.Email)).answers).toEqual([])
      })

      it('answers 404 for an unknown id and 400 for one that is no id', async () => {
        expectError(await get(`/api/staff/bookings/${SOME_ID}`), 404, 'No booking has this id.')
        const notAnId = await get('/api/staff/bookings/not-a-uuid')
        expect(notAnId.statusCode).toBe(400)
        expect(notAnId.json().status).toBe('error')
      })
    })

    describe('only staff, and never a ticket code', () => {
      it("answers a member's token 403 and no token 401", async () => {
        const { id } = await bookingOf(TODAY, ADA.Email)
        for (const url of ['/api/staff/bookings', `/api/staff/bookings/${id}`]) {
          expectError(await get(url, ada), 403, STAFF_ONLY)
          expectError(await api.app.inject({ url }), 401, 'Please log in.')
        }
      })

      it('no answer carries a ticket code', async () => {
        const codes = (await api.db.select({ code: bookings.ticketCode }).from(bookings)).map(
          (row) => row.code,
        )
        expect(codes.length).toBeGreaterThan(100)
        expect(answered.length).toBeGreaterThan(20)
        for (const body of answered) {
          expect(body).not.toMatch(/ticket/i)
          for (const code of codes) expect(body.includes(code)).toBe(false)
        }
      })
    })
  })
})
