import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { expectError } from '../support/api-app.ts'
import { listenLocally, parseResponse, rawExchange } from '../support/raw-http.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// Errors raised before any route runs (a URL that does not decode, a path segment past the
// router's limit, oversized headers, a broken request line) answer in the contract's one error
// shape, `{ status: 'error', message }`, with a 4xx, and never show Fastify's own codes.

let testDb: TestDb
let app: FastifyInstance
let port: number
beforeAll(async () => {
  testDb = await openTestDb('pglite')
  app = await buildApp({ db: testDb.db })
  port = await listenLocally(app)
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})

/** A raw exchange's first response: a 4xx, JSON, exactly the error shape, no Fastify code. */
function expectRawError(text: string, statusCode: number) {
  const response = parseResponse(text)
  expect(response.statusCode).toBe(statusCode)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(JSON.parse(response.body)).toEqual({ status: 'error', message: expect.any(String) })
  expect(text).not.toMatch(/FST_|statusCode/)
}

describe('errors raised before routing', () => {
  it('a URL that does not decode (/api/events/%ff): 400 in the error shape', async () => {
    for (const url of ['/api/events/%ff', '/api/bookings/%E0%A4%A', '/event/%c0']) {
      const response = await app.inject({ url })
      expectError(response, 400, 'The address has a character we cannot read.')
      expect(response.body, url).not.toMatch(/FST_/)
    }
  })

  it('an id of 101 characters (past the router limit): 414 in the error shape', async () => {
    for (const url of [`/api/events/${'a'.repeat(101)}`, `/api/bookings/${'b'.repeat(300)}`]) {
      const response = await app.inject({ url })
      expectError(response, 414, 'The address is too long.')
      expect(response.body, url).not.toMatch(/FST_/)
    }
    // One character fewer still reaches the route (and its own validation).
    const shorter = await app.inject({ url: `/api/events/${'a'.repeat(100)}` })
    expect(shorter.statusCode).not.toBe(414)
    expect(shorter.json()).toEqual({ status: 'error', message: expect.any(String) })
  })

  it('a 17 kB header: 431 in the error shape, then the connection closes', async () => {
    const exchange = await rawExchange(port, {
      send: `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(17 * 1024)}\r\n\r\n`,
      waitMs: 3_000,
    })
    expect(exchange.closed).toBe(true)
    expectRawError(exchange.text, 431)
  })

  it('a malformed request line: 400 in the error shape, then the connection closes', async () => {
    for (const line of [
      'GARBAGE\r\n\r\n',
      'GET /api/events HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET /api/ events HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /api/bookings/rsvp HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ]) {
      const exchange = await rawExchange(port, { send: line, waitMs: 3_000 })
      expect(exchange.closed, line).toBe(true)
      expectRawError(exchange.text, 400)
    }
  })

  it('the server still answers normally afterwards', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/events`)
    expect(response.status).toBe(200)
  })
})
