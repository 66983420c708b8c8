import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { eventDays } from '../../machines/rules/dates'
import type { components } from '../../openapi/schema'
import { bookings } from '../../server/db/schema.ts'
import { DEMO_HOTEL_ADDRESS } from '../../server/db/seed.ts'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  NOW,
  startApi,
  type TestApi,
} from '../support/api-app.ts'

type Event = components['schemas']['Event']

const contract = parse(readFileSync(new URL('../../openapi/hotel.yaml', import.meta.url), 'utf8'))
const EVENT_FIELDS: string[] = contract.components.schemas.Event.required

/** The demo calendar on Tuesday 24 November 2026 (Lagos): today, upcoming by start, then ended. */
const CALENDAR_ORDER = [
  'rooftop-jazz', // today 16:00
  'listening-session', // Wed 25
  'poetry-and-palm-wine', // Thu 26
  'supper-club', // Sat 28
  'risograph-workshop', // Sun 29
  'photo-walk-lagos-island', // Tue 1 Dec (Monday 30 is closed)
  'friends-of-16-brunch', // Thu 3 Dec
  'open-studio-weekend', // Sat 5 to Tue 8 Dec
  'design-market', // Tue 8 Dec
  'film-night', // ended Sat 21 Nov
]

/** Fourteen bookable days from today, Mondays 30 November and 7 December left out. */
const BOOKABLE_DAYS = [
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
  '2026-12-06',
  '2026-12-08',
  '2026-12-09',
]

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('events and schedules', () => {
    let api: TestApi

    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    const get = (url: string, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'GET', url, headers })

    async function listEvents(): Promise<Event[]> {
      const response = await get('/api/events')
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body.status).toBe('success')
      return body.data
    }

    const byId = (events: Event[], id: string) => {
      const event = events.find((e) => e.ID === id)
      if (!event) throw new Error(`no event ${id} in the answer`)
      return event
    }

    describe('GET /api/events', () => {
      it('lists every demo event in calendar order, with the contract’s field names', async () => {
        const events = await listEvents()
        expect(events.map((event) => event.ID)).toEqual(CALENDAR_ORDER)
        for (const event of events)
          expect(Object.keys(event).sort(), event.ID).toEqual(EVENT_FIELDS.toSorted())
      })

      it('answers an event exactly as the contract spells it', async () => {
        expect(byId(await listEvents(), 'rooftop-jazz')).toEqual({
          ID: 'rooftop-jazz',
          Name: 'Rooftop Jazz',
          Address: DEMO_HOTEL_ADDRESS,
          Venue: 'Rooftop Terrace',
          Poster: [{ url: '/images/posters/jazz-rooftop.svg' }],
          // 16:00 to 23:00 in Lagos (UTC+1).
          StartDate: '2026-11-24T15:00:00.000Z',
          EndDate: '2026-11-24T22:00:00.000Z',
          TimeSlots: ['4pm - 8pm'],
          Price: 10000,
          FriendsPrice: 8000,
          RSVP: true,
          Waitlist: false,
          BookingClosed: false,
          CancelCutoffHours: 24,
          'Members-only': false,
          About: expect.stringContaining('Lekan Adeyemi Quartet'),
          URL: null,
          metadata: null,
        })
      })

      it('shows sold out, members only, free and extra fields as the calendar needs them', async () => {
        const events = await listEvents()
        // Closed by staff, not full: nobody can wait for a place.
        expect(byId(events, 'supper-club')).toMatchObject({
          RSVP: false,
          Waitlist: false,
          BookingClosed: true,
          Price: 35000,
        })
        expect(byId(events, 'friends-of-16-brunch')).toMatchObject({
          'Members-only': true,
          RSVP: true,
          FriendsPrice: null,
        })
        expect(events.filter((event) => event['Members-only']).map((event) => event.ID)).toEqual([
          'friends-of-16-brunch',
        ])
        expect(byId(events, 'poetry-and-palm-wine')).toMatchObject({ Price: 0, FriendsPrice: null })
        expect(byId(events, 'photo-walk-lagos-island').metadata).toBe(
          'Instagram handle, Camera type',
        )
        expect(byId(events, 'open-studio-weekend').Poster).toHaveLength(3)
      })

      it('gives Price and FriendsPrice in whole naira, never kobo', async () => {
        const events = await listEvents()
        for (const event of events) {
          expect(Number.isInteger(event.Price), event.ID).toBe(true)
          expect(event.Price, event.ID).toBeLessThan(100_000)
          if (event.FriendsPrice !== null) {
            expect(Number.isInteger(event.FriendsPrice), event.ID).toBe(true)
            expect(event.FriendsPrice, event.ID).toBeLessThanOrEqual(event.Price)
          }
        }
        expect(byId(events, 'risograph-workshop')).toMatchObject({
          Price: 15000,
          FriendsPrice: 10000,
        })
      })
    })

    describe('GET /api/events/{id}', () => {
      it('answers one event, as the list does', async () => {
        const response = await get('/api/events/risograph-workshop')
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({
          status: 'success',
          data: byId(await listEvents(), 'risograph-workshop'),
        })
      })

      it('answers 404 for an unknown event', async () => {
        expectError(await get('/api/events/no-such-event'), 404, 'This event does not exist.')
      })

      it('answers 400 for an id that breaks the pattern', async () => {
        expectError(
          await get(`/api/events/${encodeURIComponent('NOPE!')}`),
          400,
          'The id in the address is not valid.',
        )
      })
    })

    describe('RSVP', () => {
      // Photo Walk: one day, one time slot, 15 places.
      const walk = {
        eventId: 'photo-walk-lagos-island',
        type: 'event' as const,
        venue: 'Meet at Tinubu Square',
        date: '2026-12-01',
        timeSlot: '7:30am - 11am',
        phone: '+234 803 555 0199',
      }
      const rsvpOf = async () => {
        const response = await get('/api/events/photo-walk-lagos-island')
        return (response.json() as { data: Event }).data.RSVP
      }

      it('turns false once confirmed and held places fill the capacity', async () => {
        expect(await rsvpOf()).toBe(true)
        // 1 + 9 places confirmed, and a cancelled booking that must not count.
        await api.db.insert(bookings).values([
          {
            ...walk,
            email: 'guest1@example.com',
            name: 'Guest One',
            paidWith: 'free',
            visitors: 9,
          },
          {
            ...walk,
            email: 'gone@example.com',
            name: 'Gone Guest',
            paidWith: 'free',
            visitors: 20,
            status: 'cancelled',
          },
        ])
        expect(await rsvpOf()).toBe(true)
        // 1 + 3 more: 14 of 15.
        await api.db.insert(bookings).values({
          ...walk,
          email: 'guest2@example.com',
          name: 'Guest Two',
          paidWith: 'free',
          visitors: 3,
        })
        expect(await rsvpOf()).toBe(true)
        // The last place, held by a card payment still pending.
        await api.db.insert(bookings).values({
          ...walk,
          email: 'guest3@example.com',
          name: 'Guest Three',
          paidWith: 'sandbox',
          status: 'held',
          // Its hold runs out in ten minutes; until then the place counts as taken.
          holdExpiresAt: new Date(NOW.getTime() + 10 * 60_000),
        })
        expect(await rsvpOf()).toBe(false)
        expect(byId(await listEvents(), 'photo-walk-lagos-island').RSVP).toBe(false)
      })

      it('counts places per day and time slot: one full slot leaves the event open', async () => {
        const riso = byId(await listEvents(), 'risograph-workshop')
        const [day] = eventDays(riso)
        const [firstSlot, secondSlot] = riso.TimeSlots
        const fill = (timeSlot: string | undefined, who: string) =>
          api.db.insert(bookings).values({
            eventId: riso.ID,
            type: 'event',
            venue: riso.Venue,
            date: day as string,
            timeSlot: timeSlot ?? null,
            phone: '+234 803 555 0199',
            email: `${who}@example.com`,
            name: who,
            paidWith: 'wallet',
            visitors: 11, // 12 places: the whole slot
          })
        await fill(firstSlot, 'early')
        expect(byId(await listEvents(), 'risograph-workshop').RSVP).toBe(true)
        await fill(secondSlot, 'late')
        expect(byId(await listEvents(), 'risograph-workshop').RSVP).toBe(false)
      })
    })

    describe.each([['/api/events/available-days'], ['/api/events/available-days/print-studio']])(
      'GET %s',
      (url) => {
        it('answers the Lagos days from today, Mondays left out, for a visitor', async () => {
          const response = await get(url)
          expect(response.statusCode).toBe(200)
          expect(response.json()).toEqual({ status: 'success', data: BOOKABLE_DAYS })
          for (const day of BOOKABLE_DAYS) {
            expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
            expect(new Date(`${day}T12:00:00Z`).getUTCDay(), day).not.toBe(1)
          }
          expect(BOOKABLE_DAYS[0]).toBe(NOW.toISOString().slice(0, 10))
        })

        it('answers 401 to a token no session has', async () => {
          expectError(await get(url, bearer(madeUpToken())), 401, 'Login session has expired')
        })
      },
    )

    describe('GET /api/schedules', () => {
      it('lists the co-working spaces in order, names as staff typed them', async () => {
        const response = await get('/api/schedules')
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({
          status: 'success',
          data: [
            { id: 'garden-room', Name: 'The Garden Room', Coworking: true },
            // The trailing period and space stay: the app cleans the name for display.
            { id: 'library', Name: 'Library. ', Coworking: true },
            { id: 'courtyard', Name: 'Courtyard', Coworking: true },
            { id: '8th-floor', Name: '8th Floor', Coworking: true },
          ],
        })
      })

      it('lists the print-studio items', async () => {
        const response = await get('/api/schedules/print-studio')
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({
          status: 'success',
          data: [{ id: 'print-studio', Name: 'Print Studio', Coworking: true }],
        })
      })
    })
  })
})
