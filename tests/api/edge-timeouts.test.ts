import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { readConfig } from '../../server/config.ts'
import { listenLocally, parseResponse, rawExchange } from '../support/raw-http.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// A client that starts a request and never finishes it must not hold a connection for ever: the
// server closes it after its header, request and keep-alive timeouts. Short timeouts here; the
// defaults (README: Environment) are the same mechanism with longer figures.

const TIMEOUTS = { headersTimeout: 400, requestTimeout: 800, keepAliveTimeout: 300 }
/** How long a test waits before calling a connection held open. */
const PATIENCE = 4_000

let testDb: TestDb
let app: FastifyInstance
let port: number
beforeAll(async () => {
  testDb = await openTestDb('pglite')
  app = await buildApp({ db: testDb.db, timeouts: TIMEOUTS })
  port = await listenLocally(app)
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})

const errorShape = { status: 'error', message: expect.any(String) }

describe('timeouts over a real connection', () => {
  it('a body promised by Content-Length and never sent: 408 with the error shape, then the connection is closed', async () => {
    const exchange = await rawExchange(port, {
      send:
        'POST /api/bookings/rsvp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 500\r\n\r\n{"Email":',
      waitMs: PATIENCE,
    })
    expect(exchange.closed, 'the connection is still open').toBe(true)
    expect(exchange.ms).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeout - 50)
    expect(exchange.ms).toBeLessThan(TIMEOUTS.requestTimeout + 1_500)
    const response = parseResponse(exchange.text)
    expect(response.statusCode).toBe(408)
    expect(JSON.parse(response.body)).toEqual(errorShape)
  })

  it('a connection that sends nothing is closed after the header timeout', async () => {
    const exchange = await rawExchange(port, { waitMs: PATIENCE })
    expect(exchange.closed, 'the connection is still open').toBe(true)
    expect(exchange.ms).toBeLessThan(TIMEOUTS.headersTimeout + 1_500)
    // Whatever the server says before closing is in the error shape.
    if (exchange.text) expect(JSON.parse(parseResponse(exchange.text).body)).toEqual(errorShape)
  })

  it('headers sent a line at a time, never finished, are cut off after the header timeout', async () => {
    const exchange = await rawExchange(port, {
      send: 'GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      drip: { chunks: Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: a\r\n`), everyMs: 50 },
      waitMs: PATIENCE,
    })
    expect(exchange.closed, 'the connection is still open').toBe(true)
    expect(exchange.ms).toBeLessThan(TIMEOUTS.headersTimeout + 1_500)
    const response = parseResponse(exchange.text)
    expect(response.statusCode).toBe(408)
    expect(JSON.parse(response.body)).toEqual(errorShape)
  })

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const exchange = await rawExchange(port, {
      send: 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      waitMs: PATIENCE,
    })
    expect(exchange.closed, 'the connection is still open').toBe(true)
    expect(parseResponse(exchange.text).statusCode).toBe(200)
    // Node 20.20 gives an idle keep-alive connection up to 1 s of grace past the timeout.
    expect(exchange.ms).toBeLessThan(TIMEOUTS.keepAliveTimeout + 2_000)
  })

  it('a request sent in full is answered as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/events`)
    expect(response.status).toBe(200)
  })
})

describe('reading the timeouts', () => {
  it('has defaults: request 30 s, headers 10 s, keep-alive 5 s, idle connection 60 s', () => {
    expect(readConfig({}).timeouts).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      connectionTimeout: 60_000,
    })
  })

  it('reads each from its variable, in milliseconds', () => {
    expect(
      readConfig({
        REQUEST_TIMEOUT_MS: '20000',
        HEADERS_TIMEOUT_MS: '5000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        CONNECTION_TIMEOUT_MS: '120000',
      }).timeouts,
    ).toEqual({
      requestTimeout: 20_000,
      headersTimeout: 5_000,
      keepAliveTimeout: 65_000,
      connectionTimeout: 120_000,
    })
  })

  it('refuses a value that is not a positive whole number, and headers longer than the request', () => {
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/)
    expect(() => readConfig({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/)
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    )
  })
})
