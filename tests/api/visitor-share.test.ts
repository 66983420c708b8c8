import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unprovenShare, VISITOR_SHARE } from '../../server/bookings/places.ts'
import { readConfig } from '../../server/config.ts'
import { bookingPlaces, bookingRequests, bookings, events } from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { bookingsOf, DAYS, mailTo, poetry, requestCodeIn, rsvp } from '../support/bookings.ts'

// Decision 040: free places cannot be emptied by a script. A visitor's free ticket (no login) is
// booked at once while visitors' unproven tickets hold under a third of the day's places; beyond
// that it is asked for, and taken when the link e-mailed to its address is opened. A script's
// made-up addresses never open theirs; a real guest does, and a member is never asked.

const POETRY = 'poetry-and-palm-wine'
const CAPACITY = 40
const SCRIPTED = 1000
const ADDRESSES = 250
const AT_ONCE = 24

/** What a script sends: generated names and e-mails, four from each of 250 client addresses. */
function scripted(i: number) {
  const word = (i * 7919).toString(36)
  return {
    body: poetry({
      Email: `${word}.${i}@${['mailbox', 'inbox', 'post'][i % 3]}-${i % 17}.example`,
      Name: `Guest ${word}`,
      Phone: `0803${String(1_000_000 + i).slice(1)}`,
    }),
    address: `10.20.${Math.floor((i % ADDRESSES) / 100)}.${((i % ADDRESSES) % 100) + 1}`,
  }
}

/** The place counter of Thursday's Poetry & Palm Wine. */
async function counter(api: TestApi) {
  const [row] = await api.db
    .select({ taken: bookingPlaces.taken, unproven: bookingPlaces.unproven })
    .from(bookingPlaces)
    .where(and(eq(bookingPlaces.thing, POETRY), eq(bookingPlaces.date, DAYS.poetry)))
  return row ?? { taken: 0, unproven: 0 }
}

/** The link in the newest e-mail to `email` asking them to open it; its code. */
async function requestCode(api: TestApi, email: string): Promise<string> {
  const mail = (await mailTo(api.db, email)).at(-1)
  const code = requestCodeIn(mail?.text)
  if (!code) throw new Error(`No request link in the mail to ${email}: ${mail?.text}`)
  return code
}

const openLink = (api: TestApi, code: string, address = '198.51.100.77') =>
  api.app.inject({
    method: 'POST',
    url: `/api/bookings/requests/${code}`,
    remoteAddress: address,
  })

