import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../server/config.ts'
import { payments as paymentRows } from '../../server/db/schema.ts'
import { DEMO_STAFF } from '../../server/db/seed.ts'
import { bearer, dbCases, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { poetry, rsvp, spot, UNLIMITED } from '../support/bookings.ts'
import { type Family, parsePrometheusText, seriesValue } from '../support/prometheus-text.ts'

// /metrics as Prometheus scrapes it: the text format (read with a strict parser, not a regex),
// counters that move with what people do, request times by route pattern, and nobody but this
// machine's scraper or METRICS_TOKEN's bearer may read it: anyone else meets an unknown address.

const TOKEN = 'a-scraper-token-of-32-characters'
/** An address on the internet (TEST-NET-3): not this machine. */
const OUTSIDE = '203.0.113.7'

describe('the exposition reader', () => {
  it('reads a well-formed exposition and refuses what a Prometheus server would', () => {
    const good = [
      '# HELP up Whether it is up.',
      '# TYPE up gauge',
      'up{job="a \\"b\\"\\\\c"} 1',
      '# TYPE t_seconds histogram',
      't_seconds_bucket{le="0.1"} 1',
      't_seconds_bucket{le="+Inf"} 2',
      't_seconds_sum 0.3',
      't_seconds_count 2',
      '',
    ].join('\n')
    expect(seriesValue(parsePrometheusText(good), 'up', { job: 'a "b"\\c' })).toBe(1)
    for (const bad of [
      'up 1',
      'up{job="a"} one\n',
      'up{job=a} 1\n',
      '9up 1\n',
      'up 1\nup 1\n',
      '# TYPE up gauge\n# TYPE up counter\nup 1\n',
      'a 1\nb 1\na{x="y"} 1\n',
      '# TYPE t histogram\nt_bucket{le="1"} 1\nt_sum 1\nt_count 1\n',
      '# TYPE t histogram\nt_bucket{le="+Inf"} 2\nt_sum 1\nt_count 1\n',
    ]) {
      expect(() => parsePrometheusText(bad), bad).toThrow()
    }
  })
})

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('GET /metrics', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED, metricsToken: TOKEN } })
    })
    afterAll(() => api?.close())

    /** A scrape from this machine's Prometheus (inject's address is 127.0.0.1). */
    async function scrape(): Promise<Family[]> {
      const response = await api.app.inject({ url: '/metrics' })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
      return parsePrometheusText(response.body)
    }
    const requests = (families: Family[], route: string, method: string, status: string) =>
      seriesValue(families, 'http_request_duration_seconds_count', { route, method, status }) ?? 0

    it('is the text format: requests, bookings, payments, refunds, queues, pool and process', async () => {
      await api.app.inject({ url: '/api/events' })
      const families = await scrape()
      const types = Object.fromEntries(families.map((f) => [f.name, f.type]))
      expect(types).toMatchObject({
        http_request_duration_seconds: 'histogram',
        sixteen_bookings_total: 'counter',
        sixteen_payments_total: 'counter',
        sixteen_refunds_total: 'counter',
        sixteen_mail_outbox_unsent: 'gauge',
        sixteen_refunds_pending: 'gauge',
        // The process's own, from prom-client.
        process_cpu_user_seconds_total: 'counter',
        process_resident_memory_bytes: 'gauge',
        nodejs_eventloop_lag_seconds: 'gauge',
        nodejs_heap_size_used_bytes: 'gauge',
      })
      expect(families.every((f) => f.help.length > 0)).toBe(true)
      expect(requests(families, '/api/events', 'GET', '200')).toBeGreaterThanOrEqual(1)
      // The demo data's outbox and refund queue, counted in the database.
      expect(seriesValue(families, 'sixteen_mail_outbox_unsent')).toBeGreaterThanOrEqual(0)
      expect(seriesValue(families, 'sixteen_refunds_pending')).toBeGreaterThanOrEqual(0)
      // PostgreSQL's pool; PGlite has none.
      const pool = seriesValue(families, 'sixteen_db_pool_connections', { state: 'total' })
      const waiting = seriesValue(families, 'sixteen_db_pool_waiting')
      if (kind === 'postgres') {
        expect(pool).toBeGreaterThanOrEqual(1)
        expect(waiting).toBe(0)
      } else {
        expect([pool, waiting]).toEqual([undefined, undefined])
      }
    })

    it('an RSVP moves the booking counter, the request histogram and the outbox', async () => {
      const before = await scrape()
      const response = await rsvp(api, poetry({ Email: 'metrics.rsvp@example.com' }))
      expect(response.statusCode, response.body).toBe(201)
      const after = await scrape()
      const booked = (families: Family[]) =>
        seriesValue(families, 'sixteen_bookings_total', { kind: 'event', outcome: 'confirmed' }) ??
        0
      expect(booked(after) - booked(before)).toBe(1)
      expect(
        requests(after, '/api/bookings/rsvp', 'POST', '201') -
          requests(before, '/api/bookings/rsvp', 'POST', '201'),
      ).toBe(1)
      // Its receipt waits in the outbox (no SMTP_URL here).
      const unsent = (families: Family[]) => seriesValue(families, 'sixteen_mail_outbox_unsent')
      expect((unsent(after) ?? 0) - (unsent(before) ?? 0)).toBe(1)
      // A refusal is a request of that status, and no booking.
      const again = await rsvp(api, poetry({ Email: 'metrics.rsvp@example.com' }))
      expect(again.statusCode).toBe(409)
      const refused = await scrape()
      expect(booked(refused)).toBe(booked(after))
      expect(requests(refused, '/api/bookings/rsvp', 'POST', '409')).toBe(1)
    })

    it('a card payment: held and opened, paid and confirmed, then refunded by staff', async () => {
      const payments = (families: Family[], outcome: string) =>
        seriesValue(families, 'sixteen_payments_total', { purpose: 'booking', outcome }) ?? 0
      const spots = (families: Family[], outcome: string) =>
        seriesValue(families, 'sixteen_bookings_total', { kind: 'spot', outcome }) ?? 0
      const before = await scrape()
      const booking = spot({ Email: 'metrics.card@example.com' })
      const started = await api.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        payload: {
          callbackUrl: '/booked-coworking',
          email: booking.Email,
          payment: { Amount: booking.Amount, Currency: 'NGN', Account: null, Plan: null },
          booking,
        },
      })
      expect(started.statusCode, started.body).toBe(201)
      const { authorization_url: checkout, reference } = started.json().data
      const opened = await scrape()
      expect(spots(opened, 'held') - spots(before, 'held')).toBe(1)
      expect(payments(opened, 'initiated') - payments(before, 'initiated')).toBe(1)

      const paid = await api.app.inject({
        method: 'POST',
        url: new URL(checkout).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=pay',
      })
      expect(paid.statusCode).toBe(303)
      // The return page asks, as the webhook would: settled once, counted once.
      for (let i = 0; i < 2; i++) {
        const verified = await api.app.inject({ url: `/api/payments/verify/${reference}` })
        expect(verified.json().data.status).toBe('success')
      }
      const settled = await scrape()
      expect(payments(settled, 'paid') - payments(before, 'paid')).toBe(1)
      expect(spots(settled, 'confirmed') - spots(before, 'confirmed')).toBe(1)

      // Staff refund it: the refund leaves the queue at once, taken by the provider.
      const refundsSent = (families: Family[]) =>
        seriesValue(families, 'sixteen_refunds_total', { outcome: 'sent' }) ?? 0
      const [payment] = await api.db
        .select()
        .from(paymentRows)
        .where(eq(paymentRows.reference, reference))
      const refunded = await api.app.inject({
        method: 'POST',
        url: `/api/staff/payments/${payment?.id}/refund`,
        headers: bearer(await signIn(api, DEMO_STAFF)),
        payload: { method: 'card', reason: 'The Courtyard was closed that day.' },
      })
      expect(refunded.statusCode, refunded.body).toBe(200)
      const after = await scrape()
      expect(refundsSent(after) - refundsSent(settled)).toBe(1)
      expect(seriesValue(after, 'sixteen_refunds_pending')).toBe(0)
    })

    it('labels requests by route pattern: unknown addresses are one series, no URL a label', async () => {
      for (const url of ['/no-such-page-1', '/no-such-page-2', '/api/no-such-call']) {
        expect((await api.app.inject({ url })).statusCode).toBe(404)
      }
      await api.app.inject({ url: '/api/events/no-such-event-1' })
      await api.app.inject({ url: '/api/events/no-such-event-2' })
      const families = await scrape()
      const routes = new Set(
        families
          .find((f) => f.name === 'http_request_duration_seconds')
          ?.samples.map((s) => s.labels.route),
      )
      expect(routes).toContain('/api/events/:id')
      expect(requests(families, '(none)', 'GET', '404')).toBe(3)
      expect(requests(families, '/api/events/:id', 'GET', '404')).toBe(2)
      expect([...routes].filter((route) => route?.includes('no-such'))).toEqual([])
    })

    it('from elsewhere: the 404 of an unknown address, without the token or with a wrong one', async () => {
      const unknown = await api.app.inject({ url: '/no-such-address', remoteAddress: OUTSIDE })
      expect(unknown.statusCode).toBe(404)
      const refusals = [
        { remoteAddress: OUTSIDE },
        { remoteAddress: OUTSIDE, headers: { authorization: 'Bearer not-the-token' } },
        { remoteAddress: OUTSIDE, headers: { authorization: `Basic ${TOKEN}` } },
        // A proxy on this machine forwards outsiders from loopback: not this machine's scraper.
        { headers: { 'x-forwarded-for': OUTSIDE } },
        { remoteAddress: '::1', headers: { forwarded: `for=${OUTSIDE}` } },
      ]
      for (const options of refusals) {
        const response = await api.app.inject({ url: '/metrics', ...options })
        expect(response.statusCode, JSON.stringify(options)).toBe(404)
        expect(response.body).toBe(unknown.body)
        expect(response.headers['content-type']).toBe(unknown.headers['content-type'])
      }
      const withToken = await api.app.inject({
        url: '/metrics',
        remoteAddress: OUTSIDE,
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(withToken.statusCode).toBe(200)
      expect(parsePrometheusText(withToken.body).length).toBeGreaterThan(10)
      const fromIpv6Loopback = await api.app.inject({ url: '/metrics', remoteAddress: '::1' })
      expect(fromIpv6Loopback.statusCode).toBe(200)
    })
  })
})

describe('METRICS_TOKEN', () => {
  it('is read from the environment; one too short to keep /metrics private stops the start', () => {
    expect(readConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN)
    expect(readConfig({}).metricsToken).toBeNull()
    expect(readConfig({ METRICS_TOKEN: 'guessable' }).problems).toEqual([
      'METRICS_TOKEN is too short to keep /metrics to yourself: use 16 characters or more (e.g. `openssl rand -hex 32`).',
    ])
  })
})
