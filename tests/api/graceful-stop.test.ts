import { randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { openDatabase, postgresDb } from '../../server/db/client.ts'
import { bookings, events } from '../../server/db/schema.ts'
import { NOT_READY } from '../../server/system/handlers.ts'
import { startDbProxy } from '../fault/db-proxy.ts'
import { dbCases, expectError, startApi, type TestApi } from '../support/api-app.ts'
import { freshDatabase, type Instance, startInstance } from '../support/instances.ts'

// A deploy stops the server (SIGTERM) in the middle of a rush: every request it accepted is
// answered and its booking kept, the others are refused at connect (so a load balancer or the
// app sends them again elsewhere), and it exits 0 in time. Readiness (/api/health/ready) tells a
// load balancer when not to send requests: while stopping, or while the database is away.

const template = inject('postgresTemplate')

const PEOPLE = 600
const AT_ONCE = 24
/** The SIGTERM goes out once this many answers came back. */
const STOP_AFTER = 250
const SHUTDOWN_TIMEOUT_MS = 10_000

const FIRST = [
  'Adaeze',
  'Babajide',
  'Chiamaka',
  'Chukwudi',
  'Damilola',
  'Ebuka',
  'Emeka',
  'Funmilayo',
  'Halima',
  'Ifeoma',
  'Ikechukwu',
  'Kehinde',
  'Ngozi',
  'Nnamdi',
  'Obiageli',
  'Olamide',
  'Oluwaseun',
  'Oyinkansola',
  'Segun',
  'Temitope',
  'Tobenna',
  'Uchenna',
  'Yetunde',
  'Zainab',
  'Aisha',
  'Bolaji',
  'Efosa',
  'Ireti',
  'Musa',
  'Nkechi',
]
const LAST = [
  'Adebayo',
  'Okafor',
  'Balogun',
  'Eze',
  'Nwosu',
  'Adeyemi',
  'Okonkwo',
  'Bello',
  'Ogunleye',
  'Obi',
  'Abubakar',
  'Igwe',
  'Oyelaran',
  'Chukwuma',
  'Danjuma',
  'Olawale',
  'Onyeka',
  'Fashola',
  'Ibekwe',
  'Lawal',
  'Osagie',
  'Akande',
  'Nwachukwu',
  'Ogbonna',
  'Yusuf',
]
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'ymail.com']

/** 600 different people: a name, their own e-mail and phone, and the address they come from. */
const people = Array.from({ length: PEOPLE }, (_, i) => {
  const first = FIRST[i % FIRST.length] as string
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}@${DOMAINS[i % DOMAINS.length]}`.toLowerCase(),
    phone: `+234 80${3 + (i % 5)} ${String(100 + (i % 900)).padStart(3, '0')} ${String(1000 + i).slice(-4)}`,
    // Each from their own address, as the load balancer forwards it (the instance trusts loopback).
    address: `102.89.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }
})

/** A day two or more days ahead (never past in Lagos either), not a Monday (the house is closed). */
function comingDay(): string {
  for (let ahead = 2; ; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10)
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) return day
  }
}

/**
 * What became of one request, seen from the client's side of the socket:
 * - answered: an HTTP answer came;
 * - refused: the connection was refused before any byte of the request left (nothing accepted);
 * - cut: the connection failed once the request was on its way or sent: the client cannot know
 *   whether it was booked. The stop must leave none.
 */
type Outcome =
  | { kind: 'answered'; status: number; body: unknown; connection: string | undefined }
  | { kind: 'refused' }
  | { kind: 'cut'; error: string; written: boolean }