const CHIAMAKA = {
  Email: 'chiamaka.okonkwo-adeyemi@lagoscreatives.com.ng',
  Name: 'Chiamaka Okonkwo-Adeyemi',
  Phone: '+234 803 555 0142',
}
const OLUWASEUN = {
  Email: 'oluwaseun.babatunde-olatunji@yahoo.co.uk',
  Name: 'Oluwaseun Babatunde-Olatunji',
  Phone: '0802 555 0107',
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('free places kept for people (decision 040)', () => {
    let api: TestApi
    const share = unprovenShare(CAPACITY, VISITOR_SHARE)

    beforeAll(async () => {
      // The real limits and the real share: nothing lifted.
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    it('books a guest who comes first in one tap, as the spec describes', async () => {
      const response = await rsvp(api, poetry(OLUWASEUN), { address: '102.89.1.10' })
      expect(response.statusCode).toBe(201)
      expect(response.json().data).toMatchObject({
        Status: 'confirmed',
        Event: 'Poetry & Palm Wine',
      })
      expect((await mailTo(api.db, OLUWASEUN.Email.toLowerCase())).at(-1)?.subject).toMatch(
        /^You're booked: Poetry & Palm Wine/,
      )
    })

    it(`leaves most places after ${SCRIPTED} scripted RSVPs from ${ADDRESSES} addresses`, async () => {
      const statuses: number[] = []
      for (let next = 0; next < SCRIPTED; next += AT_ONCE) {
        const wave = Array.from({ length: Math.min(AT_ONCE, SCRIPTED - next) }, (_, k) =>
          scripted(next + k),
        )
        const answers = await Promise.all(
          wave.map(({ body, address }) => rsvp(api, body, { address })),
        )
        statuses.push(...answers.map((answer) => answer.statusCode))
      }
      const count = (status: number) => statuses.filter((s) => s === status).length
      // Only the visitors' share was booked (Oluwaseun holds one of it); the rest were asked for.
      expect(count(201)).toBe(share - 1)
      expect(count(202)).toBe(SCRIPTED - (share - 1))
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      const places = await counter(api)
      expect(places).toEqual({ taken: share, unproven: share })
      expect(CAPACITY - places.taken).toBeGreaterThan(CAPACITY / 2)
      // The calendar still offers the event: its places are there for people.
      const event = await api.app.inject({ url: `/api/events/${POETRY}` })
      expect(event.json().data.RSVP).toBe(true)
      // A thousand real requests: seconds on an idle machine; the limit only bounds a hang.
    }, 120_000)

    it('asks a real guest to open the e-mailed link, and the link books her ticket', async () => {
      const asked = await rsvp(api, poetry(CHIAMAKA), { address: '102.89.1.10' })
      expect(asked.statusCode).toBe(202)
      const email = CHIAMAKA.Email
      expect(asked.json()).toEqual({
        status: 'pending',
        message: `Almost there: open the link we sent to ${email} to take your place.`,
        data: {
          Event: 'Poetry & Palm Wine',
          EventId: POETRY,
          Date: DAYS.poetry,
          'Time Slot': '4pm - 8pm',
          Email: email,
          Status: 'requested',
        },
      })
      expect(await bookingsOf(api.db, email)).toEqual([])
      const mail = (await mailTo(api.db, email)).at(-1)
      expect(mail?.subject).toBe(
        'Open to take your place: Poetry & Palm Wine, Thursday, November 26, 2026, 4pm - 8pm',
      )

      const code = await requestCode(api, email)
      const taken = await openLink(api, code)
      expect(taken.statusCode).toBe(201)
      const ticket = taken.json().data
      expect(ticket).toMatchObject({ Status: 'confirmed', Event: 'Poetry & Palm Wine' })
      expect(ticket.Ticket).toMatch(/\S/)
      // Proven by her e-mail: her place is not in the visitors' share.
      expect(await counter(api)).toEqual({ taken: share + 1, unproven: share })
      expect((await mailTo(api.db, email)).at(-1)?.subject).toMatch(
        /^You're booked: Poetry & Palm Wine/,
      )
      // Opened again (a second tap, a reload): the same ticket, no second place.
      const again = await openLink(api, code)
      expect(again.statusCode).toBe(201)
      expect(again.json().data.id).toBe(ticket.id)
      expect(await bookingsOf(api.db, email)).toHaveLength(1)
      expect(await counter(api)).toEqual({ taken: share + 1, unproven: share })
    })

    it('books a signed-in member at once, whatever the visitors hold', async () => {
      const token = await signIn(api, 'ada@example.com')
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        payload: poetry({ Email: 'ada@example.com', Name: 'Ada Okafor' }),
        remoteAddress: '102.89.1.11',
        headers: bearer(token),
      })
      expect(response.statusCode).toBe(201)
      expect(await counter(api)).toEqual({ taken: share + 2, unproven: share })
    })

    it('gives a visitor cancelling back her share, so the next visitor books in one tap', async () => {
      const [booked] = await bookingsOf(api.db, OLUWASEUN.Email.toLowerCase())
      const cancelled = await api.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${booked?.manageCode}/cancel`,
        remoteAddress: '102.89.1.10',
      })
      expect(cancelled.statusCode).toBe(200)
      expect(await counter(api)).toEqual({ taken: share + 1, unproven: share - 1 })
      const next = await rsvp(
        api,
        poetry({
          Email: 'ifeoma.nwachukwu@gmail.com',
          Name: 'Ifeoma Nwachukwu',
          Phone: '0809 555 0110',
        }),
        { address: '102.89.1.10' },
      )
      expect(next.statusCode).toBe(201)
    })

    it('says so when the places went before the link was opened, and takes none', async () => {
      const email = 'babajide.adeyemi-oyelaran@hotmail.com'
      const asked = await rsvp(
        api,
        poetry({ Email: email, Name: 'Babajide Adeyemi-Oyelaran', Phone: '0805 555 0190' }),
        { address: '102.89.1.12' },
      )
      expect(asked.statusCode).toBe(202)
      const code = await requestCode(api, email)
      const { taken } = await counter(api)
      await api.db.update(events).set({ capacity: taken }).where(eq(events.id, POETRY))
      try {
        expectError(
          await openLink(api, code),
          409,
          "The last places went before you opened the link. Join the waitlist from the event's page: we'll e-mail you if one frees up.",
        )
        expect(await bookingsOf(api.db, email)).toEqual([])
        const [request] = await api.db
          .select()
          .from(bookingRequests)
          .where(eq(bookingRequests.code, code))
        expect(request?.bookingId).toBeNull()
      } finally {
        await api.db.update(events).set({ capacity: CAPACITY }).where(eq(events.id, POETRY))
      }
    })

    it('answers a link that is no request with a 404, and books nothing', async () => {
      const before = await api.db.select({ id: bookings.id }).from(bookings)
      expectError(
        await openLink(api, '0123456789abcdef0123456789abcdef'),
        404,
        "We can't find this link. Please open it again from the e-mail, or book from the event's page.",
      )
      expect(await api.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length)
    })
  })
})

describe('VISITOR_SHARE', () => {
  it('is a third unless set; a share outside (0, 1] stops the start, quoting it', () => {
    expect(readConfig({}).visitorShare).toBe(VISITOR_SHARE)
    expect(readConfig({ VISITOR_SHARE: '0.5' }).visitorShare).toBe(0.5)
    expect(readConfig({ VISITOR_SHARE: '1' }).problems).toEqual([])
    expect(readConfig({ VISITOR_SHARE: 'half' }).problems).toEqual([
      'VISITOR_SHARE must be a share of the places above 0 and at most 1 (e.g. 0.33), not "half".',
    ])
    expect(readConfig({ VISITOR_SHARE: '0' }).problems).toHaveLength(1)
  })

  it('leaves a tiny event one place for a visitor, and a third of a large one', () => {
    expect(unprovenShare(2, VISITOR_SHARE)).toBe(1)
    expect(unprovenShare(40, VISITOR_SHARE)).toBe(13)
    expect(unprovenShare(40, 1)).toBe(40)
  })
})
