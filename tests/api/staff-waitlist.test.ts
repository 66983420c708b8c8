import { addHours } from 'date-fns'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { bookings } from '../../server/db/schema.ts'
import { DEMO_STAFF } from '../../server/db/seed.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { type BookingInput, GUEST, rsvp, UNLIMITED } from '../support/bookings.ts'

// An event's waitlist as staff see it (GET /staff/events/{id}/waitlist): per day and slot that
// people wait for or were offered, its capacity, places taken, people waiting and places held for
// offers, soonest first; and who, in line order with their places in line, then those who left.
// The count of people waiting shows on the staff's events too. People join and leave through the
// public API (POST /events/{id}/waitlist, POST /waitlist/{token}/leave), a guest's cancellation
// offers the place, staff raising the capacity offers more. Only staff may read it.

type EventDraft = components['schemas']['EventDraft']
type StaffEvent = components['schemas']['StaffEvent']
type StaffWaitlist = components['schemas']['StaffWaitlist']

const EVENT = 'afrobeats-under-the-stars'
const FRIDAY = '2026-12-04'
const SATURDAY = '2026-12-05'
const LATE = '7pm - 11pm'

/** Two evenings, two slots each, two places a slot: sold out quickly. */
const afrobeats: EventDraft = {
  title: 'Afrobeats Under the Stars',
  about: 'A live band on the rooftop.',
  startDay: FRIDAY,
  endDay: SATURDAY,
  startTime: '16:00',
  endTime: '23:00',
  slots: ['4pm - 7pm', LATE],
  venue: 'Rooftop Terrace',
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  price: 0,
  friendsPrice: null,
  capacity: 2,
  membersOnly: false,
  rsvp: true,
  url: null,
  extraQuestions: null,
}

interface Person {
  name: string
  email: string
  phone: string
}

