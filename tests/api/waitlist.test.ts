import { addHours, addMinutes } from 'date-fns'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { accounts, bookingPlaces, bookings, events } from '../../server/db/schema.ts'
import { BOOKED_THROUGH_OFFER, NO_SUCH_ENTRY, PLACES_LEFT } from '../../server/waitlist/waitlist.ts'
import {
  bearer,
  dbCases,
  expectError,
  NOW,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'
import { type BookingInput, mailTo, rsvp, UNLIMITED } from '../support/bookings.ts'

// The waitlist of a sold-out day (issue 27), as its people meet it through HTTP: they join the
// line of a day and slot with no place left, a place that frees up (a cancellation, an offer not
// taken in time, someone leaving) is offered to the first in line by e-mail and held for them,
// and they take it by booking it as anyone books, with the same e-mail. Never more places than
// the capacity, whoever books at once.

type WaitlistEntry = components['schemas']['WaitlistEntry']

const SITE = 'https://sixteen.test'
/** Thursday, two days after NOW: cancellations (24 hours before 7pm) are still open. */
const DAY = '2026-11-26'
const SLOT = '7pm - 10pm'
const VENUE = 'The Rooftop'
const PHONE = '+234 803 555 0199'

interface Person {
  name: string
  email: string
  phone: string
}

const person = (email: string, name = 'Tolu Adeyemi'): Person => ({ name, email, phone: PHONE })

interface EventShape {
  capacity: number
  priceNaira?: number
  membersOnly?: boolean
  slots?: string[]
  offerHours?: number
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('the waitlist of a sold-out day', () => {
    let api: TestApi
    /** The app's clock: a second on at each join, so the line has an order. */
    let clock = NOW
    let serial = 0

    beforeAll(async () => {
      api = await startApi(kind, {
        app: { rateLimit: UNLIMITED, now: () => clock, publicUrl: SITE },
      })
    })
    afterAll(() => api?.close())

    const tick = (ms = 1_000) => {
      clock = new Date(clock.getTime() + ms)
    }

    /** An event of its own on DAY at 7pm (Lagos), free unless priced. */
    const newEvent = async (shape: EventShape) => {
      serial += 1
      const id = `waitlist-night-${kind}-${serial}`
      await api.db.insert(events).values({
        id,
        name: `Waitlist Night ${serial}`,
        address: '16 Test Street, Lagos',
        venue: VENUE,
        startAt: new Date(`${DAY}T18:00:00Z`),
        endAt: new Date(`${DAY}T21:00:00Z`),
        timeSlots: shape.slots ?? [SLOT],
        priceNaira: shape.priceNaira ?? 0,
        capacity: shape.capacity,
        membersOnly: shape.membersOnly ?? false,
        ...(shape.offerHours === undefined ? {} : { waitlistOfferHours: shape.offerHours }),
      })
      return id
    }

    const ticket = (eventId: string, email: string, priceNaira = 0): BookingInput => ({
      Email: email,
      Name: 'Tolu Adeyemi',
      Phone: PHONE,
      Event: eventId,
      Type: 'event',
      Venue: VENUE,
      Date: DAY,
      Amount: priceNaira * 100,
      'Time Slot': SLOT,
      'Paid with': priceNaira > 0 ? 'paystack' : 'free',
      'Payment Reference': null,
    })

    /** Signed-in people with accounts of their own, each booking one place (so they can cancel it). */
    const bookers = async (eventId: string, count: number) => {
      const made: { email: string; token: string; bookingId: string }[] = []
      for (let i = 0; i < count; i++) {
        const email = `booker-${eventId}-${i}@example.com`
        await api.db.insert(accounts).values({ email, firstName: 'Booker', lastName: `${i}` })
        const token = await signIn(api, email)
        const booked = await rsvp(api, ticket(eventId, email), { token })
        expect(booked.statusCode, booked.body).toBe(201)
        made.push({ email, token, bookingId: booked.json().data.id })
      }
      return made
    }

    const join = (
      eventId: string,
      who: Person,
      {
        date = DAY,
        timeSlot = SLOT as string | null,
        token = undefined as string | undefined,
      } = {},
    ) => {
      tick()
      return api.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/waitlist`,
        headers: token ? bearer(token) : {},
        payload: { date, timeSlot, ...who },
      })
    }
    const joined = async (eventId: string, who: Person) => {
      const response = await join(eventId, who)
      expect(response.statusCode, response.body).toBe(201)
      return response.json() as WaitlistEntry
    }
    const entryOf = async (token: string) => {
      const response = await api.app.inject({ url: `/api/waitlist/${token}` })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as WaitlistEntry
    }
    const leave = (token: string) =>
      api.app.inject({ method: 'POST', url: `/api/waitlist/${token}/leave` })
    const cancel = (bookingId: string, token: string) =>
      api.app.inject({
        method: 'POST',
        url: `/api/bookings/cancel/${bookingId}`,
        headers: bearer(token),
      })
    /** Whether the public calendar says a place is left. */
    const rsvpOpen = async (eventId: string) =>
      (await api.app.inject({ url: `/api/events/${eventId}` })).json().data.RSVP as boolean
    /** The places counted taken for the event's DAY and SLOT. */
    const taken = async (eventId: string) => {
      const [row] = await api.db
        .select({ taken: bookingPlaces.taken })
        .from(bookingPlaces)
        .where(and(eq(bookingPlaces.thing, eventId), eq(bookingPlaces.date, DAY)))
      return row?.taken ?? 0
    }
    /** Bookings still counting (confirmed or held), of every kind, for the event's DAY. */
    const standing = async (eventId: string) =>
      api.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.eventId, eventId), ne(bookings.status, 'cancelled')))
    const subjects = async (email: string) => (await mailTo(api.db, email)).map((m) => m.subject)
    const statuses = async (tokens: string[]) =>
      Promise.all(tokens.map(async (token) => (await entryOf(token)).status))

    /** A card payment of a ticket through the sandbox checkout: 'pay', 'decline', or left pending. */
    async function payByCard(eventId: string, email: string, priceNaira: number, outcome?: string) {
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: `/event/${eventId}/registered`,
          email,
          payment: { Amount: priceNaira * 100, Currency: 'NGN', Account: null, Plan: null },
          booking: ticket(eventId, email, priceNaira),
        },
      })
      if (started.statusCode !== 201 || !outcome) return started
      const path = new URL(started.json().data.authorization_url).pathname
      await api.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      })
      await api.app.inject({ url: `/api/payments/verify/${started.json().data.reference}` })
      return started
    }

    it('joins a sold-out day: 201 with a place in line, 200 when joined already, an e-mail with the link', async () => {
      const id = await newEvent({ capacity: 2 })
      await bookers(id, 2)
      const first = await join(id, person('Amaka.Obi@Example.com', 'Amaka Obi'))
      expect(first.statusCode, first.body).toBe(201)
      const amaka: WaitlistEntry = first.json()
      expect(amaka).toEqual({
        token: expect.stringMatching(/^[0-9a-f]{32}$/),
        status: 'waiting',
        position: 1,
        eventId: id,
        eventName: `Waitlist Night ${serial}`,
        date: DAY,
        timeSlot: SLOT,
        name: 'Amaka Obi',
        email: 'amaka.obi@example.com',
        phone: PHONE,
        joinedAt: clock.toISOString(),
        offerExpiresAt: null,
      })
      const bayo = await joined(id, person('bayo@example.com'))
      expect(bayo.position).toBe(2)

      // Again (the same e-mail, however written): the entry there is.
      const again = await join(id, person('amaka.obi@example.com', 'Amaka Obi'))
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(amaka)

      const mails = await mailTo(api.db, 'amaka.obi@example.com')
      expect(mails.map((m) => m.subject)).toEqual([
        `You're on the waitlist for Waitlist Night ${serial}, Thursday, November 26, 2026, 7pm - 10pm`,
      ])
      expect(mails[0]?.text).toContain(`${SITE}/waitlist/${amaka.token}`)

      // The link's token reads the entry; one nobody has is a 404.
      expect(await entryOf(amaka.token)).toEqual(amaka)
      expect((await entryOf(bayo.token)).position).toBe(2)
      expectError(
        await api.app.inject({ url: `/api/waitlist/${'0'.repeat(32)}` }),
        404,
        NO_SUCH_ENTRY,
      )
    })

    it('answers a retry with the same Idempotency-Key with the first answer', async () => {
      const id = await newEvent({ capacity: 1 })
      await bookers(id, 1)
      const send = () =>
        api.app.inject({
          method: 'POST',
          url: `/api/events/${id}/waitlist`,
          headers: { 'idempotency-key': `join-${id}` },
          payload: { date: DAY, timeSlot: SLOT, ...person('retry@example.com') },
        })
      const first = await send()
      expect(first.statusCode, first.body).toBe(201)
      const retry = await send()
      expect(retry.statusCode).toBe(201)
      expect(retry.headers['idempotent-replayed']).toBe('true')
      expect(retry.json()).toEqual(first.json())
      expect(await subjects('retry@example.com')).toHaveLength(1)
    })

    it('refuses what cannot wait: places left, booked already, other days and slots, members only', async () => {
      const open = await newEvent({ capacity: 5 })
      await bookers(open, 1)
      expectError(await join(open, person('early@example.com')), 409, PLACES_LEFT)

      const full = await newEvent({ capacity: 1 })
      const [booker] = await bookers(full, 1)
      expectError(
        await join(full, person(booker?.email ?? '')),
        409,
        "You're already booked for this",
      )
      expectError(
        await join(full, person('someone@example.com'), { date: '2026-11-27' }),
        400,
        `Waitlist Night ${serial} does not run on 2026-11-27: please choose one of its days.`,
      )
      expectError(
        await join(full, person('someone@example.com'), { timeSlot: '1am - 2am' }),
        400,
        `Please choose a time slot: ${SLOT}.`,
      )
      expectError(
        await join(full, person('someone@example.com'), { timeSlot: null }),
        400,
        `Please choose a time slot: ${SLOT}.`,
      )
      expectError(
        await join(full, person('someone@example.com'), { date: '2026-11-23' }),
        400,
        /does not run on 2026-11-23|That day has passed/,
      )
      expectError(
        await join('no-such-event', person('someone@example.com')),
        404,
        'This event does not exist.',
      )

      // An event without slots: the slot is null.
      const noSlots = await newEvent({ capacity: 1, slots: [] })
      await api.db.insert(bookings).values({
        ...person('filler@example.com'),
        type: 'event',
        eventId: noSlots,
        venue: VENUE,
        date: DAY,
        paidWith: 'free',
      })
      expectError(
        await join(noSlots, person('someone@example.com')),
        400,
        `Waitlist Night ${serial} has no time slots: leave the time slot out (null).`,
      )
      const slotless = await join(noSlots, person('someone@example.com'), { timeSlot: null })
      expect(slotless.statusCode, slotless.body).toBe(201)
      expect(slotless.json().timeSlot).toBeNull()

      // Members only: a guest is refused as booking refuses them; an active member may wait.
      const members = await newEvent({ capacity: 1, membersOnly: true })
      await api.db.insert(bookings).values({
        ...person('filler@example.com'),
        type: 'event',
        eventId: members,
        venue: VENUE,
        date: DAY,
        timeSlot: SLOT,
        paidWith: 'free',
      })
      expectError(
        await join(members, person('guest@example.com')),
        403,
        'This event is for active members only.',
      )
      const ada = await signIn(api, 'ada@example.com')
      const member = await join(members, person('ada@example.com', 'Ada Okafor'), { token: ada })
      expect(member.statusCode, member.body).toBe(201)
    })

    it('offers a place freed by a cancellation to the first in line, who books it with their e-mail', async () => {
      const id = await newEvent({ capacity: 2 })
      const [kemi] = await bookers(id, 2)
      if (!kemi) throw new Error('no booker')
      const chidi = await joined(id, person('chidi@example.com', 'Chidi Eze'))
      const dayo = await joined(id, person('dayo@example.com'))

      const cancelled = await cancel(kemi.bookingId, kemi.token)
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      const offered = await entryOf(chidi.token)
      expect(offered).toMatchObject({
        status: 'offered',
        position: null,
        offerExpiresAt: addHours(clock, 12).toISOString(),
      })
      expect((await entryOf(dayo.token)).position).toBe(1)
      const [mail] = (await mailTo(api.db, 'chidi@example.com')).slice(-1)
      expect(mail?.subject).toBe(
        `A place is yours: Waitlist Night ${serial}, Thursday, November 26, 2026, 7pm - 10pm`,
      )
      expect(mail?.text).toContain(
        `A place at Waitlist Night ${serial}, Thursday, November 26, 2026, 7pm - 10pm is yours until 11pm on Tuesday, November 24, 2026. After that it goes to the next person waiting.`,
      )
      // The link ends its line: no full stop for a mail app to take into the address.
      expect(mail?.text.split('\n')).toContain(`Book it here: ${SITE}/waitlist/${chidi.token}`)

      // The place is held for Chidi: the day still shows full, and nobody else can book it.
      expect(await rsvpOpen(id)).toBe(false)
      expectError(await rsvp(api, ticket(id, 'walk-in@example.com')), 409, 'Sold out')
      expect(await taken(id)).toBe(2)

      // Chidi books it as anyone books, with his e-mail: his hold becomes his booking.
      const booked = await rsvp(api, ticket(id, 'chidi@example.com'))
      expect(booked.statusCode, booked.body).toBe(201)
      expect(booked.json().data.Status).toBe('confirmed')
      expect(await entryOf(chidi.token)).toMatchObject({ status: 'booked', position: null })
      expect(await taken(id)).toBe(2)
      expect((await standing(id)).map((row) => row.paidWith).sort()).toEqual(['free', 'free'])
      expectError(await leave(chidi.token), 409, BOOKED_THROUGH_OFFER)
      expectError(await rsvp(api, ticket(id, 'walk-in@example.com')), 409, 'Sold out')
    })

    it('offers a paid place: the person pays by card at their price, the payment confirms it', async () => {
      const id = await newEvent({ capacity: 1, priceNaira: 5_000 })
      await api.db
        .insert(accounts)
        .values({ email: 'paid-booker@example.com', firstName: 'P', lastName: 'B' })
      const bookerToken = await signIn(api, 'paid-booker@example.com')
      const [row] = await api.db
        .insert(bookings)
        .values({
          ...person('paid-booker@example.com'),
          type: 'event',
          eventId: id,
          venue: VENUE,
          date: DAY,
          timeSlot: SLOT,
          paidWith: 'free',
        })
        .returning()
      const efe = await joined(id, person('efe@example.com', 'Efe Okon'))
      const funmi = await joined(id, person('funmi@example.com'))
      expect((await cancel(row?.id ?? '', bookerToken)).statusCode).toBe(200)
      const offer = await entryOf(efe.token)
      expect(offer.status).toBe('offered')

      // Someone else starting a card payment finds no place.
      expectError(await payByCard(id, 'other@example.com', 5_000), 409, 'Sold out')
      // Efe starts paying: the card's hold keeps the place until the offer ends, not 15 minutes.
      const started = await payByCard(id, 'efe@example.com', 5_000)
      expect(started.statusCode, started.body).toBe(201)
      const [held] = (await standing(id)).filter((b) => b.email === 'efe@example.com')
      expect(held).toMatchObject({ status: 'held', paidWith: 'sandbox', amountMinor: 500_000 })
      expect(held?.holdExpiresAt?.toISOString()).toBe(offer.offerExpiresAt)
      expect((await entryOf(efe.token)).status).toBe('offered')
      // Past the card's own 15 minutes the place is still Efe's.
      tick(30 * 60_000)
      expectError(await payByCard(id, 'other2@example.com', 5_000), 409, 'Sold out')
      expect((await entryOf(efe.token)).status).toBe('offered')

      // Efe pays (a second payment for the same place, after abandoning the first page).
      await payByCard(id, 'efe@example.com', 5_000, 'pay')
      const mine = (await standing(id)).filter((b) => b.email === 'efe@example.com')
      expect(mine.map((b) => [b.status, b.amountMinor])).toEqual([['confirmed', 500_000]])
      expect(await entryOf(efe.token)).toMatchObject({ status: 'booked' })
      expect((await entryOf(funmi.token)).status).toBe('waiting')
      expect(await taken(id)).toBe(1)
    })

    it('keeps an offered place for its person when their card is declined within the offer', async () => {
      const id = await newEvent({ capacity: 1, priceNaira: 2_000 })
      const [booker] = await bookersOfPaid(id)
      const gbenga = await joined(id, person('gbenga@example.com'))
      expect((await cancel(booker.bookingId, booker.token)).statusCode).toBe(200)
      expect((await entryOf(gbenga.token)).status).toBe('offered')
      await payByCard(id, 'gbenga@example.com', 2_000, 'decline')
      // The place went back to being held for Gbenga, not to whoever books first.
      expect((await entryOf(gbenga.token)).status).toBe('offered')
      expectError(await payByCard(id, 'walk-in@example.com', 2_000), 409, 'Sold out')
      expect(await taken(id)).toBe(1)
      await payByCard(id, 'gbenga@example.com', 2_000, 'pay')
      expect((await entryOf(gbenga.token)).status).toBe('booked')
      expect(await taken(id)).toBe(1)
    })

    /** A paid event's one place taken by a signed-in person (written as staff would). */
    async function bookersOfPaid(eventId: string) {
      const email = `paid-${eventId}@example.com`
      await api.db.insert(accounts).values({ email, firstName: 'Paid', lastName: 'Booker' })
      const token = await signIn(api, email)
      const [row] = await api.db
        .insert(bookings)
        .values({
          ...person(email),
          type: 'event',
          eventId,
          venue: VENUE,
          date: DAY,
          timeSlot: SLOT,
          paidWith: 'free',
        })
        .returning()
      return [{ email, token, bookingId: row?.id ?? '' }] as const
    }

    it('passes an offer not taken in time to the next in line', async () => {
      const id = await newEvent({ capacity: 1, offerHours: 1 })
      const [booker] = await bookers(id, 1)
      if (!booker) throw new Error('no booker')
      const first = await joined(id, person('ife@example.com'))
      const second = await joined(id, person('jide@example.com'))
      const third = await joined(id, person('kunle@example.com'))
      expect((await cancel(booker.bookingId, booker.token)).statusCode).toBe(200)
      const offer = await entryOf(first.token)
      expect(offer.status).toBe('offered')

      // An hour on, reading the entry passes its offer on: the next person is offered the place.
      clock = addMinutes(new Date(offer.offerExpiresAt ?? ''), 1)
      expect(await entryOf(first.token)).toMatchObject({ status: 'expired', offerExpiresAt: null })
      // Ife hears that her offer ended, once.
      expect(
        (await subjects('ife@example.com')).filter((subject) => subject.includes('has ended')),
      ).toEqual([
        `Your offer for Waitlist Night ${serial}, Thursday, November 26, 2026, 7pm - 10pm has ended`,
      ])
      const next = await entryOf(second.token)
      expect(next.status).toBe('offered')
      expect(await subjects('jide@example.com')).toContain(
        `A place is yours: Waitlist Night ${serial}, Thursday, November 26, 2026, 7pm - 10pm`,
      )
      expect((await entryOf(third.token)).position).toBe(1)
      expectError(await rsvp(api, ticket(id, 'ife@example.com')), 409, 'Sold out')

      // Another hour on, the sweeper passes it on without anyone reading.
      clock = addMinutes(new Date(next.offerExpiresAt ?? ''), 1)
      await api.app.waitlist.sweep()
      expect(await statuses([first.token, second.token, third.token])).toEqual([
        'expired',
        'expired',
        'offered',
      ])
      expect(await subjects('kunle@example.com')).toHaveLength(2)

      // The last offer over, nobody is waiting: the place is anyone's again.
      clock = addHours(clock, 2)
      await api.app.waitlist.sweep()
      expect((await entryOf(third.token)).status).toBe('expired')
      expect(await taken(id)).toBe(0)
      expect(await rsvpOpen(id)).toBe(true)
    })

    it('lets people leave: those behind move up, and a place offered goes to the next', async () => {
      const id = await newEvent({ capacity: 1 })
      const [booker] = await bookers(id, 1)
      if (!booker) throw new Error('no booker')
      const a = await joined(id, person('leave-a@example.com'))
      const b = await joined(id, person('leave-b@example.com'))
      const c = await joined(id, person('leave-c@example.com'))
      const d = await joined(id, person('leave-d@example.com'))

      const left = await leave(b.token)
      expect(left.statusCode, left.body).toBe(200)
      expect(left.json()).toMatchObject({ status: 'left', position: null })
      expect((await entryOf(c.token)).position).toBe(2)
      expect((await entryOf(d.token)).position).toBe(3)
      // Leaving twice answers the entry as it is.
      expect((await leave(b.token)).json()).toMatchObject({ status: 'left' })

      expect((await cancel(booker.bookingId, booker.token)).statusCode).toBe(200)
      expect((await entryOf(a.token)).status).toBe('offered')
      const gaveUp = await leave(a.token)
      expect(gaveUp.statusCode, gaveUp.body).toBe(200)
      expect(gaveUp.json()).toMatchObject({ status: 'left', offerExpiresAt: null })
      // B left before: C is next.
      expect(await statuses([a.token, b.token, c.token, d.token])).toEqual([
        'left',
        'left',
        'offered',
        'waiting',
      ])
      expect((await entryOf(d.token)).position).toBe(1)
      expect(await taken(id)).toBe(1)
      const holds = (await standing(id)).map((row) => [row.email, row.paidWith, row.status])
      expect(holds).toEqual([['leave-c@example.com', 'waitlist', 'held']])
      expectError(await leave('f'.repeat(32)), 404, NO_SUCH_ENTRY)
    })

    it('makes exactly 10 offers, to the first 10 in line, for 10 cancellations at once', async () => {
      const id = await newEvent({ capacity: 10 })
      const booked = await bookers(id, 10)
      const line: WaitlistEntry[] = []
      for (let i = 0; i < 30; i++) line.push(await joined(id, person(`line-${i}@example.com`)))
      const answers = await Promise.all(booked.map((b) => cancel(b.bookingId, b.token)))
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200))

      const now = await Promise.all(line.map((entry) => entryOf(entry.token)))
      expect(now.map((entry) => entry.status)).toEqual([
        ...Array(10).fill('offered'),
        ...Array(20).fill('waiting'),
      ])
      expect(now.slice(10).map((entry) => entry.position)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      )
      expect(await taken(id)).toBe(10)
      const holds = (await standing(id)).filter((row) => row.paidWith === 'waitlist')
      expect(holds).toHaveLength(10)
      const offerMails = await Promise.all(
        line.map(async (_, i) =>
          (await subjects(`line-${i}@example.com`)).filter((s) => s.startsWith('A place is yours')),
        ),
      )
      expect(offerMails.map((mails) => mails.length)).toEqual([
        ...Array(10).fill(1),
        ...Array(20).fill(0),
      ])
      console.log(`10 cancellations at once, 30 waiting (${kind}): 10 offers to the first 10`)
    })

    it('gives one offered place to one booking of 50 at once, never over capacity', async () => {
      const id = await newEvent({ capacity: 1 })
      const [booker] = await bookers(id, 1)
      if (!booker) throw new Error('no booker')
      const lucky = await joined(id, person('lucky@example.com'))
      await joined(id, person('patient@example.com'))
      expect((await cancel(booker.bookingId, booker.token)).statusCode).toBe(200)
      expect((await entryOf(lucky.token)).status).toBe('offered')

      // The offered person taps five times; 45 others try their luck.
      const emails = [
        ...Array(5).fill('lucky@example.com'),
        ...Array.from({ length: 45 }, (_, i) => `rush-${i}@example.com`),
      ]
      const answers: LightMyRequestResponse[] = await Promise.all(
        emails.map((email, i) =>
          rsvp(api, ticket(id, email), { address: `203.0.113.${(i % 250) + 1}` }),
        ),
      )
      const created = answers.filter((r) => r.statusCode === 201)
      expect(created).toHaveLength(1)
      expect(created[0]?.json().data.Status).toBe('confirmed')
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49)
      const rows = await standing(id)
      expect(rows.map((row) => [row.email, row.status])).toEqual([
        ['lucky@example.com', 'confirmed'],
      ])
      expect(await taken(id)).toBe(1)
      expect((await entryOf(lucky.token)).status).toBe('booked')
      // The counter rows never say more than the capacity (the check of migration 0006's counts).
      const { rows: over } = await api.db.execute<{ taken: number }>(
        sql`SELECT taken FROM booking_places WHERE thing = ${id} AND taken > 1`,
      )
      expect(over).toEqual([])
      console.log(
        `50 at once for one offered place (${kind}): ${created.length} booked, ${answers.length - created.length} refused`,
      )
    })
  })
})
