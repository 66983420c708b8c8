import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../server/http/errors.ts'
import { MAX_PICTURE_BYTES, TOO_LARGE } from '../../server/profile/picture.ts'
import { bearer, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { listenLocally, type ParsedResponse, parseResponse } from '../support/raw-http.ts'

// What the contract fuzzer found at the edges of request bodies. A body past its route's limit is
// refused (413) without breaking the connection: the client's next request on it is answered.
// And a client that hangs up mid-upload is one line at info level, never a database alarm.

/** The payment webhook's limit (server/payments/webhook.ts). */
const WEBHOOK_LIMIT = 512 * 1024
const WEBHOOK = '/api/payments/webhook'
const PICTURE = '/api/accounts/profile/picture'
const RSVP = '/api/bookings/rsvp'

interface LogLine {
  level: number
  msg: string
  [key: string]: unknown
}

let api: TestApi
let port: number
let token: string
const raw: string[] = []
const lines = () => raw.map((line) => JSON.parse(line) as LogLine)

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  api = await startApi('pglite', {
    app: {
      logger: { level: 'info', stream },
      // Room for the hundred uploads of one address below.
      rateLimit: {
        address: { max: 10_000, timeWindow: '1 minute' },
        email: { max: 10_000, timeWindow: '1 minute' },
        nameSpace: `body-${randomBytes(6).toString('hex')}-`,
      },
    },
  })
  port = await listenLocally(api.app)
  token = await signIn(api, 'ada@example.com')
})
afterAll(() => api?.close())
beforeEach(() => {
  raw.length = 0
})

