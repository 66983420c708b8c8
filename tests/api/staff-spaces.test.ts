import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { bookings } from '../../server/db/schema.ts'
import { DEMO_STAFF, LONG_NAMED_MEMBER } from '../../server/db/seed.ts'
import { MEMBERS_ONLY_KEEPS_ITS_NAME } from '../../server/spaces/staff-spaces.ts'
import {
  bearer,
  dbCases,
  expectError,
  signIn,
  startApi,
  type TestApi,
  TODAY,
} from '../support/api-app.ts'
import { auditOf } from '../support/audit.ts'
import { DAYS, GUEST, rsvp, spot, UNLIMITED } from '../support/bookings.ts'

// Co-working spaces and print-studio items in the staff's tools (GET/POST /staff/spaces,
// GET/PUT /staff/spaces/{id}): added with an id made from the name, hidden and shown, given
// places and renamed, each write in the audit log, on the public lists at once. A name taken and
// a capacity below what is booked are refused; a rename takes the bookings of today and later
// with it, so their places still count, and leaves the days gone by as they were booked.

type StaffSpace = components['schemas']['StaffSpace']
type NewSpace = components['schemas']['NewSpace']
type SpaceDraft = components['schemas']['SpaceDraft']
type Space = components['schemas']['Space']

const STAFF_ACTOR = `Oluwaseun Adebayo-Okonkwo <${DEMO_STAFF}>`
const NO_SPACE = 'No space or studio item has this id.'
const taken = (name: string) =>
  `A space or studio item called "${name}" exists already: give it another name.`

/** The demo's spaces and studio item, as staff see them on the tests' clock. */
const DEMO = {
  garden: {
    id: 'garden-room',
    kind: 'coworking',
    name: 'The Garden Room',
    capacity: 20,
    bookable: true,
    booked: 0,
  },
  // Stored as 'Library. ': shown cleaned.
  library: {
    id: 'library',
    kind: 'coworking',
    name: 'Library',
    capacity: 12,
    bookable: true,
    booked: 0,
  },
  courtyard: {
    id: 'courtyard',
    kind: 'coworking',
    name: 'Courtyard',
    capacity: 30,
    bookable: true,
    booked: 0,
  },
  eighth: {
    id: '8th-floor',
    kind: 'coworking',
    name: '8th Floor',
    capacity: 10,
    bookable: true,
    booked: 0,
  },
  studio: {
    id: 'print-studio',
    kind: 'studio',
    name: 'Print Studio',
    capacity: 4,
    bookable: true,
    booked: 0,
  },
} satisfies Record<string, StaffSpace>

