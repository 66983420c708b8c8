import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { events } from '../../server/db/schema.ts'
import { DEMO_STAFF } from '../../server/db/seed.ts'
import { MAX_UPLOAD_BYTES } from '../../server/media/poster-variants.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { auditOf } from '../support/audit.ts'
import { type BookingInput, GUEST, rsvp, UNLIMITED } from '../support/bookings.ts'

// Events in the staff's tools (GET/POST /staff/events, GET/PUT /staff/events/{id}, PUT its
// poster): created and changed as the command line does, checked the same way, each write in the
// audit log, on the public calendar at once. A capacity below what is booked, or a day or slot
// with bookings taken away, is refused. Its cancellation cut-off and how long a place offered
// from the waitlist is held are staff's to set (24 and 12 hours unless they do), and the cut-off
// is the one cancelling a booking keeps to. Only staff may call them.

type EventDraft = components['schemas']['EventDraft']
type StaffEvent = components['schemas']['StaffEvent']
type Event = components['schemas']['Event']

const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
const ADDRESS = '16 Akin Olugbade Street, Victoria Island, Lagos'
/** A Saturday inside the booking horizon of the tests' clock. */
const SATURDAY = '2026-12-05'

const cinema: EventDraft = {
  title: '  Courtyard Cinema  ',
  about: 'Films under the stars.',
  startDay: '2026-12-12',
  endDay: '2026-12-12',
  startTime: '19:00',
  endTime: '22:00',
  slots: [],
  venue: 'Courtyard',
  address: ADDRESS,
  price: 5000,
  friendsPrice: 4000,
  capacity: 30,
  membersOnly: true,
  rsvp: true,
  url: '  ',
  extraQuestions: 'Which film would you like next?',
}

const quiz: EventDraft = {
  ...cinema,
  title: 'Garden Quiz',
  startDay: SATURDAY,
  endDay: SATURDAY,
  startTime: '16:00',
  endTime: '20:00',
  slots: ['4pm - 6pm', ' 6pm - 8pm '],
  venue: 'Garden',
  price: 0,
  friendsPrice: null,
  capacity: 10,
  membersOnly: false,
  url: 'https://example.com/quiz',
  extraQuestions: null,
}