/** One keep-alive connection, written byte by byte, its answers read one after another. */
class Connection {
  private received = Buffer.alloc(0)
  private wake: () => void = () => {}
  closed = false

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk])
      this.wake()
    })
    socket.on('close', () => {
      this.closed = true
      this.wake()
    })
    socket.on('error', () => {})
  }

  static open(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port })
      socket.once('connect', () => resolve(new Connection(socket)))
      socket.once('error', reject)
    })
  }

  write(...parts: (string | Buffer)[]) {
    for (const part of parts) this.socket.write(part)
  }

  /**
   * Writes the bytes in pieces of 16 kB a millisecond or so apart, as they come over a real
   * network: the server meets its limit before the rest of the body has arrived.
   */
  async trickle(bytes: Buffer) {
    for (let at = 0; at < bytes.length && !this.closed; at += 16 * 1024) {
      this.socket.write(bytes.subarray(at, at + 16 * 1024))
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }

  /** The next whole answer (they all carry Content-Length), or null if the connection ended. */
  async answer(waitMs = 5_000): Promise<ParsedResponse | null> {
    const deadline = Date.now() + waitMs
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n')
      if (end !== -1) {
        const head = parseResponse(`${this.received.subarray(0, end).toString('latin1')}\r\n\r\n`)
        const length = Number(head.headers['content-length'] ?? 0)
        if (this.received.length >= end + 4 + length) {
          const text = this.received.subarray(0, end + 4 + length).toString('utf8')
          this.received = this.received.subarray(end + 4 + length)
          return parseResponse(text)
        }
      }
      if (this.closed || Date.now() > deadline) return null
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  /** Whether the server ends the connection within `waitMs`. */
  async ends(waitMs = 3_000): Promise<boolean> {
    const deadline = Date.now() + waitMs
    while (!this.closed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return this.closed
  }

  close() {
    this.socket.destroy()
  }
}

const head = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

const webhookHead = (headers: Record<string, string | number>) =>
  head('POST', WEBHOOK, {
    'Content-Type': 'application/json',
    'x-paystack-signature': 'not-checked-before-the-size',
    ...headers,
  })

const pictureHead = (headers: Record<string, string | number>) =>
  head('PUT', PICTURE, { 'Content-Type': 'image/jpeg', ...bearer(token), ...headers })

const HEALTH = head('GET', '/api/health', {})

/** A body in chunks of 64 kB, as a client that does not say its length sends it. */
function chunked(bytes: number, { last = true } = {}): Buffer {
  const parts: Buffer[] = []
  for (let sent = 0; sent < bytes; sent += 64 * 1024) {
    const size = Math.min(64 * 1024, bytes - sent)
    parts.push(
      Buffer.from(`${size.toString(16)}\r\n`),
      Buffer.alloc(size, 'a'),
      Buffer.from('\r\n'),
    )
  }
  if (last) parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}

function expectRefused(answer: ParsedResponse | null, message: string) {
  expect(answer?.statusCode).toBe(413)
  expect(JSON.parse(answer?.body ?? 'null')).toEqual({ status: 'error', message })
}

/** The connection answers another request: it was neither reset nor left mid-body. */
async function expectServesNext(connection: Connection) {
  connection.write(HEALTH)
  const next = await connection.answer()
  expect(next?.statusCode, 'the next request on the connection got no answer').toBe(200)
  expect(JSON.parse(next?.body ?? 'null')).toEqual({ status: 'success' })
}

describe('a body past its limit is refused without breaking the connection', () => {
  it('a 600 kB webhook (Content-Length) answers 413, and the next request on the same connection succeeds', async () => {
    const connection = await Connection.open()
    try {
      connection.write(webhookHead({ 'Content-Length': 600 * 1024 }))
      await connection.trickle(Buffer.alloc(600 * 1024, 'a'))
      const answer = await connection.answer()
      expectRefused(answer, 'The request body is too large.')
      expect(answer?.headers.connection).not.toBe('close')
      await expectServesNext(connection)
      expect(connection.closed).toBe(false)
    } finally {
      connection.close()
    }
  })

  it('the same body in chunks of unknown length: 413, then the next request succeeds', async () => {
    const connection = await Connection.open()
    try {
      connection.write(webhookHead({ 'Transfer-Encoding': 'chunked' }))
      await connection.trickle(chunked(600 * 1024))
      const answer = await connection.answer()
      expectRefused(answer, 'The request body is too large.')
      expect(answer?.headers.connection).not.toBe('close')
      await expectServesNext(connection)
    } finally {
      connection.close()
    }
  })

  it('ten in a row on one connection, each followed by a request that succeeds', async () => {
    const connection = await Connection.open()
    try {
      for (let i = 0; i < 10; i++) {
        connection.write(webhookHead({ 'Content-Length': 600 * 1024 }))
        await connection.trickle(Buffer.alloc(600 * 1024, 'a'))
        expectRefused(await connection.answer(), 'The request body is too large.')
        await expectServesNext(connection)
      }
    } finally {
      connection.close()
    }
  })

  it('a body said to be more than twice the limit: 413 at once with Connection: close, then the connection ends', async () => {
    const connection = await Connection.open()
    try {
      // Only the headers: the answer must not wait for a body it will not read.
      connection.write(webhookHead({ 'Content-Length': 2 * WEBHOOK_LIMIT + 1 }))
      const answer = await connection.answer()
      expectRefused(answer, 'The request body is too large.')
      expect(answer?.headers.connection).toBe('close')
      expect(await connection.ends()).toBe(true)
    } finally {
      connection.close()
    }
  })

  it('a body of unknown length past twice the limit: 413 with Connection: close, then the connection ends', async () => {
    const connection = await Connection.open()
    try {
      connection.write(
        webhookHead({ 'Transfer-Encoding': 'chunked' }),
        chunked(2 * WEBHOOK_LIMIT + 128 * 1024, { last: false }),
      )
      const answer = await connection.answer()
      expectRefused(answer, 'The request body is too large.')
      expect(answer?.headers.connection).toBe('close')
      expect(await connection.ends()).toBe(true)
    } finally {
      connection.close()
    }
  })

  it('a 6 MB profile picture answers 413 with its own sentence, and the next request succeeds', async () => {
    const size = 6 * 1024 * 1024
    expect(size).toBeGreaterThan(MAX_PICTURE_BYTES)
    for (const [headers, body] of [
      [pictureHead({ 'Content-Length': size }), Buffer.alloc(size, 'a')],
      [pictureHead({ 'Transfer-Encoding': 'chunked' }), chunked(size)],
    ] as const) {
      const connection = await Connection.open()
      try {
        connection.write(headers)
        await connection.trickle(body)
        const answer = await connection.answer()
        expectRefused(answer, TOO_LARGE)
        expect(answer?.headers.connection).not.toBe('close')
        await expectServesNext(connection)
      } finally {
        connection.close()
      }
    }
  })

  it('a body within the limit is read as before (the webhook checks its signature next)', async () => {
    const connection = await Connection.open()
    try {
      const body = JSON.stringify({ event: 'charge.success', data: { reference: 'x' } })
      connection.write(webhookHead({ 'Content-Length': Buffer.byteLength(body) }), body)
      const answer = await connection.answer()
      expect(answer?.statusCode).toBe(401)
      expect(JSON.parse(answer?.body ?? 'null')).toEqual({
        status: 'error',
        message: 'The webhook signature is not valid.',
      })
      await expectServesNext(connection)
    } finally {
      connection.close()
    }
  })
})

/** What a client that gives up halfway through an upload sends before it goes. */
function halfAnUpload(i: number): { promised: string; sent: Buffer } {
  switch (i % 3) {
    case 0:
      return {
        promised: webhookHead({ 'Content-Length': 400 * 1024 }),
        sent: Buffer.alloc(100 * 1024, 'a'),
      }
    case 1:
      return {
        promised: pictureHead({ 'Content-Length': 3 * 1024 * 1024 }),
        sent: Buffer.alloc(256 * 1024, 'a'),
      }
    default:
      return {
        promised: head('POST', RSVP, {
          'Content-Type': 'application/json',
          'Content-Length': 400_000,
        }),
        sent: Buffer.from(`{"Email":"${'a'.repeat(50_000)}`),
      }
  }
}

describe('clients that hang up mid-upload', () => {
  it('100 of them leave one info line each, no warning, and no word of the database', async () => {
    let arrived = 0
    const count = () => {
      arrived += 1
    }
    api.app.server.on('request', count)
    const connections = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const connection = await Connection.open()
        const { promised, sent } = halfAnUpload(i)
        connection.write(promised, sent)
        return connection
      }),
    )
    // Every request under way on the server, its body half sent: then they all give up.
    const arrival = Date.now() + 5_000
    while (arrived < 100 && Date.now() < arrival) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    api.app.server.off('request', count)
    expect(arrived).toBe(100)
    connections.forEach((connection, i) => {
      // Half close politely (FIN), half reset (RST), as browsers and proxies do.
      if (i % 2 === 0) connection.close()
      else connection.socket.resetAndDestroy()
    })
    const abandoned = () => lines().filter((line) => line.msg.startsWith('request abandoned'))
    const deadline = Date.now() + 5_000
    while (abandoned().length < 100 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(lines().filter((line) => line.level >= 40)).toEqual([])
    expect(raw.filter((line) => /database/i.test(line))).toEqual([])
    expect(abandoned()).toHaveLength(100)
    expect(abandoned().every((line) => line.level === 30)).toBe(true)
    expect(lines()).toHaveLength(100)
    // And the server answers as ever.
    const connection = await Connection.open()
    try {
      await expectServesNext(connection)
    } finally {
      connection.close()
    }
  })

  it("a client's ECONNRESET is not the database's: only errors out of the driver count", () => {
    const hangUp = Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
    expect(isDatabaseUnavailable(hangUp)).toBe(false)
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: hangUp }))).toBe(false)
    // PostgreSQL's own 'not now' still counts, wherever it comes from (a failover, a restart).
    const shutDown = Object.assign(new Error('terminating connection'), { code: '57P01' })
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutDown }))).toBe(true)
  })
})