/** Active members, booking co-working free (a member and one guest cost nothing). */
const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }
const KEMI = { Email: 'kemi@example.com', Name: 'Kemi Adeyemi', Phone: '+234 807 555 0121' }
const ZAINAB = { Email: 'zainab@example.com', Name: 'Zainab Bello', Phone: GUEST.Phone }
const FEMI = { Email: 'femi@example.com', Name: 'Femi Ogunleye', Phone: GUEST.Phone }
const SEUN = { Email: LONG_NAMED_MEMBER, Name: 'Oluwaseun Adebayo-Williams', Phone: GUEST.Phone }

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('staff: spaces and studio items', () => {
    let api: TestApi
    let staff: string
    const members: Record<string, string> = {}

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      staff = await signIn(api, DEMO_STAFF)
      for (const person of [ADA, KEMI, ZAINAB, FEMI, SEUN]) {
        members[person.Email] = await signIn(api, person.Email)
      }
    })
    afterAll(() => api?.close())

    const tokenOf = (person: { Email: string }) => members[person.Email] ?? ''
    const list = async (): Promise<StaffSpace[]> => {
      const response = await api.app.inject({ url: '/api/staff/spaces', headers: bearer(staff) })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().spaces
    }
    const get = (id: string, token = staff) =>
      api.app.inject({ url: `/api/staff/spaces/${id}`, headers: bearer(token) })
    const create = (
      space: NewSpace,
      { token = staff, key }: { token?: string; key?: string } = {},
    ) =>
      api.app.inject({
        method: 'POST',
        url: '/api/staff/spaces',
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: space,
      })
    const update = (id: string, draft: SpaceDraft, token = staff) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/staff/spaces/${id}`,
        headers: bearer(token),
        payload: draft,
      })
    const answer = (response: LightMyRequestResponse, status = 200): StaffSpace => {
      expect(response.statusCode, response.body).toBe(status)
      return response.json()
    }
    /** What the booking pages are offered: GET /schedules or /schedules/print-studio. */
    const offered = async (path = '/api/schedules'): Promise<Space[]> =>
      (await api.app.inject({ url: path })).json().data
    /** A member booking co-working free, as the co-working panel sends it. */
    const bookSpot = (
      person: typeof ADA,
      Venue: string,
      day: string,
      guests: string[] = [],
    ): Promise<LightMyRequestResponse> =>
      rsvp(
        api,
        spot({
          ...person,
          Venue,
          Date: day,
          Amount: 0,
          Visitors: guests.length,
          'Names of Visitors': guests.length ? guests.join(', ') : null,
        }),
        { token: tokenOf(person) },
      )
    /** The entries of one action about one space (the tests' clock gives them one instant). */
    const auditedAs = async (subject: string, action: string) =>
      (await auditOf(api.db, subject)).filter((entry) => entry.action === action)

    it('lists every space, then every studio item, each in the order people see them', async () => {
      // Ada's Garden Room day of last week is past; Kemi's Risograph Workshop, at the Print
      // Studio, is an event's booking: neither counts.
      expect(await list()).toEqual([
        DEMO.garden,
        DEMO.library,
        DEMO.courtyard,
        DEMO.eighth,
        DEMO.studio,
      ])
    })

    it('answers one by id, and 404 for an id none has', async () => {
      expect(answer(await get('library'))).toEqual(DEMO.library)
      expectError(await get('ikoyi-lounge'), 404, NO_SPACE)
    })

    it('adds a space: 201, its id from its name, offered at once, audited', async () => {
      // Read (and cached) before, so the new space must refresh it.
      expect((await offered()).map((space) => space.id)).not.toContain('oyo-reading-room')
      const created = answer(
        await create({
          kind: 'coworking',
          name: '  Ọ̀yọ́ Reading Room. ',
          capacity: 8,
          bookable: true,
        }),
        201,
      )
      const oyo = {
        id: 'oyo-reading-room',
        kind: 'coworking',
        name: 'Ọ̀yọ́ Reading Room',
        capacity: 8,
        bookable: true,
        booked: 0,
      } as const
      expect(created).toEqual(oyo)
      // Last of the spaces, before the studio items.
      expect((await list()).map((space) => space.id)).toEqual([
        'garden-room',
        'library',
        'courtyard',
        '8th-floor',
        'oyo-reading-room',
        'print-studio',
      ])
      // The booking pages get it as it was typed (trimmed), and clean it themselves.
      expect((await offered()).find((space) => space.id === 'oyo-reading-room')).toEqual({
        id: 'oyo-reading-room',
        Name: 'Ọ̀yọ́ Reading Room.',
        Coworking: true,
      })
      expect(await auditOf(api.db, 'oyo-reading-room')).toEqual([
        {
          actor: STAFF_ACTOR,
          action: 'space create',
          before: null,
          after: { name: 'Ọ̀yọ́ Reading Room', capacity: 8, bookable: true },
        },
      ])
      // A member books it, and staff see the place taken.
      expect((await bookSpot(SEUN, 'Ọ̀yọ́ Reading Room', DAYS.brunch)).statusCode).toBe(201)
      expect(answer(await get('oyo-reading-room')).booked).toBe(1)
    })

    it('adds a studio item, hidden: last of the items, offered to nobody', async () => {
      const press = answer(
        await create({ kind: 'studio', name: 'Adire Screen Press', capacity: 2, bookable: false }),
        201,
      )
      expect(press).toEqual({
        id: 'adire-screen-press',
        kind: 'studio',
        name: 'Adire Screen Press',
        capacity: 2,
        bookable: false,
        booked: 0,
      })
      expect((await list()).slice(-2).map((space) => space.id)).toEqual([
        'print-studio',
        'adire-screen-press',
      ])
      expect(await offered('/api/schedules/print-studio')).toEqual([
        { id: 'print-studio', Name: 'Print Studio', Coworking: true },
        { id: 'adire-screen-press', Name: 'Adire Screen Press', Coworking: false },
      ])
      expect(await auditedAs('adire-screen-press', 'space create')).toHaveLength(1)
    })

    it('refuses a name another space or studio item has, whatever its kind: 409, nothing written', async () => {
      const before = await list()
      for (const [space, name] of [
        [
          { kind: 'coworking', name: 'the garden room.', capacity: 5, bookable: true },
          'the garden room',
        ],
        [{ kind: 'coworking', name: 'Garden Room', capacity: 5, bookable: true }, 'Garden Room'],
        [{ kind: 'studio', name: 'Courtyard', capacity: 5, bookable: true }, 'Courtyard'],
        [{ kind: 'coworking', name: 'PRINT STUDIO', capacity: 5, bookable: true }, 'PRINT STUDIO'],
      ] as const) {
        expectError(await create(space), 409, taken(name))
      }
      expect(await list()).toEqual(before)
      expect(await auditOf(api.db, 'the-garden-room')).toEqual([])
      // A rename to another's name, too.
      expectError(
        await update('courtyard', { name: '8th floor.', capacity: 30, bookable: true }),
        409,
        taken('8th floor'),
      )
      expect(answer(await get('courtyard'))).toEqual(DEMO.courtyard)
    })

    it('refuses a name that is blank or has no letters or digits: 400', async () => {
      const space = { kind: 'coworking', capacity: 5, bookable: true } as const
      expectError(
        await create({ ...space, name: '   ' }),
        400,
        'Write its name, as people will see it.',
      )
      for (const name of ['!!!', '.', ' - ']) {
        expectError(await create({ ...space, name }), 400, 'Give it a name with letters or digits.')
      }
      expectError(
        await update('courtyard', { name: ' ', capacity: 30, bookable: true }),
        400,
        'Write its name, as people will see it.',
      )
      expect((await create({ ...space, name: 'Zero Room', capacity: 0 })).statusCode).toBe(400)
      expect((await list()).map((s) => s.id)).not.toContain('zero-room')
    })

    it('adds once for one Idempotency-Key, however often the call is sent', async () => {
      const loft = { kind: 'coworking', name: 'Ikeja Loft', capacity: 6, bookable: true } as const
      const first = answer(await create(loft, { key: 'ikeja-loft-1' }), 201)
      expect(answer(await create(loft, { key: 'ikeja-loft-1' }), 201)).toEqual(first)
      expect(await auditedAs('ikeja-loft', 'space create')).toHaveLength(1)
      // Without the key, the same name again is a clash.
      expectError(await create(loft), 409, taken('Ikeja Loft'))
    })

    it('hides a space and shows it again: staff still list it, people are not offered it', async () => {
      // The form sends the name as shown ('Library', stored 'Library. '): no rename.
      const hidden = answer(
        await update('library', { name: 'Library', capacity: 12, bookable: false }),
      )
      expect(hidden).toEqual({ ...DEMO.library, bookable: false })
      expect((await offered()).find((space) => space.id === 'library')?.Coworking).toBe(false)
      expectError(
        await bookSpot(ADA, 'Library', DAYS.photoWalk),
        400,
        'There is no co-working space called "Library".',
      )
      expect(
        answer(await update('library', { name: 'Library', capacity: 12, bookable: true })),
      ).toEqual(DEMO.library)
      expect(await auditedAs('library', 'space update')).toEqual([
        {
          actor: STAFF_ACTOR,
          action: 'space update',
          before: { bookable: true },
          after: { bookable: false },
        },
        {
          actor: STAFF_ACTOR,
          action: 'space update',
          before: { bookable: false },
          after: { bookable: true },
        },
      ])
      // Sent again unchanged: nothing is written.
      answer(await update('library', { name: 'Library', capacity: 12, bookable: true }))
      expect(await auditedAs('library', 'space update')).toHaveLength(2)
    })

    it('refuses a capacity below the places booked on a coming day, naming the day', async () => {
      // Tuesday 1 December: Ada and a guest, and Kemi; today, Femi.
      expect(
        (await bookSpot(ADA, 'The Garden Room', DAYS.photoWalk, ['Chidi Okeke'])).statusCode,
      ).toBe(201)
      expect((await bookSpot(KEMI, 'The Garden Room', DAYS.photoWalk)).statusCode).toBe(201)
      expect((await bookSpot(FEMI, 'The Garden Room', TODAY)).statusCode).toBe(201)
      expect(answer(await get('garden-room')).booked).toBe(3)

      expectError(
        await update('garden-room', { name: 'The Garden Room', capacity: 2, bookable: true }),
        409,
        'The Garden Room has 3 places booked on Tuesday, December 1, 2026: the capacity cannot be less than 3.',
      )
      expect(answer(await get('garden-room'))).toEqual({ ...DEMO.garden, booked: 3 })
      expect(await auditedAs('garden-room', 'space update')).toEqual([])

      const lowered = answer(
        await update('garden-room', { name: 'The Garden Room', capacity: 3, bookable: true }),
      )
      expect(lowered).toEqual({ ...DEMO.garden, capacity: 3, booked: 3 })
      expectError(await bookSpot(ZAINAB, 'The Garden Room', DAYS.photoWalk), 409, 'Sold out')
    })

    it('renames a space: bookings from today on follow it and still count; past ones keep theirs', async () => {
      const renamed = answer(
        await update('garden-room', { name: 'Lekki Garden Room', capacity: 3, bookable: true }),
      )
      expect(renamed).toEqual({ ...DEMO.garden, name: 'Lekki Garden Room', capacity: 3, booked: 3 })
      expect((await offered()).find((space) => space.id === 'garden-room')?.Name).toBe(
        'Lekki Garden Room',
      )

      // Ada's coming day reads the new name; her day of last week the name she booked.
      const coming = (
        await api.app.inject({ url: `/api/bookings/${ADA.Email}`, headers: bearer(tokenOf(ADA)) })
      ).json().bookings as { Type: string; Date: string; Venue: string }[]
      expect(coming.filter((b) => b.Type === 'spot').map((b) => [b.Date, b.Venue])).toEqual([
        [DAYS.photoWalk, 'Lekki Garden Room'],
      ])
      const past = (
        await api.app.inject({
          url: `/api/bookings/dump/${ADA.Email}`,
          headers: bearer(tokenOf(ADA)),
        })
      ).json().data as { type: string; venue: string }[]
      expect(past.filter((b) => b.type === 'spot').map((b) => b.venue)).toEqual(['The Garden Room'])
      // Today's booking moved too.
      const femi = (
        await api.app.inject({ url: `/api/bookings/${FEMI.Email}`, headers: bearer(tokenOf(FEMI)) })
      ).json().bookings as { Date: string; Venue: string }[]
      expect(femi.map((b) => [b.Date, b.Venue])).toEqual([[TODAY, 'Lekki Garden Room']])

      // The three places of 1 December still count against the 3 places: full.
      expectError(await bookSpot(ZAINAB, 'Lekki Garden Room', DAYS.photoWalk), 409, 'Sold out')
      expectError(
        await bookSpot(ZAINAB, 'The Garden Room', DAYS.photoWalk),
        400,
        'There is no co-working space called "The Garden Room".',
      )
      answer(
        await update('garden-room', { name: 'Lekki Garden Room', capacity: 4, bookable: true }),
      )
      expect((await bookSpot(ZAINAB, 'Lekki Garden Room', DAYS.photoWalk)).statusCode).toBe(201)
      expect(answer(await get('garden-room')).booked).toBe(4)
      expectError(
        await update('garden-room', { name: 'Lekki Garden Room', capacity: 3, bookable: true }),
        409,
        'Lekki Garden Room has 4 places booked on Tuesday, December 1, 2026: the capacity cannot be less than 4.',
      )

      expect(await auditedAs('garden-room', 'space update')).toEqual([
        {
          actor: STAFF_ACTOR,
          action: 'space update',
          before: { capacity: 20 },
          after: { capacity: 3 },
        },
        {
          actor: STAFF_ACTOR,
          action: 'space update',
          before: { name: 'The Garden Room' },
          after: { name: 'Lekki Garden Room' },
        },
        {
          actor: STAFF_ACTOR,
          action: 'space update',
          before: { capacity: 3 },
          after: { capacity: 4 },
        },
      ])
    })

    it('counts a studio item by the session, and names the session when refusing', async () => {
      // Sessions cost money: two are written as a card payment leaves them, confirmed.
      const session = {
        type: 'print-studio' as const,
        venue: 'Print Studio',
        date: DAYS.brunch,
        timeSlot: '2pm - 6pm',
        paidWith: 'sandbox' as const,
        phone: GUEST.Phone,
      }
      await api.db.insert(bookings).values([
        { ...session, email: 'ngozi.eze@example.com', name: 'Ngozi Eze' },
        { ...session, email: 'emeka.nwosu@example.com', name: 'Emeka Nwosu' },
      ])
      expect(answer(await get('print-studio')).booked).toBe(2)
      expectError(
        await update('print-studio', { name: 'Print Studio', capacity: 1, bookable: true }),
        409,
        'Print Studio has 2 places booked on Thursday, December 3, 2026, 2pm - 6pm: the capacity cannot be less than 2.',
      )
      expect(
        answer(await update('print-studio', { name: 'Print Studio', capacity: 2, bookable: true })),
      ).toEqual({ ...DEMO.studio, capacity: 2, booked: 2 })
    })

    it("keeps the 8th Floor's name: the app knows the members' floor by it, so a rename would open it", async () => {
      const response = await update('8th-floor', {
        name: '8th Floor Lounge',
        capacity: 10,
        bookable: true,
      })
      expectError(response, 409, MEMBERS_ONLY_KEEPS_ITS_NAME)
      expect((await offered()).map((space) => space.Name)).not.toContain('8th Floor Lounge')
      // Its places and whether it is offered still change.
      expect(
        answer(await update('8th-floor', { name: '8th Floor', capacity: 11, bookable: true })),
      ).toMatchObject({ name: '8th Floor', capacity: 11 })
    })

    it('answers 404 for an id none has, and nothing is written', async () => {
      expectError(
        await update('ikoyi-lounge', { name: 'Ikoyi Lounge', capacity: 5, bookable: true }),
        404,
        NO_SPACE,
      )
      expect(await auditOf(api.db, 'ikoyi-lounge')).toEqual([])
    })

    it("is for staff only: 403 for a member's token, and nothing is written", async () => {
      const ada = tokenOf(ADA)
      const refused = [
        await api.app.inject({ url: '/api/staff/spaces', headers: bearer(ada) }),
        await get('courtyard', ada),
        await create(
          { kind: 'coworking', name: 'Yaba Hub', capacity: 5, bookable: true },
          { token: ada },
        ),
        await update('courtyard', { name: 'Courtyard', capacity: 1, bookable: false }, ada),
      ]
      for (const response of refused) expectError(response, 403, "This is for the hotel's staff.")
      expect((await list()).map((s) => s.id)).not.toContain('yaba-hub')
      expect(answer(await get('courtyard'))).toEqual(DEMO.courtyard)
      expect(await auditOf(api.db, 'courtyard')).toEqual([])
      expect(await auditOf(api.db, 'yaba-hub')).toEqual([])
    })
  })
})