const CHIAMAKA = {
  name: 'Chiamaka Oluwadamilare-Nwachukwu Adebayo',
  email: 'chiamaka.adebayo@example.com',
  phone: '+234 803 555 0141',
}
const OLUMIDE = {
  name: 'Olumide Bello',
  email: 'olumide.bello@example.com',
  phone: '+234 805 555 0142',
}
const FOLAKE = {
  name: 'Folake Adeyemi',
  email: 'folake.adeyemi@example.com',
  phone: '+234 807 555 0143',
}
const EMEKA = { name: 'Emeka Obi', email: 'emeka.obi@example.com', phone: '+234 809 555 0144' }
const NGOZI = { name: 'Ngozi Eze', email: 'ngozi.eze@example.com', phone: '+234 802 555 0145' }

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: an event waitlist', () => {
    let api: TestApi
    let staff: string
    let ada: string
    /** The app's clock: a minute on at each join, so the line has an order. */
    let clock = NOW
    /** The secret of each person's waitlist links, by e-mail. */
    const tokens = new Map<string, string>()

    beforeAll(async () => {
      api = await startApi(kind, {
        app: { rateLimit: UNLIMITED, visitorShare: 1, now: () => clock },
      })
      staff = await signIn(api, DEMO_STAFF)
      ada = await signIn(api, 'ada@example.com')
      const created = await api.app.inject({
        method: 'POST',
        url: '/api/staff/events',
        headers: bearer(staff),
        payload: afrobeats,
      })
      expect(created.statusCode, created.body).toBe(201)
      // Both evenings' late slot sold out, to guests as the site books them.
      for (const date of [FRIDAY, SATURDAY]) {
        for (const who of ['kemi', 'tunde']) {
          const booked = await rsvp(api, ticket(date, `${who}.${date}@example.com`))
          expect(booked.statusCode, booked.body).toBe(201)
        }
      }
    })
    afterAll(() => api?.close())

    const ticket = (date: string, email: string): BookingInput => ({
      ...GUEST,
      Email: email,
      Event: EVENT,
      Type: 'event',
      Venue: afrobeats.venue,
      Date: date,
      Amount: 0,
      'Time Slot': LATE,
      'Paid with': 'free',
      'Payment Reference': null,
    })

    /** Joins the late slot's line as a guest does on the site (POST /events/{id}/waitlist). */
    const join = async (date: string, person: Person) => {
      clock = new Date(clock.getTime() + 60_000)
      const response = await api.app.inject({
        method: 'POST',
        url: `/api/events/${EVENT}/waitlist`,
        payload: { date, timeSlot: LATE, ...person },
      })
      expect(response.statusCode, response.body).toBe(201)
      tokens.set(person.email, response.json().token)
    }
    /** POST to a public link of a person's, as its e-mail's button does. */
    const post = async (url: string) => {
      const response = await api.app.inject({ method: 'POST', url })
      expect(response.statusCode, response.body).toBe(200)
    }

    const waitlistOf = (id: string, token = staff) =>
      api.app.inject({ url: `/api/staff/events/${id}/waitlist`, headers: bearer(token) })
    const answer = (response: LightMyRequestResponse): StaffWaitlist => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const staffEvent = async (id: string): Promise<StaffEvent> => {
      const response = await api.app.inject({
        url: `/api/staff/events/${id}`,
        headers: bearer(staff),
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }

    it('an event nobody waits for: no places, no entries, nobody waiting', async () => {
      expect(answer(await waitlistOf(EVENT))).toEqual({
        eventId: EVENT,
        eventName: afrobeats.title,
        places: [],
        entries: [],
      })
      expect((await staffEvent(EVENT)).waiting).toBe(0)
    })

    it('answers by day and slot, soonest first, with places in line; those who left last', async () => {
      await join(SATURDAY, CHIAMAKA)
      await join(SATURDAY, OLUMIDE)
      await join(FRIDAY, EMEKA)
      await join(SATURDAY, FOLAKE)
      await join(FRIDAY, NGOZI)
      // Olumide leaves the line, from his e-mail's link.
      await post(`/api/waitlist/${tokens.get(OLUMIDE.email)}/leave`)
      // A guest cancels Friday's booking from the receipt's link: the place goes to Emeka, the
      // first in line there, held for the event's 12 hours.
      const [kemi] = await api.db
        .select({ code: bookings.manageCode })
        .from(bookings)
        .where(eq(bookings.email, `kemi.${FRIDAY}@example.com`))
      await post(`/api/bookings/manage/${kemi?.code}/cancel`)
      const offerEnds = addHours(clock, 12)

      const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString()
      const waitlist = answer(await waitlistOf(EVENT))
      expect(waitlist.places).toEqual([
        { date: FRIDAY, timeSlot: LATE, capacity: 2, booked: 2, waiting: 1, offered: 1 },
        { date: SATURDAY, timeSlot: LATE, capacity: 2, booked: 2, waiting: 2, offered: 0 },
      ])
      const entry = (
        date: string,
        person: Person,
        status: StaffWaitlist['entries'][number]['status'],
        position: number | null,
        minutes: number,
        offerExpiresAt: string | null = null,
      ) => ({
        date,
        timeSlot: LATE,
        position,
        ...person,
        status,
        joinedAt: at(minutes),
        offerExpiresAt,
      })
      expect(waitlist.entries).toEqual([
        entry(FRIDAY, EMEKA, 'offered', null, 3, offerEnds.toISOString()),
        entry(FRIDAY, NGOZI, 'waiting', 1, 5),
        entry(SATURDAY, CHIAMAKA, 'waiting', 1, 1),
        entry(SATURDAY, FOLAKE, 'waiting', 2, 4),
        entry(SATURDAY, OLUMIDE, 'left', null, 2),
      ])
    })

    it('counts the people waiting on the staff event and the staff list of events', async () => {
      expect((await staffEvent(EVENT)).waiting).toBe(3)
      const response = await api.app.inject({ url: '/api/staff/events', headers: bearer(staff) })
      expect(response.statusCode, response.body).toBe(200)
      const list: StaffEvent[] = response.json().events
      expect(list.find((event) => event.id === EVENT)?.waiting).toBe(3)
    })

    // Raising the capacity leaves a place on each evening: the first waiting are offered them,
    // held for the event's waitlistOfferHours, in the transaction of the change.
    it('a capacity raised offers the places to the first in line, held for the offer hours', async () => {
      const raised = await api.app.inject({
        method: 'PUT',
        url: `/api/staff/events/${EVENT}`,
        headers: bearer(staff),
        payload: { ...afrobeats, capacity: 3, waitlistOfferHours: 6 },
      })
      expect(raised.statusCode, raised.body).toBe(200)
      expect((raised.json() as StaffEvent).waiting).toBe(1)
      const waitlist = answer(await waitlistOf(EVENT))
      expect(waitlist.places).toEqual([
        { date: FRIDAY, timeSlot: LATE, capacity: 3, booked: 3, waiting: 0, offered: 2 },
        { date: SATURDAY, timeSlot: LATE, capacity: 3, booked: 3, waiting: 1, offered: 1 },
      ])
      const offers = waitlist.entries.filter((entry) => entry.status === 'offered')
      expect(offers.map((entry) => [entry.name, entry.offerExpiresAt])).toEqual([
        [EMEKA.name, expect.any(String)],
        [NGOZI.name, addHours(clock, 6).toISOString()],
        [CHIAMAKA.name, addHours(clock, 6).toISOString()],
      ])
      expect(waitlist.entries.find((entry) => entry.name === FOLAKE.name)?.position).toBe(1)
    })

    it("answers a member's token 403, no token 401, an unknown event 404", async () => {
      expectError(await waitlistOf(EVENT, ada), 403, "This is for the hotel's staff.")
      expectError(
        await api.app.inject({ url: `/api/staff/events/${EVENT}/waitlist` }),
        401,
        'Please log in.',
      )
      expectError(await waitlistOf('no-such-event'), 404, 'No event has this id.')
    })
  })
})
