import type { PGlite } from '@electric-sql/pglite'
import { and, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import { type Db, databaseKind } from '../../server/db/client.ts'
import { auditLog, bookings, type NewBooking, wallets } from '../../server/db/schema.ts'
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
  DAYS,
  debitWallet,
  jazzGuestRow,
  poetry,
  rsvp,
  spot,
  UNLIMITED,
} from '../support/bookings.ts'

// The staff's tools (docs/decisions/028): tickets on every confirmed Booking, the door's check-in
// (once per ticket, however many scans come at once), the day's places booked and checked in,
// and the audit log of every check-in. Only staff may call them.

type CheckIn = components['schemas']['CheckIn']
type StaffSession = components['schemas']['StaffSession']

const STAFF_NAME = 'Oluwaseun Adebayo-Okonkwo'
/** The channel the public cache listens on (server/http/cache/changes.ts). */
const PUBLIC_CHANGES = 'public_data_changed'
const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: tickets, the day and check-in', () => {
    let api: TestApi
    let staff: string
    let ada: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      staff = await signIn(api, DEMO_STAFF)
      ada = await signIn(api, ADA.Email)
    })
    afterAll(() => api?.close())

    const checkIn = (code: string, token = staff) =>
      api.app.inject({
        method: 'POST',
        url: '/api/staff/check-ins',
        headers: bearer(token),
        payload: { code },
      })
    const answerOf = (response: LightMyRequestResponse): CheckIn => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const day = async (date?: string): Promise<StaffSession[]> => {
      const response = await api.app.inject({
        url: `/api/staff/today${date ? `?date=${date}` : ''}`,
        headers: bearer(staff),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().date).toBe(date ?? TODAY)
      return response.json().sessions
    }
    const insert = async (extra: Partial<NewBooking>) => {
      const [written] = await api.db.insert(bookings).values(jazzGuestRow(extra)).returning()
      if (!written) throw new Error('the booking was not written')
      return written
    }
    const auditOf = (subject: string) =>
      api.db.select().from(auditLog).where(eq(auditLog.subject, subject))

    describe('tickets', () => {
      it('every confirmed Booking answer carries its ticket: random, not its id, one per booking', async () => {
        const first = await rsvp(api, poetry({ Email: 'ticket.one@example.com' }))
        const second = await rsvp(api, poetry({ Email: 'ticket.two@example.com' }))
        expect(first.statusCode).toBe(201)
        const one = first.json().data
        const two = second.json().data
        expect(one.Ticket).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
        expect(two.Ticket).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
        expect(one.Ticket).not.toBe(two.Ticket)
        expect(one.Ticket).not.toBe(one.id.replaceAll('-', ''))
        // As stored, and in the 409 that answers the same person booking again.
        const [stored] = await api.db.select().from(bookings).where(eq(bookings.id, one.id))
        expect(stored?.ticketCode).toBe(one.Ticket)
        const again = await rsvp(api, poetry({ Email: 'ticket.one@example.com' }))
        expect(again.statusCode).toBe(409)
        expect(again.json().data.Ticket).toBe(one.Ticket)
      })

      it('a held booking has no ticket yet; its list shows null beside the confirmed ones', async () => {
        await insert({
          accountId: await accountIdOf(api, ADA.Email),
          email: ADA.Email,
          name: ADA.Name,
          phone: ADA.Phone,
          eventId: 'poetry-and-palm-wine',
          venue: 'Courtyard',
          date: DAYS.poetry,
          paidWith: 'sandbox',
          status: 'held',
          holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
        })
        const listed = await api.app.inject({
          url: `/api/bookings/${ADA.Email}`,
          headers: bearer(ada),
        })
        const rows = listed.json().bookings as components['schemas']['Booking'][]
        expect(rows.map((b) => [b.Event, b.Status, b.Ticket === null])).toEqual([
          ['Rooftop Jazz', 'confirmed', false],
          ['Poetry & Palm Wine', 'held', true],
        ])
      })
    })

    describe('only staff', () => {
      it("answers a member's token 403 on every staff operation, and no token 401", async () => {
        const calls = [
          { method: 'GET' as const, url: '/api/staff/today' },
          { method: 'POST' as const, url: '/api/staff/check-ins', payload: { code: 'x' } },
          { method: 'GET' as const, url: '/api/staff/audit' },
        ]
        for (const call of calls) {
          expectError(
            await api.app.inject({ ...call, headers: bearer(ada) }),
            403,
            "This is for the hotel's staff.",
          )
          expectError(await api.app.inject(call), 401, 'Please log in.')
        }
      })

      it('says so on the profile', async () => {
        const profile = (token: string) =>
          api.app.inject({ url: '/api/accounts/profile', headers: bearer(token) })
        expect((await profile(staff)).json().account).toMatchObject({
          Name: STAFF_NAME,
          staff: true,
          subscriptionStatus: null,
        })
        expect((await profile(ada)).json().account.staff).toBe(false)
      })
    })

    describe('check-in at the door', () => {
      it('20 scans of one ticket at once admit it once; the 19 others say when and by whom', async () => {
        const booking = await insert({ email: 'crowd@example.com', name: 'Tolu Crowd' })
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => checkIn(booking.ticketCode).then(answerOf)),
        )
        const admitted = answers.filter((a) => a.result === 'admitted')
        const already = answers.filter((a) => a.result === 'already')
        expect([admitted.length, already.length]).toEqual([1, 19])
        for (const answer of [...admitted, ...already]) {
          expect(answer).toEqual({
            result: answer.result,
            ticket: {
              name: 'Tolu Crowd',
              what: 'Rooftop Jazz',
              type: 'event',
              date: TODAY,
              timeSlot: '4pm - 8pm',
              venue: 'Rooftop Terrace',
              visitors: 0,
              namesOfVisitors: null,
            },
            checkedInAt: NOW.toISOString(),
            checkedInBy: STAFF_NAME,
            cancelledAt: null,
            refundedAt: null,
            refundedBy: null,
            endedAt: null,
            placesIn: 1,
            placesAdmitted: answer.result === 'admitted' ? 1 : 0,
          })
        }
        // One update, one audit entry.
        const entries = await auditOf(booking.id)
        expect(entries).toEqual([
          expect.objectContaining({
            action: 'check-in',
            actor: `${STAFF_NAME} <${DEMO_STAFF}>`,
            before: { checkedInAt: null, checkedInPlaces: 0 },
            after: {
              checkedInAt: NOW.toISOString(),
              checkedInBy: entries[0]?.actorAccountId,
              checkedInPlaces: 1,
            },
          }),
        ])
        const [stored] = await api.db.select().from(bookings).where(eq(bookings.id, booking.id))
        expect(stored?.checkedInAt).toEqual(NOW)
        expect(stored?.checkedInBy).toBe(entries[0]?.actorAccountId)
      })

      it("matches a code whatever its case and spacing, and an older ticket's 32 hex digits", async () => {
        const booking = await insert({ email: 'typed@example.com' })
        const typed = formatTicketCode(booking.ticketCode).toLowerCase().replaceAll('-', ' ')
        expect(answerOf(await checkIn(typed)).result).toBe('admitted')
        const old = await insert({ email: 'older@example.com', ticketCode: 'ab'.repeat(16) })
        expect(answerOf(await checkIn(`ABAB ABAB ${'ab'.repeat(12)}`)).result).toBe('admitted')
        const [stored] = await api.db.select().from(bookings).where(eq(bookings.id, old.id))
        expect(stored?.checkedInAt).toEqual(NOW)
        // Out of the day the tests below count.
        await api.db.delete(bookings).where(inArray(bookings.id, [booking.id, old.id]))
      })

      it('trims the code; refuses a blank one (400) with a sentence', async () => {
        const booking = await insert({ email: 'spaces@example.com' })
        expect(answerOf(await checkIn(`  ${booking.ticketCode}\n`)).result).toBe('admitted')
        expectError(
          await checkIn('   '),
          400,
          'The ticket code is empty: scan the QR code again, or type the code.',
        )
        expectError(await checkIn(''), 400, /code/)
      })

      it('a ticket of another day is elsewhere, and stays not checked in', async () => {
        const booked = await rsvp(api, poetry({ Email: 'thursday@example.com', Name: 'Ngozi Eze' }))
        const { id, Ticket } = booked.json().data
        expect(answerOf(await checkIn(Ticket))).toEqual({
          result: 'elsewhere',
          ticket: expect.objectContaining({
            name: 'Ngozi Eze',
            what: 'Poetry & Palm Wine',
            date: DAYS.poetry,
          }),
          checkedInAt: null,
          checkedInBy: null,
          cancelledAt: null,
          refundedAt: null,
          refundedBy: null,
          endedAt: null,
          placesIn: 0,
          placesAdmitted: 0,
        })
        const [stored] = await api.db.select().from(bookings).where(eq(bookings.id, id))
        expect(stored?.checkedInAt).toBeNull()
        expect(await auditOf(id)).toEqual([])
      })

      it('a made-up code and a held booking are unknown; a cancelled one says when', async () => {
        const unknown = {
          result: 'unknown',
          ticket: null,
          checkedInAt: null,
          checkedInBy: null,
          cancelledAt: null,
          refundedAt: null,
          refundedBy: null,
          endedAt: null,
          placesIn: 0,
          placesAdmitted: 0,
        }
        expect(answerOf(await checkIn('f'.repeat(32)))).toEqual(unknown)
        const held = await insert({
          email: 'held@example.com',
          paidWith: 'sandbox',
          status: 'held',
          holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
        })
        const cancelled = await insert({
          email: 'gone@example.com',
          status: 'cancelled',
          cancelledAt: new Date('2026-11-23T17:30:00Z'),
        })
        expect(answerOf(await checkIn(held.ticketCode))).toEqual(unknown)
        expect(answerOf(await checkIn(cancelled.ticketCode))).toMatchObject({
          result: 'cancelled',
          ticket: expect.objectContaining({ name: expect.any(String) }),
          cancelledAt: '2026-11-23T17:30:00.000Z',
          checkedInAt: null,
        })
        // Not shaped like any ticket code: no booking has it.
        expect(answerOf(await checkIn('not-a-ticket'))).toEqual(unknown)
        // The booking's id is no ticket.
        expect(answerOf(await checkIn(held.id))).toEqual(unknown)
        expect(await auditOf(held.id)).toEqual([])
      })

      it('tells the public cache nothing (no public answer changes), as a cancellation still does', async () => {
        const booking = await insert({ email: 'quiet@example.com' })
        expect(await noticesDuring(api.db, () => checkIn(booking.ticketCode))).toBe(0)
        const cancel = () =>
          api.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id))
        expect(await noticesDuring(api.db, cancel)).toBeGreaterThan(0)
      })

      it('lists every check-in in the audit log, newest first, in words: the guest, the ticket, who let them in', async () => {
        const guest = await insert({
          email: 'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng',
          name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
        })
        answerOf(await checkIn(guest.ticketCode))
        const response = await api.app.inject({ url: '/api/staff/audit', headers: bearer(staff) })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        const entries = response.json().entries as components['schemas']['AuditEntry'][]
        const checkIns = await api.db.select().from(auditLog).where(eq(auditLog.action, 'check-in'))
        expect(entries.filter((e) => e.action === 'check-in')).toHaveLength(checkIns.length)
        expect(entries.find((e) => e.subject === guest.id)).toEqual({
          id: expect.any(String),
          at: NOW.toISOString(),
          actor: { name: STAFF_NAME, email: DEMO_STAFF },
          action: 'check-in',
          subject: guest.id,
          record: {
            name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
            detail: 'Ticket for Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm',
          },
          changes: [
            { field: 'Checked in', before: 'Not yet', after: 'Nov 24, 2026, 11am' },
            { field: 'People in', before: '0', after: '1' },
            { field: 'Checked in by', before: null, after: STAFF_NAME },
          ],
        })
        const times = entries.map((e) => e.at)
        expect(times).toEqual(times.toSorted().reverse())
      })
    })

    describe("the day's sessions", () => {
      const session = (sessions: StaffSession[], title: string, venue: string | null = null) =>
        sessions.find((s) => s.title === title && (venue === null || s.venue === venue))

      it('counts places booked and checked in: a booking with two guests takes three', async () => {
        const library = (sessions: StaffSession[]) => session(sessions, 'Library', 'Library')
        const before = library(await day())
        expect(before).toEqual({
          kind: 'coworking',
          id: 'library',
          title: 'Library',
          venue: 'Library',
          timeSlot: '10am - 10pm',
          capacity: expect.any(Number),
          booked: 0,
          checkedIn: 0,
        })
        const [wallet] = await api.db
          .select()
          .from(wallets)
          .where(eq(wallets.accountId, (await accountIdOf(api, ADA.Email)) ?? ''))
        const debited = await debitWallet(
          api,
          wallet?.id ?? '',
          {
            debitAmount: 500_000,
            narration: 'Co-working',
            booking: spot({
              ...ADA,
              Date: TODAY,
              Visitors: 2,
              'Names of Visitors': 'Tolu Adebayo, Ngozi Obi',
              Amount: 500_000,
              'Paid with': 'wallet',
            }),
          },
          { token: ada },
        )
        expect(debited.statusCode, debited.body).toBe(201)
        const { Ticket } = debited.json().data.booking
        // A hold is no booking at the door.
        await insert({
          email: 'holding@example.com',
          type: 'spot',
          eventId: null,
          venue: 'Library',
          timeSlot: '10am - 10pm',
          paidWith: 'sandbox',
          status: 'held',
          holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
        })
        expect(library(await day())).toMatchObject({ booked: 3, checkedIn: 0 })

        const admitted = answerOf(await checkIn(Ticket))
        expect(admitted).toMatchObject({
          result: 'admitted',
          ticket: {
            name: 'Ada Okafor',
            what: 'Co-working',
            type: 'spot',
            venue: 'Library',
            visitors: 2,
            namesOfVisitors: 'Tolu Adebayo, Ngozi Obi',
          },
        })
        expect(library(await day())).toMatchObject({ booked: 3, checkedIn: 3 })
      })

      it("lists the day's events, spaces and studio sessions by time slot, then title", async () => {
        const sessions = await day()
        const jazz = session(sessions, 'Rooftop Jazz')
        // Ada's ticket and the walk-ins written above, of which three are checked in.
        const jazzRows = await api.db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.eventId, 'rooftop-jazz'),
              eq(bookings.date, TODAY),
              eq(bookings.status, 'confirmed'),
            ),
          )
        expect(jazz).toEqual({
          kind: 'event',
          id: 'rooftop-jazz',
          title: 'Rooftop Jazz',
          venue: 'Rooftop Terrace',
          timeSlot: '4pm - 8pm',
          capacity: expect.any(Number),
          booked: jazzRows.length,
          checkedIn: jazzRows.filter((r) => r.checkedInAt).length,
        })
        expect(jazz?.checkedIn).toBe(3)
        expect(sessions.filter((s) => s.kind === 'studio').map((s) => s.timeSlot)).toEqual([
          '10am - 2pm',
          '2pm - 6pm',
          '6pm - 10pm',
        ])
        const order = sessions.map((s) => `${s.timeSlot} ${s.title} ${s.venue}`)
        expect(order.slice(0, 2)).toEqual([
          '10am - 10pm 8th Floor 8th Floor',
          '10am - 10pm Courtyard Courtyard',
        ])
        expect(order.indexOf('10am - 2pm Print Studio Session Print Studio')).toBeLessThan(
          order.indexOf('2pm - 6pm Print Studio Session Print Studio'),
        )
        expect(order.indexOf('2pm - 6pm Print Studio Session Print Studio')).toBeLessThan(
          order.indexOf('4pm - 8pm Rooftop Jazz Rooftop Terrace'),
        )
      })

      it('takes another day, closed on Mondays but for what was booked; refuses a day that is none', async () => {
        const thursday = await day(DAYS.poetry)
        expect(session(thursday, 'Poetry & Palm Wine')?.booked).toBeGreaterThanOrEqual(3)
        const monday = await day(DAYS.monday)
        expect(monday.filter((s) => s.kind !== 'event')).toEqual([])
        const invalid = await api.app.inject({
          url: '/api/staff/today?date=2026-02-30',
          headers: bearer(staff),
        })
        expectError(invalid, 400, '2026-02-30 is not a day on the calendar.')
      })
    })
  })
})

/**
 * How many change notices the public cache hears (migrations 0002, 0006, 0007) while `write`
 * runs: on PostgreSQL a listening connection's round trip after it brings every notice of it.
 */
async function noticesDuring(db: Db, write: () => Promise<unknown>): Promise<number> {
  let heard = 0
  const client = (db as unknown as { $client: PGlite | Pool }).$client
  if ((await databaseKind(db)) === 'pglite') {
    const unlisten = await (client as PGlite).listen(PUBLIC_CHANGES, () => {
      heard += 1
    })
    await write()
    await unlisten()
    return heard
  }
  const listener = await (client as Pool).connect()
  try {
    listener.on('notification', () => {
      heard += 1
    })
    await listener.query(`LISTEN ${PUBLIC_CHANGES}`)
    await write()
    await listener.query('SELECT 1')
    await listener.query(`UNLISTEN ${PUBLIC_CHANGES}`)
    return heard
  } finally {
    listener.release()
  }
}

/** The id of the account with this e-mail. */
async function accountIdOf(api: TestApi, email: string): Promise<string | undefined> {
  const account = await api.db.query.accounts.findFirst({
    where: (accounts, { eq: equals }) => equals(accounts.email, email),
  })
  return account?.id
}