/** One JSON request over a keep-alive connection of `agent`; never throws. */
function send(
  agent: Agent,
  url: string,
  { method = 'GET', body, address }: { method?: string; body?: unknown; address?: string } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    let connected = false
    let written = false
    const request = httpRequest(url, {
      agent,
      method,
      headers: {
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
        ...(address ? { 'x-forwarded-for': address } : {}),
      },
      timeout: 20_000,
    })
    request.on('socket', (socket) => {
      // A reused keep-alive socket is connected already; a new one connects first.
      if (!socket.connecting) connected = true
      else socket.once('connect', () => (connected = true))
    })
    request.on('finish', () => (written = true))
    request.on('timeout', () => request.destroy(new Error('no answer within 20 s')))
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {}
        resolve({
          kind: 'answered',
          status: response.statusCode ?? 0,
          body: parsed,
          connection: response.headers.connection,
        })
      })
      response.on('error', (error) => resolve({ kind: 'cut', error: error.message, written }))
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === 'ECONNREFUSED') resolve({ kind: 'refused' })
      else resolve({ kind: 'cut', error: `${error.code ?? ''} ${error.message}`.trim(), written })
    })
    request.end(payload)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!template)(
  template
    ? 'a server told to stop during a rush of RSVPs (PostgreSQL)'
    : 'a server told to stop during a rush (skipped: no PostgreSQL server answered)',
  () => {
    const agents: Agent[] = []
    const cleanups: (() => Promise<void>)[] = []
    afterAll(async () => {
      for (const agent of agents) agent.destroy()
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    /** A server process on a fresh database with a free event of 1,000 places on it. */
    async function stage(env: Record<string, string> = {}) {
      if (!template) throw new Error('no PostgreSQL')
      const database = await freshDatabase(template.adminUrl, template.prefix, template.template)
      cleanups.push(() => database.drop())
      const instance = await startInstance({
        databaseUrl: database.url,
        env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env },
      })
      cleanups.push(() => instance.kill())
      const pool = new pg.Pool({ connectionString: database.url, max: 2 })
      cleanups.push(() => pool.end())
      const day = comingDay()
      const eventId = `graceful-stop-${randomUUID().slice(0, 8)}`
      const db = await postgresDb(pool)
      await db.insert(events).values({
        id: eventId,
        name: 'Lagos Poetry Night',
        address: '16 Ikoyi Crescent, Lagos',
        venue: 'Courtyard',
        startAt: new Date(`${day}T18:00:00Z`),
        endAt: new Date(`${day}T21:00:00Z`),
        timeSlots: ['7pm - 10pm'],
        priceNaira: 0,
        capacity: 1000,
      })
      const rsvp = (person: (typeof people)[number]) => ({
        Email: person.email,
        Name: person.name,
        Phone: person.phone,
        Event: eventId,
        Type: 'event',
        Venue: 'Courtyard',
        Date: day,
        Amount: 0,
        'Time Slot': '7pm - 10pm',
        'Paid with': 'free',
        'Payment Reference': null,
        Visitors: 0,
      })
      const booked = async () =>
        (
          await db
            .select({ email: bookings.email })
            .from(bookings)
            .where(eq(bookings.eventId, eventId))
        ).map((row) => row.email)
      const agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE })
      agents.push(agent)
      return { instance, rsvp, booked, agent }
    }

    /** Sends SIGTERM, and resolves with how it ended and how long after the signal. */
    function stopTimed(instance: Instance) {
      const signalledAt = Date.now()
      return instance.stop().then(() => ({ exit: instance.exit(), ms: Date.now() - signalledAt }))
    }

    it(`answers every RSVP it accepted and keeps each booking: ${PEOPLE} at ${AT_ONCE} at once, SIGTERM after ${STOP_AFTER}`, async () => {
      const { instance, rsvp, booked, agent } = await stage()
      const outcomes: Outcome[] = new Array(PEOPLE)
      let answers = 0
      let stopping: ReturnType<typeof stopTimed> | null = null
      let next = 0
      const caller = async () => {
        while (next < PEOPLE) {
          const at = next++
          const person = people[at] as (typeof people)[number]
          const outcome = await send(agent, `${instance.url}/api/bookings/rsvp`, {
            method: 'POST',
            body: rsvp(person),
            address: person.address,
          })
          outcomes[at] = outcome
          if (outcome.kind === 'answered' && ++answers === STOP_AFTER)
            stopping = stopTimed(instance)
        }
      }
      await Promise.all(Array.from({ length: AT_ONCE }, caller))
      expect(stopping, 'the SIGTERM went out mid-way').not.toBeNull()
      const stop = await (stopping as unknown as ReturnType<typeof stopTimed>)

      const cut = outcomes.flatMap((outcome, at) =>
        outcome.kind === 'cut' ? [`${people[at]?.email}: ${outcome.error}`] : [],
      )
      const answered = outcomes.filter((outcome) => outcome.kind === 'answered')
      const refused = outcomes.filter((outcome) => outcome.kind === 'refused')
      const booking201 = outcomes.flatMap((outcome, at) =>
        outcome.kind === 'answered' && outcome.status === 201 ? [people[at]?.email as string] : [],
      )
      const statuses = answered.map((outcome) => outcome.status)
      console.log(
        `${PEOPLE} RSVPs, SIGTERM after ${STOP_AFTER} answers: ${answered.length} answered ` +
          `(${booking201.length} booked), ${refused.length} refused at connect, ${cut.length} cut ` +
          `in flight; exit ${stop.exit?.code ?? stop.exit?.signal} ${stop.ms} ms after the signal`,
      )
      expect(cut, instance.output()).toEqual([])
      expect(answered.length + refused.length).toBe(PEOPLE)
      // The stop came mid-way: some were answered after it, the last ones refused.
      expect(answered.length).toBeGreaterThan(STOP_AFTER)
      expect(refused.length).toBeGreaterThan(0)
      expect(new Set(statuses), JSON.stringify(answered.filter((a) => a.status !== 201))).toEqual(
        new Set([201]),
      )
      // Every booking answered is kept, and none was made that its caller did not hear of.
      expect((await booked()).sort()).toEqual(booking201.sort())
      expect(stop.exit, instance.output()).toEqual({ code: 0, signal: null })
      expect(stop.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
    }, 120_000)

    it('says it is not ready as soon as it is told to stop, and serves on through SHUTDOWN_DELAY_MS', async () => {
      const { instance, rsvp, booked, agent } = await stage({ SHUTDOWN_DELAY_MS: '1500' })
      const ready = await send(agent, `${instance.url}/api/health/ready`)
      expect(ready).toMatchObject({ kind: 'answered', status: 200, body: { status: 'success' } })

      const stopping = stopTimed(instance)
      await sleep(200)
      const draining = await send(agent, `${instance.url}/api/health/ready`)
      expect(draining).toMatchObject({
        kind: 'answered',
        status: 503,
        body: { status: 'error', message: NOT_READY.draining },
        // The answer is its connection's last: the next request opens a new one.
        connection: 'close',
      })
      // Alive, and still serving what reaches it, until the delay is over.
      expect(await send(agent, `${instance.url}/api/health`)).toMatchObject({ status: 200 })
      const person = people[0] as (typeof people)[number]
      expect(
        await send(agent, `${instance.url}/api/bookings/rsvp`, {
          method: 'POST',
          body: rsvp(person),
          address: person.address,
        }),
      ).toMatchObject({ kind: 'answered', status: 201, connection: 'close' })
      expect(await booked()).toEqual([person.email])

      const stop = await stopping
      expect(stop.exit, instance.output()).toEqual({ code: 0, signal: null })
      expect(stop.ms).toBeGreaterThanOrEqual(1500)
      // A new connection, as a load balancer's next probe: refused, the listener is closed.
      const probe = new Agent({ keepAlive: true })
      agents.push(probe)
      expect(await send(probe, `${instance.url}/api/health/ready`)).toEqual({ kind: 'refused' })
    }, 60_000)

    it('past SHUTDOWN_TIMEOUT_MS exits 1, naming the request it could not finish', async () => {
      const { instance } = await stage({ SHUTDOWN_TIMEOUT_MS: '1500' })
      // A client that sends its headers and a tenth of its body, then nothing.
      const slow = connect({ host: '127.0.0.1', port: Number(new URL(instance.url).port) })
      slow.on('error', () => {})
      cleanups.push(async () => void slow.destroy())
      await new Promise((resolve) => slow.once('connect', resolve))
      slow.write(
        'POST /api/bookings/rsvp HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Email":',
      )
      await sleep(300)
      const stop = await stopTimed(instance)
      expect(stop.exit, instance.output()).toEqual({ code: 1, signal: null })
      expect(stop.ms).toBeGreaterThanOrEqual(1500)
      expect(stop.ms).toBeLessThan(5_000)
      expect(instance.output()).toContain('a request unanswered: POST /api/bookings/rsvp')
    }, 60_000)

    it('is not ready while its database is cut off or silent, and ready again once it is back', async () => {
      if (!template) return
      const database = await freshDatabase(template.adminUrl, template.prefix, template.template)
      cleanups.push(() => database.drop())
      const proxy = await startDbProxy(database.url)
      cleanups.push(() => proxy.close())
      const opened = await openDatabase({
        url: proxy.url,
        timeouts: { connectMs: 500, statementMs: 500, poolWaitMs: 2_000 },
      })
      cleanups.push(() => opened.close())
      const app = await buildApp({ db: opened.db })
      cleanups.push(() => app.close())
      const ready = () => app.inject({ url: '/api/health/ready' })

      expect((await ready()).statusCode).toBe(200)
      await proxy.cut()
      expectError(await ready(), 503, NOT_READY.database)
      // A database that swallows everything: readiness still answers, within about a second.
      await proxy.restore()
      await proxy.blackhole()
      const askedAt = Date.now()
      expectError(await ready(), 503, NOT_READY.database)
      expect(Date.now() - askedAt).toBeLessThan(2_000)
      await proxy.restore()
      const giveUp = Date.now() + 15_000
      let status = 0
      while (status !== 200 && Date.now() < giveUp) {
        status = (await ready()).statusCode
        if (status !== 200) await sleep(100)
      }
      expect(status).toBe(200)
    }, 60_000)
  },
)

describe.each(dbCases())('%s', (_name, kind) => {
  describe('GET /api/health/ready', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind)
    })
    afterAll(() => api?.close())

    it('is 200 while serving, 503 while draining; /api/health stays 200 either way', async () => {
      const ready = await api.app.inject({ url: '/api/health/ready' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toEqual({ status: 'success' })

      api.app.lifecycle.phase = 'draining'
      try {
        const draining = await api.app.inject({ url: '/api/health/ready' })
        expectError(draining, 503, NOT_READY.draining)
        expect(draining.headers.connection).toBe('close')
        expect((await api.app.inject({ url: '/api/health' })).statusCode).toBe(200)
      } finally {
        api.app.lifecycle.phase = 'ready'
      }
    })

    it('is 503 while starting', async () => {
      api.app.lifecycle.phase = 'starting'
      try {
        expectError(await api.app.inject({ url: '/api/health/ready' }), 503, NOT_READY.starting)
      } finally {
        api.app.lifecycle.phase = 'ready'
      }
    })
  })
})
