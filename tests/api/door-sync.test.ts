import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/schema'
import { auditLog, bookings, doorScans, type NewBooking } from '../../server/db/schema.ts'
import { DEMO_DOOR, DEMO_STAFF } from '../../server/db/seed.ts'
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
import { jazzGuestRow, UNLIMITED } from '../support/bookings.ts'

// A door's queued scans (POST /staff/check-ins/sync, issue 46), on both engines: each applied
// once by its nonce however often and however concurrently its batch is sent, in the order
// scanned, a ticket admitted once whichever phones scanned it, and a booking cancelled since the
// door's list was taken refused. The door role may send them.

type DoorScan = components['schemas']['DoorScan']
type DoorScanResult = components['schemas']['DoorScanResult']
type DoorList = components['schemas']['DoorList']
type StaffBooking = components['schemas']['StaffBooking']

const nonce = () => randomBytes(12).toString('base64url')

/** A guest of tonight's Rooftop Jazz, by name (the ticket: the column's default). */
const guest = (name: string, extra: Partial<NewBooking> = {}): NewBooking =>
  jazzGuestRow({
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    ...extra,
  })

describe.each(bothEngines())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)("a door's queued scans", () => {
    let api: TestApi
    let door: string
    let desk: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      door = await signIn(api, DEMO_DOOR)
      desk = await signIn(api, DEMO_STAFF)
    })
    afterAll(() => api?.close())

    const sync = (body: unknown) =>
      api.app.inject({
        method: 'POST',
        url: '/api/staff/check-ins/sync',
        headers: bearer(door),
        payload: body as object,
      })
    const results = async (doorName: string, scans: DoorScan[]): Promise<DoorScanResult[]> => {
      const response = await sync({ door: doorName, scans })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().results
    }
    const guests = async (names: string[]) =>
      api.db
        .insert(bookings)
        .values(names.map((name) => guest(name)))
        .returning({ id: bookings.id, code: bookings.ticketCode })

    it("lists the door's tickets by their codes' hashes, with what the door shows and no code", async () => {
      const [today, cancelled, nextWeek, farOff] = await api.db
        .insert(bookings)
        .values([
          guest('Olufunmilayo Adebisi-Chukwu', {
            visitors: 3,
            namesOfVisitors: 'Tolu, Kemi, Bayo',
          }),
          guest('Ikechukwu Obinna Nwachukwu', { status: 'cancelled', cancelledAt: NOW }),
          guest('Aisha Halima Bello-Abubakar', { date: '2026-12-01' }),
          guest('Yetunde Omolara Bakare', { date: '2027-02-01' }),
        ])
        .returning({ id: bookings.id, code: bookings.ticketCode })
      const response = await api.app.inject({
        method: 'GET',
        url: '/api/staff/check-ins/list',
        headers: bearer(door),
      })
      expect(response.statusCode).toBe(200)
      const list = response.json() as DoorList
      expect(list).toMatchObject({ date: TODAY, takenAt: NOW.toISOString() })
      const byHash = new Map(list.tickets.map((ticket) => [ticket.codeHash, ticket]))
      const sha = (code: string) => createHash('sha256').update(code).digest('hex')
      expect(byHash.get(sha(today?.code ?? ''))).toMatchObject({
        status: 'confirmed',
        checkedInAt: null,
        ticket: {
          name: 'Olufunmilayo Adebisi-Chukwu',
          what: 'Rooftop Jazz',
          visitors: 3,
          date: TODAY,
        },
      })
      expect(byHash.get(sha(cancelled?.code ?? ''))?.status).toBe('cancelled')
      expect(byHash.get(sha(nextWeek?.code ?? ''))?.ticket.date).toBe('2026-12-01')
      // A month on and more is not the door's yet; no code, e-mail or phone is on the phone.
      expect(byHash.has(sha(farOff?.code ?? ''))).toBe(false)
      for (const secret of [
        today?.code,
        'olufunmilayo.adebisi.chukwu@example.com',
        '+234 803 555 0199',
      ]) {
        expect(response.body).not.toContain(secret)
      }
    })

    it('admits a ticket scanned offline at the moment it was scanned, with its door in the log', async () => {
      const [ticket] = await guests(['Oluwadamilola Adeyemi-Okonkwo'])
      if (!ticket) throw new Error('no guest')
      const scannedAt = new Date(NOW.getTime() - 3 * 60_000).toISOString()
      const [result] = await results('Garden gate', [
        { nonce: nonce(), code: ticket.code, scannedAt, offline: true },
      ])
      expect(result?.check).toMatchObject({ result: 'admitted', checkedInAt: scannedAt })
      expect(result?.check.ticket?.name).toBe('Oluwadamilola Adeyemi-Okonkwo')
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, ticket.id))
      expect(row?.checkedInAt?.toISOString()).toBe(scannedAt)
      const [entry] = await api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'check-in'), eq(auditLog.subject, ticket.id)))
      expect(entry?.after).toMatchObject({ door: 'Garden gate', offline: true })
      // The desk's audit log says it in words.
      const log = await api.app.inject({ url: '/api/staff/audit', headers: bearer(desk) })
      const entries = log.json().entries as components['schemas']['AuditEntry'][]
      const changes = entries.find((e) => e.subject === ticket.id)?.changes ?? []
      expect(changes.toSorted((a, b) => a.field.localeCompare(b.field))).toEqual([
        { field: 'Checked in', before: 'Not yet', after: 'Nov 24, 2026, 10:57am' },
        { field: 'Checked in by', before: null, after: 'Chidiebube Okwuosa-Adeyemi' },
        { field: 'Decided', before: null, after: 'On the phone, offline' },
        { field: 'Door', before: null, after: 'Garden gate' },
        { field: 'People in', before: '0', after: '1' },
      ])
    })

    describe('a party of four (the booker and three visitors)', () => {
      const party = async (name: string) => {
        const [ticket] = await api.db
          .insert(bookings)
          .values(
            guest(name, {
              visitors: 3,
              namesOfVisitors: 'Chiamaka Nwachukwu-Obi, Babatunde Olorunfemi, Ifeoluwa Adeyemi',
            }),
          )
          .returning({ id: bookings.id, code: bookings.ticketCode })
        if (!ticket) throw new Error('no party')
        return ticket
      }
      const scanOf = (code: string, places?: number): DoorScan => ({
        nonce: nonce(),
        code,
        scannedAt: NOW.toISOString(),
        offline: true,
        ...(places === undefined ? {} : { places }),
      })

      it('comes in 2 then 2 on two phones; a third scan is already, and the list says 4 in', async () => {
        const ticket = await party('Oluwafunmilayo Adebisi-Chukwuemeka')
        const [first] = await results('Garden gate', [scanOf(ticket.code, 2)])
        expect(first?.check).toMatchObject({ result: 'admitted', placesIn: 2, placesAdmitted: 2 })
        const list = await api.app.inject({
          url: '/api/staff/check-ins/list',
          headers: bearer(door),
        })
        const sha = createHash('sha256').update(ticket.code).digest('hex')
        const listed = (list.json() as DoorList).tickets.find((t) => t.codeHash === sha)
        expect(listed).toMatchObject({ placesIn: 2, checkedInAt: NOW.toISOString() })
        const [rest] = await results('Rooftop stairs', [scanOf(ticket.code, 2)])
        expect(rest?.check).toMatchObject({ result: 'admitted', placesIn: 4, placesAdmitted: 2 })
        const [third] = await results('Garden gate', [scanOf(ticket.code)])
        expect(third?.check).toMatchObject({ result: 'already', placesIn: 4, placesAdmitted: 0 })
        const [row] = await api.db.select().from(bookings).where(eq(bookings.id, ticket.id))
        expect(row?.checkedInPlaces).toBe(4)
        const entries = await api.db
          .select({ after: auditLog.after })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'check-in'), eq(auditLog.subject, ticket.id)))
        expect(
          entries.map((e) => (e.after as { checkedInPlaces: number }).checkedInPlaces),
        ).toEqual([2, 4])
      })

      it('lets in no more than the party: 5 phones letting in 2 each at once let in 4', async () => {
        const ticket = await party('Babajide Oluwaseun Okonkwo-Bello')
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) => results(`Door ${i + 1}`, [scanOf(ticket.code, 2)])),
        )
        const checks = answers.map(([result]) => result?.check)
        expect(
          checks.filter((c) => c?.result === 'admitted').map((c) => c?.placesAdmitted),
        ).toEqual([2, 2])
        expect(checks.filter((c) => c?.result === 'already')).toHaveLength(3)
        const [row] = await api.db.select().from(bookings).where(eq(bookings.id, ticket.id))
        expect(row?.checkedInPlaces).toBe(4)
      })

      it('asked for more than are left, lets in those left; with no number, the whole party', async () => {
        const ticket = await party('Adaeze Ngozi Okafor-Williams')
        const [three] = await results('Garden gate', [scanOf(ticket.code, 3)])
        expect(three?.check).toMatchObject({ placesIn: 3, placesAdmitted: 3 })
        const [more] = await results('Garden gate', [scanOf(ticket.code, 3)])
        expect(more?.check).toMatchObject({ result: 'admitted', placesIn: 4, placesAdmitted: 1 })
        const whole = await party('Emeka Chukwudi Nwosu-Adeleke')
        const [all] = await results('Garden gate', [scanOf(whole.code)])
        expect(all?.check).toMatchObject({ result: 'admitted', placesIn: 4, placesAdmitted: 4 })
      })
    })

    it('applies the same batch of 50 scans, sent 5 times at once, once', async () => {
      const tickets = await guests(
        Array.from({ length: 50 }, (_, i) => `Chukwuemeka Babatunde Guest ${i + 1}`),
      )
      const scans = tickets.map((ticket, i) => ({
        nonce: nonce(),
        code: ticket.code,
        scannedAt: new Date(NOW.getTime() - (50 - i) * 1000).toISOString(),
        offline: true,
      }))
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => results('Rooftop stairs', scans)),
      )
      // Every sending is answered alike: each scan admitted, once.
      for (const answer of answers) {
        expect(answer.map((r) => [r.nonce, r.check.result])).toEqual(
          scans.map((scan) => [scan.nonce, 'admitted']),
        )
      }
      const ids = tickets.map((ticket) => ticket.id)
      const admitted = await api.db
        .select({ id: bookings.id, at: bookings.checkedInAt })
        .from(bookings)
        .where(inArray(bookings.id, ids))
      expect(admitted.every((row) => row.at !== null)).toBe(true)
      const entries = await api.db
        .select({ subject: auditLog.subject })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'check-in'), inArray(auditLog.subject, ids)))
      expect(entries).toHaveLength(50)
      const kept = await api.db
        .select({ nonce: doorScans.nonce })
        .from(doorScans)
        .where(inArray(doorScans.bookingId, ids))
      expect(kept).toHaveLength(50)
    })

    it('20 phones syncing one ticket at once admit it once; the others say at which door', async () => {
      const [ticket] = await guests(['Ngozi Chiamaka Eze-Balogun'])
      if (!ticket) throw new Error('no guest')
      const phones = Array.from({ length: 20 }, (_, i) => `Door ${i + 1}`)
      const answers = await Promise.all(
        phones.map((name) =>
          results(name, [
            { nonce: nonce(), code: ticket.code, scannedAt: NOW.toISOString(), offline: true },
          ]),
        ),
      )
      const checks = answers.map(([result]) => result)
      const first = checks.filter((result) => result?.check.result === 'admitted')
      expect(first).toHaveLength(1)
      const admittedAt = phones[checks.findIndex((result) => result?.check.result === 'admitted')]
      const others = checks.filter((result) => result?.check.result !== 'admitted')
      expect(others).toHaveLength(19)
      for (const other of others) {
        expect(other).toMatchObject({
          check: { result: 'already', checkedInBy: 'Chidiebube Okwuosa-Adeyemi' },
          door: admittedAt,
        })
      }
      // The desk sees every phone's scan on the booking's page: one let the guest in.
      const page = await api.app.inject({
        method: 'GET',
        url: `/api/staff/bookings/${ticket.id}`,
        headers: bearer(desk),
      })
      const scans = (page.json() as StaffBooking).scans ?? []
      expect(scans).toHaveLength(20)
      expect(scans.filter((scan) => scan.result === 'admitted')).toEqual([
        {
          scannedAt: NOW.toISOString(),
          door: admittedAt,
          staff: 'Chidiebube Okwuosa-Adeyemi',
          offline: true,
          result: 'admitted',
        },
      ])
    })

    it('refuses a ticket cancelled since the list was taken, and checks nothing in', async () => {
      const [ticket] = await guests(['Abdulrahman Olamide Yusuf-Bello'])
      if (!ticket) throw new Error('no guest')
      await api.db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: NOW })
        .where(eq(bookings.id, ticket.id))
      const [result] = await results('Garden gate', [
        { nonce: nonce(), code: ticket.code, scannedAt: NOW.toISOString(), offline: true },
      ])
      expect(result?.check.result).toBe('cancelled')
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, ticket.id))
      expect(row?.checkedInAt).toBeNull()
    })

    it('applies scans in the order scanned, and takes no moment after now', async () => {
      const [ticket] = await guests(['Temitope Folasade Adebanjo'])
      if (!ticket) throw new Error('no guest')
      const later = { nonce: nonce(), code: ticket.code, offline: true }
      const earlier = { nonce: nonce(), code: ticket.code, offline: true }
      const ahead = new Date(NOW.getTime() + 60 * 60_000).toISOString()
      const before = new Date(NOW.getTime() - 60_000).toISOString()
      const [second, first] = await results('Garden gate', [
        { ...later, scannedAt: ahead },
        { ...earlier, scannedAt: before },
      ])
      expect(first?.check).toMatchObject({ result: 'admitted', checkedInAt: before })
      expect(second?.check).toMatchObject({ result: 'already', checkedInAt: before })
      expect(second?.door).toBe('Garden gate')
    })

    it('refuses what no door sends: no scans, 501, a nonce too short, an empty door name', async () => {
      const scan = {
        nonce: nonce(),
        code: 'K7QM-93XD-2HFR-8NWB',
        scannedAt: NOW.toISOString(),
        offline: true,
      }
      for (const body of [
        { door: 'Garden gate', scans: [] },
        {
          door: 'Garden gate',
          scans: Array.from({ length: 501 }, () => ({ ...scan, nonce: nonce() })),
        },
        { door: 'Garden gate', scans: [{ ...scan, nonce: 'short' }] },
      ]) {
        expect((await sync(body)).statusCode).toBe(400)
      }
      expectError(await sync({ door: '  ', scans: [scan] }), 400, /door's name is empty/)
      // The list of a day that is no day.
      const list = await api.app.inject({
        url: '/api/staff/check-ins/list?date=2026-02-30',
        headers: bearer(door),
      })
      expect(list.statusCode).toBe(400)
    })
  })
})
