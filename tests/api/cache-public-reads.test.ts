import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { bookings, events, spaces } from '../../server/db/schema.ts'
import {
  bearer,
  bothEngines,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
  TODAY,
} from '../support/api-app.ts'
import { DAYS, poetry, rsvp, UNLIMITED } from '../support/bookings.ts'

type Event = components['schemas']['Event']

// Public reads come from a cache computed once per change: these tests prove a caller never
// notices it, except by the ETag/304 and Cache-Control it may use.

/** 'rooftop-jazz' ends today at 23:00 in Lagos. */
const JAZZ_ENDS = new Date('2026-11-24T22:00:00Z')
/** The last print-studio session of today (6pm - 10pm) ends at 22:00 in Lagos. */
const LAST_SESSION_ENDS = new Date('2026-11-24T21:00:00Z')
const LAGOS_MIDNIGHT = new Date('2026-11-24T23:00:00Z')

describe.each(bothEngines())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('public reads from the cache', () => {
    let api: TestApi
    let clock = NOW

    beforeAll(async () => {
      api = await startApi(kind, { app: { now: () => clock, rateLimit: UNLIMITED } })
      return () => api?.close()
    })

    afterEach(() => {
      clock = NOW
    })

    const get = (url: string, headers: Record<string, string> = {}) =>
      api.app.inject({ url, headers })
    const calendar = async () => (await get('/api/events')).json().data as Event[]
    const rsvpOf = async (id: string) =>
      (await get(`/api/events/${id}`)).json().data.RSVP as boolean
    const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag)

    it('tags the calendar, and answers 304 without a body to a caller who holds the tag', async () => {
      const first = await get('/api/events')
      expect(first.statusCode).toBe(200)
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(first.headers['cache-control']).toBe('public, no-cache')
      expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/)

      const again = await get('/api/events', { 'if-none-match': etagOf(first) })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(first.headers.etag)
      // Compared weakly: the same tag without W/ (or among others) is the same answer.
      const listed = `"other", ${etagOf(first).replace(/^W\//, '')}`
      expect((await get('/api/events', { 'if-none-match': listed })).statusCode).toBe(304)
      // Any other tag (an older answer) gets the whole answer, the same as before.
      const stale = await get('/api/events', { 'if-none-match': '"older", W/"other"' })
      expect(stale.statusCode).toBe(200)
      expect(stale.json()).toEqual(first.json())
    })

    it('sends the calendar compressed as the caller accepts it, the same JSON under the same tag', async () => {
      const plain = await get('/api/events')
      expect(plain.headers['content-encoding']).toBeUndefined()
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
      ] as const) {
        const response = await get('/api/events', { 'accept-encoding': accept })
        expect(response.headers['content-encoding'], accept).toBe(encoding)
        expect(response.headers.vary, accept).toBe('Accept-Encoding')
        expect(response.headers.etag, accept).toBe(plain.headers.etag)
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
        expect(JSON.parse(decode(response.rawPayload).toString('utf8')), accept).toEqual(
          plain.json(),
        )
      }
      // Co-working days vary by caller and by encoding.
      const days = await get('/api/events/available-days', { 'accept-encoding': 'br' })
      expect(days.headers.vary).toBe('Authorization, Accept-Encoding')
    })

    it('tags one event the same way, and still says 404 for an event that does not exist', async () => {
      const event = await get('/api/events/poetry-and-palm-wine')
      expect(event.json().data.ID).toBe('poetry-and-palm-wine')
      expect(event.headers['cache-control']).toBe('public, no-cache')
      const again = await get('/api/events/poetry-and-palm-wine', {
        'if-none-match': etagOf(event),
      })
      expect(again.statusCode).toBe(304)
      expectError(await get('/api/events/no-such-event'), 404, 'This event does not exist.')
    })

    it('shows a booking at once: the last place taken turns RSVP false and changes the tag', async () => {
      await api.db.update(events).set({ capacity: 1 }).where(eq(events.id, 'poetry-and-palm-wine'))
      const before = await get('/api/events')
      expect(before.json().data.find((e: Event) => e.ID === 'poetry-and-palm-wine').RSVP).toBe(true)

      expect((await rsvp(api, poetry({ Email: 'last.place@example.com' }))).statusCode).toBe(201)

      const after = await get('/api/events', { 'if-none-match': etagOf(before) })
      expect(after.statusCode).toBe(200)
      expect(after.json().data.find((e: Event) => e.ID === 'poetry-and-palm-wine').RSVP).toBe(false)
      expect(await rsvpOf('poetry-and-palm-wine')).toBe(false)
    })

    it('shows a staff edit made in SQL at once (events and spaces)', async () => {
      await get('/api/events/supper-club')
      await api.db
        .update(events)
        .set({ name: 'Supper Club, Renamed' })
        .where(eq(events.id, 'supper-club'))
      expect((await get('/api/events/supper-club')).json().data.Name).toBe('Supper Club, Renamed')

      const spacesBefore = await get('/api/schedules')
      expect(spacesBefore.headers['cache-control']).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      )
      await api.db.update(spaces).set({ coworking: false }).where(eq(spaces.id, 'library'))
      try {
        const spacesAfter = await get('/api/schedules', { 'if-none-match': etagOf(spacesBefore) })
        expect(spacesAfter.statusCode).toBe(200)
        const library = spacesAfter.json().data.find((s: { id: string }) => s.id === 'library')
        expect(library.Coworking).toBe(false)
      } finally {
        await api.db.update(spaces).set({ coworking: true }).where(eq(spaces.id, 'library'))
      }
    })

    it('books against a staff edit made in SQL at once: the event a booking reads is cached too', async () => {
      const openStudio = eq(events.id, 'open-studio-weekend')
      const book = (who: string) =>
        rsvp(
          api,
          poetry({
            Email: `${who}@example.com`,
            Event: 'open-studio-weekend',
            Venue: 'Print Studio',
            Date: '2026-12-05',
            'Time Slot': '12pm - 4pm',
          }),
        )
      expect((await book('temitope.oyelaran-bankole')).statusCode).toBe(201)
      // Staff make it a members' night in SQL: the next guest is refused, then welcome again.
      await api.db.update(events).set({ membersOnly: true }).where(openStudio)
      try {
        expectError(
          await book('ifeoluwa.adeyemi-coker'),
          403,
          'This event is for active members only.',
        )
      } finally {
        await api.db.update(events).set({ membersOnly: false }).where(openStudio)
      }
      expect((await book('ifeoluwa.adeyemi-coker')).statusCode).toBe(201)
    })

    it('gives a place back when a hold runs out, with no write at that moment', async () => {
      await api.db.insert(events).values({
        id: 'hold-test',
        name: 'Hold Test',
        address: '16 Akin Olugbade Street, Victoria Island, Lagos',
        venue: 'Rooftop Terrace',
        startAt: new Date('2026-11-26T15:00:00Z'),
        endAt: new Date('2026-11-26T19:00:00Z'),
        capacity: 1,
      })
      const holdEnds = new Date(NOW.getTime() + 15 * 60_000)
      await api.db.insert(bookings).values({
        type: 'event',
        eventId: 'hold-test',
        date: DAYS.poetry,
        email: 'holder@example.com',
        name: 'Holder',
        phone: '0803 555 0100',
        paidWith: 'sandbox',
        status: 'held',
        holdExpiresAt: holdEnds,
      })
      expect(await rsvpOf('hold-test')).toBe(false)
      clock = new Date(holdEnds.getTime() - 1)
      expect(await rsvpOf('hold-test')).toBe(false)
      clock = holdEnds
      expect(await rsvpOf('hold-test')).toBe(true)
    })

    it('moves an event to the ended ones the moment it ends, and back for an earlier clock', async () => {
      expect((await calendar())[0]?.ID).toBe('rooftop-jazz')
      clock = new Date(JAZZ_ENDS.getTime() + 1)
      const ended = (await calendar()).map((event) => event.ID)
      // Ended events come last, the latest end first: it ended after Film Night.
      expect(ended.slice(-2)).toEqual(['rooftop-jazz', 'film-night'])
      clock = NOW
      expect((await calendar())[0]?.ID).toBe('rooftop-jazz')
    })

    it('drops today from print-studio days when its last session ends, and moves on at Lagos midnight', async () => {
      const days = async () => (await get('/api/events/available-days/print-studio')).json().data
      clock = new Date(LAST_SESSION_ENDS.getTime() - 1)
      const lateEvening = await days()
      expect(lateEvening[0]).toBe(TODAY)
      clock = LAST_SESSION_ENDS
      expect(await days()).toEqual(lateEvening.slice(1))
      clock = LAGOS_MIDNIGHT
      const tomorrow = await days()
      expect(tomorrow[0]).toBe('2026-11-25')
      expect(tomorrow.at(-1)).not.toBe(lateEvening.at(-1))
    })

    it("keeps co-working days per caller: a member's list is never a guest's", async () => {
      const days = async (token?: string) => {
        const response = await get('/api/events/available-days', token ? bearer(token) : {})
        expect(response.headers['cache-control']).toBe('private, no-cache')
        expect(response.headers.vary).toMatch(/Authorization/)
        return response.json().data as string[]
      }
      const ada = await signIn(api, 'ada@example.com')
      // Every space a guest may choose is full on one day; the members' 8th Floor is not. One
      // booker per space: a person books one co-working day, whichever space.
      await api.db.insert(bookings).values(
        [
          ['The Garden Room', 20],
          ['Library', 12],
          ['Courtyard', 30],
        ].map(([venue, places]) => ({
          type: 'spot' as const,
          venue: String(venue),
          date: DAYS.supper,
          email: `filler-${String(venue).toLowerCase().replaceAll(' ', '-')}@example.com`,
          name: 'Filler',
          phone: '0803 555 0100',
          paidWith: 'free' as const,
          visitors: Number(places) - 1,
        })),
      )
      expect(await days(ada)).toContain(DAYS.supper)
      expect(await days()).not.toContain(DAYS.supper)
      expect(await days(ada)).toContain(DAYS.supper)
    })
  })
})
