import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// One short line per request at info level (method, path, status, time, request id), so the log
// grows by a bounded, small amount per request; personal values in the query never reach it.
// Failures keep their own line at error level, with the error.

interface LogLine {
  level: number
  msg: string
  reqId?: string
  method?: string
  url?: string
  status?: number
  ms?: number
  err?: { message: string }
  [key: string]: unknown
}

let testDb: TestDb
let app: FastifyInstance
const raw: string[] = []
const lines = () => raw.map((line) => JSON.parse(line) as LogLine)

beforeAll(async () => {
  testDb = await openTestDb('pglite')
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildApp({ db: testDb.db, logger: { level: 'info', stream } })
  app.get('/api/test-failure', async () => {
    throw new Error('the disk is on fire')
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})
beforeEach(() => {
  raw.length = 0
})

describe('request log', () => {
  it('one info line per request: method, path, status, ms, request id', async () => {
    const response = await app.inject({ url: '/api/events' })
    expect(response.statusCode).toBe(200)
    expect(lines()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        msg: 'request',
        method: 'GET',
        url: '/api/events',
        status: 200,
        ms: expect.any(Number),
      },
    ])
    expect(raw[0]?.length).toBeLessThan(250)
  })

  it('one line each for 20 requests of every kind (found, refused, missing)', async () => {
    const calls = [
      ...Array.from({ length: 10 }, () => app.inject({ url: '/api/events' })),
      ...Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: '/api/bookings/rsvp', payload: {} }),
      ),
      ...Array.from({ length: 5 }, () => app.inject({ url: '/api/nothing-here' })),
    ]
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode)
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(400), ...Array(5).fill(404)])
    expect(lines()).toHaveLength(20)
    expect(lines().every((line) => line.level === 30 && line.msg === 'request')).toBe(true)
    expect(new Set(lines().map((line) => line.reqId)).size).toBe(20)
  })

  it('keeps personal values of the query (and e-mails in the path) out of the log', async () => {
    await app.inject({ url: '/api/events?email=ada%40example.com&phone=08035550101&page=2' })
    await app.inject({ url: '/api/bookings/ada%40example.com' })
    expect(lines().map((line) => line.url)).toEqual([
      '/api/events?email=*&phone=*&page=*',
      '/api/bookings/*',
    ])
    // time and pid are numbers that may hold any digits; every other value is checked
    const logged = lines().map(({ time, pid, ...line }) => JSON.stringify(line))
    expect(logged.join('\n')).not.toMatch(/ada|example\.com|0803/)
  })

  it('a failure: its error at error level, and still one line for the request', async () => {
    const response = await app.inject({ url: '/api/test-failure' })
    expect(response.statusCode).toBe(500)
    const [error, request, ...rest] = lines()
    expect(rest).toEqual([])
    expect(error).toMatchObject({ level: 50, err: { message: 'the disk is on fire' } })
    expect(request).toMatchObject({ level: 30, msg: 'request', status: 500, reqId: error?.reqId })
  })

  it('errors raised before routing are one line too', async () => {
    expect((await app.inject({ url: '/api/events/%ff' })).statusCode).toBe(400)
    expect((await app.inject({ url: `/api/events/${'a'.repeat(101)}` })).statusCode).toBe(414)
    expect(lines().map(({ level, msg, status }) => ({ level, msg, status }))).toEqual([
      { level: 30, msg: 'request', status: 400 },
      { level: 30, msg: 'request', status: 414 },
    ])
  })
})

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('every answer carries X-Request-Id, the id of each of its log lines', async () => {
    const answers = [
      await app.inject({ url: '/api/events' }),
      // A failure writes two lines (its error, then the request's): both carry the id.
      await app.inject({ url: '/api/test-failure' }),
      await app.inject({ method: 'POST', url: '/api/bookings/rsvp', payload: {} }),
      await app.inject({ url: '/api/nothing-here' }),
      // Refused before routing, by errors.ts's frameworkErrors: no hook runs for these.
      await app.inject({ url: '/api/events/%ff' }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 500, 400, 404, 400])
    const ids = answers.map((answer) => String(answer.headers['x-request-id']))
    for (const id of ids) expect(id).toMatch(UUID)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(lines().map((line) => line.reqId))).toEqual(new Set(ids))
    const messagesOf = (id: string) =>
      lines()
        .filter((line) => line.reqId === id)
        .map((line) => line.msg)
    expect(ids.map(messagesOf)).toEqual([
      ['request'],
      ['request failed', 'request'],
      ['request'],
      ['request'],
      ['request'],
    ])
  })

  it("never takes the caller's own X-Request-Id", async () => {
    const answer = await app.inject({ url: '/api/events', headers: { 'x-request-id': 'forged-1' } })
    expect(answer.headers['x-request-id']).toMatch(UUID)
    expect(lines().map((line) => line.reqId)).toEqual([answer.headers['x-request-id']])
  })
})