/** A phone-sized photograph: 2400 x 3200 of fine noise, about 3 MB as a JPEG. */
const photo = () =>
  sharp({
    create: {
      width: 2400,
      height: 3200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: events', () => {
    let api: TestApi
    let staff: string
    let ada: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      staff = await signIn(api, DEMO_STAFF)
      ada = await signIn(api, 'ada@example.com')
    })
    afterAll(() => api?.close())

    const create = (draft: EventDraft, token = staff) =>
      api.app.inject({
        method: 'POST',
        url: '/api/staff/events',
        headers: bearer(token),
        payload: draft,
      })
    const update = (id: string, draft: EventDraft, token = staff) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/staff/events/${id}`,
        headers: bearer(token),
        payload: draft,
      })
    const get = (id: string, token = staff) =>
      api.app.inject({ url: `/api/staff/events/${id}`, headers: bearer(token) })
    const poster = (id: string, body: Buffer, type = 'image/jpeg', token = staff) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/staff/events/${id}/poster`,
        headers: { ...bearer(token), 'content-type': type },
        payload: body,
      })
    const answer = (response: LightMyRequestResponse, status = 200): StaffEvent => {
      expect(response.statusCode, response.body).toBe(status)
      return response.json()
    }
    const calendar = async (): Promise<Event[]> =>
      (await api.app.inject({ url: '/api/events' })).json().data
    const publicEvent = async (id: string): Promise<Event | undefined> =>
      (await calendar()).find((event) => event.ID === id)
    /** The one entry of this action (the tests' clock gives every entry the same instant). */
    const auditedAs = async (subject: string, action: string) =>
      (await auditOf(api.db, subject)).filter((entry) => entry.action === action)
    const rowOf = async (id: string) =>
      (await api.db.select().from(events).where(eq(events.id, id)))[0]

    it('creates an event: 201, on the public calendar at once, audited', async () => {
      // The calendar is read (and cached) before, so the new event must refresh it.
      expect(await publicEvent('courtyard-cinema')).toBeUndefined()
      const created = answer(await create(cinema), 201)
      const draft = {
        ...cinema,
        title: 'Courtyard Cinema',
        slots: ['7pm - 10pm'],
        url: null,
        cancelCutoffHours: 24,
        waitlistOfferHours: 12,
      }
      expect(created).toEqual({
        id: 'courtyard-cinema',
        draft,
        poster: null,
        booked: 0,
        past: false,
        waiting: 0,
      })
      expect(await publicEvent('courtyard-cinema')).toMatchObject({
        Name: 'Courtyard Cinema',
        Venue: 'Courtyard',
        StartDate: '2026-12-12T18:00:00.000Z',
        EndDate: '2026-12-12T21:00:00.000Z',
        TimeSlots: ['7pm - 10pm'],
        Price: 5000,
        FriendsPrice: 4000,
        'Members-only': true,
        URL: null,
        metadata: 'Which film would you like next?',
        Poster: [],
      })
      expect(await auditOf(api.db, 'courtyard-cinema')).toEqual([
        {
          actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
          action: 'event create',
          before: null,
          after: draft,
        },
      ])
    })

    it('refuses a second event of the same title: 409, nothing written', async () => {
      expectError(
        await create({
          ...cinema,
          title: 'Courtyard cinema!',
          startDay: '2026-12-19',
          endDay: '2026-12-19',
        }),
        409,
        'An event called "Courtyard cinema!" exists already: give it another title.',
      )
      expect((await rowOf('courtyard-cinema'))?.startAt.toISOString()).toBe(
        '2026-12-12T18:00:00.000Z',
      )
    })

    it("refuses an event called 'New': /staff/events/new is the form of a new one", async () => {
      expectError(
        await create({ ...cinema, title: 'New!' }),
        409,
        'An event cannot be called "New": give it a longer title.',
      )
      expect(await rowOf('new')).toBeUndefined()
    })

    it('creates once for one Idempotency-Key, however often the call is sent', async () => {
      const send = () =>
        api.app.inject({
          method: 'POST',
          url: '/api/staff/events',
          headers: { ...bearer(staff), 'idempotency-key': 'brunch-club-1' },
          payload: { ...quiz, title: 'Brunch Club', startDay: '2026-12-20', endDay: '2026-12-20' },
        })
      const first = answer(await send(), 201)
      expect(answer(await send(), 201)).toEqual(first)
      expect(await auditedAs('brunch-club', 'event create')).toHaveLength(1)
    })

    it('refuses a draft that does not make sense: 400 saying what to change', async () => {
      const refusals: [EventDraft, string][] = [
        [{ ...quiz, title: 'Backwards', endDay: '2026-12-04' }, 'The event ends before it starts.'],
        [{ ...quiz, title: 'Backwards', endTime: '16:00' }, 'The event ends before it starts.'],
        [
          { ...quiz, title: 'Bad Slot', slots: ['4pm - 6pm', 'teatime'] },
          "'teatime' is not a time range such as '4pm - 8pm'.",
        ],
        [
          { ...quiz, title: 'Dear Friends', price: 3000, friendsPrice: 4000 },
          "The friends' price is more than the price.",
        ],
        [{ ...quiz, title: '   ' }, 'Give the event a title with letters or digits.'],
        [{ ...quiz, title: '!!!' }, 'Give the event a title with letters or digits.'],
        [
          { ...quiz, title: 'No Web', url: 'ftp://example.com' },
          'Write a web address starting with https://.',
        ],
        [{ ...quiz, title: 'No Venue', venue: ' ' }, 'Say where in the hotel it is.'],
        [
          { ...quiz, title: 'No Day', startDay: '2026-02-30' },
          '2026-02-30 is not a day on the calendar.',
        ],
      ]
      for (const [draft, message] of refusals) expectError(await create(draft), 400, message)
      const titles = (await calendar()).map((event) => event.Name)
      expect(titles).not.toContain('Backwards')
      expect(titles).not.toContain('Dear Friends')
    })

    it('lists events for staff: coming ones soonest first, then past ones latest first', async () => {
      const response = await api.app.inject({ url: '/api/staff/events', headers: bearer(staff) })
      expect(response.statusCode, response.body).toBe(200)
      const list: StaffEvent[] = response.json().events
      const past = list.filter((event) => event.past)
      const coming = list.filter((event) => !event.past)
      expect(list).toEqual([...coming, ...past])
      const starts = (items: StaffEvent[]) =>
        items.map((event) => `${event.draft.startDay}T${event.draft.startTime}`)
      expect(starts(coming)).toEqual(starts(coming).toSorted())
      expect(starts(past)).toEqual(starts(past).toSorted().reverse())
      expect(coming.map((event) => event.id)).toContain('courtyard-cinema')
    })

    it('gets one event, and 404 for an unknown id', async () => {
      expect(answer(await get('courtyard-cinema')).draft.title).toBe('Courtyard Cinema')
      expectError(await get('no-such-event'), 404, 'No event has this id.')
    })

    it('changes an event: the fields change, the audit has only what changed', async () => {
      const changed = answer(
        await update('courtyard-cinema', {
          ...cinema,
          price: 6000,
          friendsPrice: null,
          about: 'Classic films under the stars.',
          url: 'https://example.com/cinema',
        }),
      )
      expect(changed.draft).toMatchObject({
        title: 'Courtyard Cinema',
        price: 6000,
        friendsPrice: null,
        about: 'Classic films under the stars.',
        url: 'https://example.com/cinema',
        slots: ['7pm - 10pm'],
      })
      expect(await publicEvent('courtyard-cinema')).toMatchObject({
        Price: 6000,
        FriendsPrice: null,
        URL: 'https://example.com/cinema',
      })
      expect(await auditedAs('courtyard-cinema', 'event edit')).toEqual([
        {
          actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
          action: 'event edit',
          before: {
            about: 'Films under the stars.',
            friendsPrice: 4000,
            price: 5000,
            url: null,
          },
          after: {
            about: 'Classic films under the stars.',
            friendsPrice: null,
            price: 6000,
            url: 'https://example.com/cinema',
          },
        },
      ])
      expectError(await update('no-such-event', cinema), 404, 'No event has this id.')
    })

    it('sets when cancellations close and how long an offered place is held; keeps them when left out', async () => {
      const night = {
        ...cinema,
        title: 'Palm Wine Night',
        startDay: '2026-12-18',
        endDay: '2026-12-18',
      }
      const created = answer(
        await create({ ...night, cancelCutoffHours: 48, waitlistOfferHours: 6 }),
        201,
      )
      expect(created.draft).toMatchObject({ cancelCutoffHours: 48, waitlistOfferHours: 6 })
      expect(await rowOf('palm-wine-night')).toMatchObject({
        cancelCutoffHours: 48,
        waitlistOfferHours: 6,
      })

      // Left out of a change (an older form): they stay as they are, and nothing is audited.
      const kept = answer(await update('palm-wine-night', night))
      expect(kept.draft).toMatchObject({ cancelCutoffHours: 48, waitlistOfferHours: 6 })
      expect(await auditedAs('palm-wine-night', 'event edit')).toEqual([])

      // Changed: 0 hours (until it starts) and a week; the audit has both, before and after.
      const changed = answer(
        await update('palm-wine-night', {
          ...night,
          cancelCutoffHours: 0,
          waitlistOfferHours: 168,
        }),
      )
      expect(changed.draft).toMatchObject({ cancelCutoffHours: 0, waitlistOfferHours: 168 })
      expect(await auditedAs('palm-wine-night', 'event edit')).toEqual([
        {
          actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
          action: 'event edit',
          before: { cancelCutoffHours: 48, waitlistOfferHours: 6 },
          after: { cancelCutoffHours: 0, waitlistOfferHours: 168 },
        },
      ])
    })

    it('refuses a cut-off or an offer time out of bounds: 400 naming the field, nothing written', async () => {
      const before = await rowOf('palm-wine-night')
      const night = {
        ...cinema,
        title: 'Palm Wine Night',
        startDay: '2026-12-18',
        endDay: '2026-12-18',
      }
      const refusals: [Partial<EventDraft>, string, string][] = [
        [{ cancelCutoffHours: 721 }, 'cancelCutoffHours must be <= 720.', 'cancelCutoffHours'],
        [{ cancelCutoffHours: -1 }, 'cancelCutoffHours must be >= 0.', 'cancelCutoffHours'],
        [{ cancelCutoffHours: 1.5 }, 'cancelCutoffHours must be integer.', 'cancelCutoffHours'],
        [{ waitlistOfferHours: 0 }, 'waitlistOfferHours must be >= 1.', 'waitlistOfferHours'],
        [{ waitlistOfferHours: 169 }, 'waitlistOfferHours must be <= 168.', 'waitlistOfferHours'],
      ]
      for (const [fields, message, field] of refusals) {
        expectError(await update('palm-wine-night', { ...night, ...fields }), 400, message, field)
        expectError(
          await create({ ...night, title: 'Out Of Bounds', ...fields }),
          400,
          message,
          field,
        )
      }
      expect(await rowOf('palm-wine-night')).toEqual(before)
      expect(await rowOf('out-of-bounds')).toBeUndefined()
    })

    it('the cut-off staff set is the one cancelling keeps to', async () => {
      // Tomorrow at 7am: 24 hours before was this morning at 7, before the tests' clock (11am).
      const tomorrow = {
        ...quiz,
        title: 'Sunrise Yoga',
        startDay: '2026-11-25',
        endDay: '2026-11-25',
        startTime: '07:00',
        endTime: '09:00',
        slots: ['7am - 9am'],
      }
      const created = answer(await create(tomorrow), 201)
      expect(created.draft.cancelCutoffHours).toBe(24)
      const ticket: BookingInput = {
        Email: 'ada@example.com',
        Name: 'Ada Okafor',
        Phone: '+234 803 555 0101',
        Event: 'sunrise-yoga',
        Type: 'event',
        Venue: 'Garden',
        Date: '2026-11-25',
        Amount: 0,
        'Time Slot': '7am - 9am',
        'Paid with': 'free',
        'Payment Reference': null,
      }
      const booking = await rsvp(api, ticket, { token: ada })
      expect(booking.statusCode, booking.body).toBe(201)
      const { id } = booking.json().data as { id: string }
      const cancel = () =>
        api.app.inject({
          method: 'POST',
          url: `/api/bookings/cancel/${id}`,
          headers: bearer(ada),
        })
      expectError(
        await cancel(),
        409,
        'Cancellations for Sunrise Yoga closed at 7am on Tuesday, November 24, 2026, 24 hours before it starts.',
      )

      // Staff let people cancel until 2 hours before (5am tomorrow): now it can be cancelled.
      answer(await update('sunrise-yoga', { ...tomorrow, cancelCutoffHours: 2 }))
      const cancelled = await cancel()
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json().refund).toEqual({ way: 'none', amountMinor: 0 })
    })

    it('refuses a capacity below the places booked, and a day or slot with bookings taken away', async () => {
      const created = answer(await create(quiz), 201)
      expect(created.draft.slots).toEqual(['4pm - 6pm', '6pm - 8pm'])
      // Three guests book the 6pm slot, as the public site does (a ticket is one person's).
      for (const name of ['kemi', 'tunde', 'bisi']) {
        const booked = await rsvp(api, {
          ...GUEST,
          Email: `${name}@example.com`,
          Event: 'garden-quiz',
          Type: 'event',
          Venue: 'Garden',
          Date: SATURDAY,
          Amount: 0,
          'Time Slot': '6pm - 8pm',
          'Paid with': 'free',
          'Payment Reference': null,
        })
        expect(booked.statusCode, booked.body).toBe(201)
      }
      expect(answer(await get('garden-quiz')).booked).toBe(3)
      const before = await rowOf('garden-quiz')
      const audited = (await auditOf(api.db, 'garden-quiz')).length

      expectError(
        await update('garden-quiz', { ...quiz, capacity: 2 }),
        409,
        '3 places are booked on Saturday, December 5, 2026, 6pm - 8pm: the capacity cannot be less.',
      )
      const dropped =
        '3 places are booked on Saturday, December 5, 2026, 6pm - 8pm: keep that day and time slot, or cancel those bookings first.'
      expectError(await update('garden-quiz', { ...quiz, slots: ['4pm - 6pm'] }), 409, dropped)
      expectError(
        await update('garden-quiz', { ...quiz, startDay: '2026-12-06', endDay: '2026-12-06' }),
        409,
        dropped,
      )
      expect(await rowOf('garden-quiz')).toEqual(before)
      expect(await auditOf(api.db, 'garden-quiz')).toHaveLength(audited)

      // Down to exactly what is booked, and a slot without bookings taken away: both fine.
      const lowered = answer(
        await update('garden-quiz', { ...quiz, capacity: 3, slots: ['6pm - 8pm'] }),
      )
      expect(lowered.draft).toMatchObject({ capacity: 3, slots: ['6pm - 8pm'] })
      expect(lowered.booked).toBe(3)
    })

    it('uploads a phone-sized poster: 200, served as an image, on the public event', async () => {
      const file = await photo()
      expect(file.length).toBeGreaterThan(2.5 * 1024 * 1024)
      expect(file.length).toBeLessThan(4 * 1024 * 1024)
      const changed = answer(await poster('courtyard-cinema', file))
      expect(changed.poster).toMatch(/^\/media\/[0-9a-f]{20}-1440x1920\.jpg$/)
      const image = await api.app.inject({ url: changed.poster ?? '' })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/jpeg')
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1440,
        height: 1920,
      })
      expect((await publicEvent('courtyard-cinema'))?.Poster).toEqual([{ url: changed.poster }])
      expect(await auditedAs('courtyard-cinema', 'event poster')).toEqual([
        {
          actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
          action: 'event poster',
          before: { poster: null },
          after: { poster: changed.poster },
        },
      ])
    }, 120_000)

    it('refuses a file that is not an image, of another type, or too large; keeps the poster', async () => {
      const kept = (await rowOf('courtyard-cinema'))?.posters
      expectError(
        await poster('courtyard-cinema', Buffer.from('Courtyard Cinema: doors at 7pm\n')),
        400,
        'The file is not an image. Upload a JPEG, PNG or WebP poster.',
      )
      expectError(
        await poster('courtyard-cinema', Buffer.from('GIF89a'), 'image/gif'),
        415,
        'Send the poster as it is, with Content-Type image/jpeg, image/png or image/webp.',
      )
      expectError(
        await poster('courtyard-cinema', Buffer.alloc(MAX_UPLOAD_BYTES + 1)),
        413,
        'The poster is larger than 20 MB. Export it smaller and try again.',
      )
      expectError(
        await poster('no-such-event', Buffer.from('not read')),
        404,
        'No event has this id.',
      )
      expect((await rowOf('courtyard-cinema'))?.posters).toEqual(kept)
    })

    it('answers 403 to anyone but staff, and changes nothing', async () => {
      const forbidden = "This is for the hotel's staff."
      expectError(
        await api.app.inject({ url: '/api/staff/events', headers: bearer(ada) }),
        403,
        forbidden,
      )
      expectError(await create({ ...quiz, title: 'Ada Night' }, ada), 403, forbidden)
      expectError(await get('courtyard-cinema', ada), 403, forbidden)
      expectError(await update('courtyard-cinema', cinema, ada), 403, forbidden)
      expectError(
        await poster('courtyard-cinema', Buffer.from('x'), 'image/jpeg', ada),
        403,
        forbidden,
      )
      expect(await rowOf('ada-night')).toBeUndefined()
    })
  })
})
