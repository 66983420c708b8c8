import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppOptions, buildApp } from '../../server/app.ts'
import { readConfig } from '../../server/config.ts'
import type { RateLimits } from '../../server/http/rate-limit.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// The rate limits count per client address, so that address must be one a client cannot choose.
// X-Forwarded-For is believed only when TRUST_PROXY says which proxies stand in front.

const limits = (address: number): RateLimits => ({
  address: { max: address, timeWindow: '1 minute' },
  email: { max: 100, timeWindow: '1 minute' },
  nameSpace: `proxy-${randomBytes(6).toString('hex')}-`,
})

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb('pglite')
})
afterAll(() => testDb?.close())

/** A booking attempt (its body is refused, but the attempt counts) from `from`, forwarded for `xff`. */
const book = (app: FastifyInstance, from: string, xff?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/bookings/rsvp',
    payload: {},
    remoteAddress: from,
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  })

const start = async (options: Partial<AppOptions> = {}) => {
  const app = await buildApp({ db: testDb.db, rateLimit: limits(2), ...options })
  await app.ready()
  return app
}

describe('TRUST_PROXY off (the default)', () => {
  it('a made-up X-Forwarded-For buys no fresh budget: 12 attempts with 12 invented addresses, 10 refused', async () => {
    const app = await start()
    try {
      const codes: number[] = []
      for (let i = 0; i < 12; i++)
        codes.push((await book(app, '203.0.113.7', `10.9.8.${i}`)).statusCode)
      expect(codes).toEqual([400, 400, ...Array(10).fill(429)])
      // The connection's own address is what counts: another client still has its budget.
      expect((await book(app, '198.51.100.20', '10.9.8.1')).statusCode).toBe(400)
    } finally {
      await app.close()
    }
  })
})

describe('TRUST_PROXY as a hop count', () => {
  it('1: the address the one proxy saw (the last X-Forwarded-For entry) is the client', async () => {
    const app = await start({ trustProxy: 1 })
    try {
      const proxy = '10.0.0.2'
      // What a client writes in front of the proxy's entry changes nothing.
      expect((await book(app, proxy, 'spoof-1, 203.0.113.7')).statusCode).toBe(400)
      const second = await book(app, proxy, '1.2.3.4, 203.0.113.7')
      expect(second.statusCode).toBe(400)
      expect(second.headers['x-ratelimit-remaining']).toBe('0')
      expect((await book(app, proxy, '5.6.7.8, 203.0.113.7')).statusCode).toBe(429)
      // Another client behind the same proxy has a budget of its own.
      const other = await book(app, proxy, '198.51.100.20')
      expect(other.statusCode).toBe(400)
      expect(other.headers['x-ratelimit-remaining']).toBe('1')
    } finally {
      await app.close()
    }
  })
})

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes X-Forwarded-For from those proxies only', async () => {
    const app = await start({ trustProxy: ['10.0.0.0/8', '192.0.2.1'] })
    try {
      // Through a listed proxy: the forwarded address counts.
      expect((await book(app, '10.1.2.3', '203.0.113.7')).statusCode).toBe(400)
      expect((await book(app, '192.0.2.1', '203.0.113.7')).statusCode).toBe(400)
      expect((await book(app, '10.1.2.3', '203.0.113.7')).statusCode).toBe(429)
      // Straight from a client that is not a proxy: its header is ignored.
      const direct = async () => (await book(app, '198.51.100.50', '203.0.113.99')).statusCode
      expect([await direct(), await direct(), await direct()]).toEqual([400, 400, 429])
      expect((await book(app, '10.1.2.3', '203.0.113.99')).statusCode).toBe(400)
    } finally {
      await app.close()
    }
  })
})

describe('reading TRUST_PROXY', () => {
  it('is off when unset, empty or false', () => {
    expect(readConfig({}).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
  })

  it('reads a hop count, an address list, or true', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ])
    expect(readConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ])
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
  })

  it('refuses what it cannot read, naming the variable', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.300', '-1', '1.5', 'proxy.example.com']) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/)
    }
  })
})
