import { isUtf8 } from 'node:buffer'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVALID_EMAIL_MESSAGE } from '../../machines/rules/email.ts'
import { applications, bookings, magicLinks } from '../../server/db/schema.ts'
import { DEMO_STAFF } from '../../server/db/seed.ts'
import { loadContract } from '../../server/http/contract.ts'
import { type Operation, readOperations, resolveRef } from '../fuzz/contract.ts'
import { dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import { poetry, rsvp, UNLIMITED } from '../support/bookings.ts'

// Issue 44: bytes no route can read, and addresses that are no one's.
// - A NUL (raw or %00) or a sequence that is not UTF-8 in a path, a query or a JSON body answers
//   400 in the error shape on every route: the contract's, and /media, the sandbox checkout, the
//   pages and unknown /api addresses (PostgreSQL refused the byte: GET /media/%00 was a 500).
// - An e-mail address is checked by the HTML standard's rule for <input type=email>, and refused
//   with the forms' own sentence: quotes, brackets, spaces, commas, comments are no one's address.

const UNREADABLE_ADDRESS = 'The address has a character we cannot read.'
const UNREADABLE_BODY = 'The request body has a character we cannot read: send it as UTF-8.'
const SEED = 4444

/** Escapes bytes as an address carries them: %XX each. */
const percent = (bytes: Iterable<number>) =>
  [...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')

/** Invalid UTF-8 of every kind, a NUL included, as the examples of the issue give it. */
const KNOWN_BAD = ['%00', '%C3%28', '%FF', '%C0%AF', '%ED%A0%80', '%E2%82', '%F4%90%80%80']

const byte = (min: number, max: number) => fc.integer({ min, max })
/** Byte sequences that are not UTF-8: each way a decoder must refuse, and random bytes. */
const invalidUtf8: fc.Arbitrary<number[]> = fc
  .oneof(
    fc.tuple(byte(0x80, 0xbf)), // a continuation byte with no lead
    fc.tuple(byte(0xc0, 0xc1), byte(0x80, 0xbf)), // an overlong two-byte form
    fc.tuple(byte(0xc2, 0xdf), byte(0x00, 0x7f)), // a lead byte without its continuation
    fc.tuple(byte(0xe0, 0xe0), byte(0x80, 0x9f), byte(0x80, 0xbf)), // overlong three-byte
    fc.tuple(byte(0xed, 0xed), byte(0xa0, 0xbf), byte(0x80, 0xbf)), // a surrogate, encoded
    fc.tuple(byte(0xe1, 0xef), byte(0x80, 0xbf)), // three bytes cut after two
    fc.tuple(byte(0xf0, 0xf0), byte(0x80, 0x8f), byte(0x80, 0xbf), byte(0x80, 0xbf)),
    fc.tuple(byte(0xf4, 0xf4), byte(0x90, 0xbf), byte(0x80, 0xbf), byte(0x80, 0xbf)), // > U+10FFFF
    fc.tuple(byte(0xf5, 0xff)), // never in UTF-8
    fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => [...bytes]),
  )
  .map((bytes) => [...bytes])
  .filter((bytes) => !isUtf8(Buffer.from(bytes)) || bytes.includes(0))
/** Readable text around the bad bytes: none, ASCII, an escaped é, a day. */
const around = fc.constantFrom('', 'a', 'caf%C3%A9', '2026-11-26')

interface Route {
  name: string
  method: string
  /** With `{param}` placeholders. */
  path: string
  /** What the route would otherwise read (the sandbox's form), so only the address is wrong. */
  payload?: { contentType: string; body: string }
}

const operations = readOperations()
const ROUTES: Route[] = [
  ...operations.map((op) => ({
    name: op.operationId,
    method: op.method,
    path: `/api${op.path}`,
  })),
  { name: 'an uploaded image', method: 'GET', path: '/media/{name}' },
  { name: 'the sandbox checkout', method: 'GET', path: '/sandbox/checkout/{code}' },
  {
    name: 'the sandbox checkout’s Pay',
    method: 'POST',
    path: '/sandbox/checkout/{code}',
    payload: { contentType: 'application/x-www-form-urlencoded', body: 'outcome=pay' },
  },
  { name: 'an event’s page', method: 'GET', path: '/event/{id}' },
  { name: 'a page', method: 'GET', path: '/membership' },
  { name: 'an unknown /api address', method: 'GET', path: '/api/unknown' },
]

/** The route's address with `bad` in its first parameter (`path`) or in a query (`query`). */
function addressOf(route: Route, where: 'path' | 'query', bad: string): string {
  const hasParam = /\{\w+\}/.test(route.path)
  let replaced = false
  const path = route.path.replace(/\{\w+\}/g, () => {
    if (where === 'path' && !replaced) {
      replaced = true
      return bad
    }
    return 'x'
  })
  return where === 'path' && hasParam ? path : `${path}?q=${bad}`
}

/** What a caller must see: 400, exactly the error shape, this sentence; never a 5xx. */
function expectRefused(response: LightMyRequestResponse, message: string, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400)
  expect(response.headers['content-type'], what).toMatch(/^application\/json/)
  expect(response.json(), what).toEqual({ status: 'error', message })
}

/** Operations whose request body is JSON (the two image uploads take image bytes). */
const jsonBodyOperations = operations.filter((op) => op.body !== null)

/** Every place of the contract's requests that takes an e-mail, and the schema it has there. */
function emailFields(): { where: string; schema: Record<string, unknown> }[] {
  const doc = loadContract()
  const found: { where: string; schema: Record<string, unknown> }[] = []
  const walk = (node: unknown, where: string, seen: Set<unknown>) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return
    const schema = resolveRef(doc, node, '').node
    const inside = new Set([...seen, node, schema])
    const properties = (schema.properties ?? {}) as Record<string, unknown>
    for (const [name, child] of Object.entries(properties)) {
      if (/e-?mail/i.test(name)) found.push({ where: `${where} › ${name}`, schema: child as never })
      walk(child, `${where} › ${name}`, inside)
    }
    for (const key of ['items', 'oneOf', 'anyOf', 'allOf']) {
      const value = schema[key]
      for (const child of Array.isArray(value) ? value : value ? [value] : []) {
        walk(child, where, inside)
      }
    }
  }
  for (const op of operations) {
    for (const param of op.params) {
      if (/e-?mail/i.test(param.name)) {
        found.push({ where: `${op.operationId} ${param.in} ${param.name}`, schema: param.schema })
      }
    }
    if (op.body) walk(op.body.schema, `${op.operationId} body`, new Set())
  }
  return found
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('bad bytes and bad addresses', () => {
    let api: TestApi
    let webRoot: string
    let staff: string

    beforeAll(async () => {
      // The pages need a built app: its index.html is enough for the server's part.
      webRoot = await mkdtemp(join(tmpdir(), 'hotel-bad-input-'))
      await writeFile(
        join(webRoot, 'index.html'),
        '<!doctype html><html lang="en"><head><title>Sixteen</title></head><body><div id="root"></div></body></html>',
      )
      api = await startApi(kind, { webRoot, app: { rateLimit: UNLIMITED } })
      staff = await signIn(api, DEMO_STAFF)
    })
    afterAll(async () => {
      await api?.close()
      if (webRoot) await rm(webRoot, { recursive: true, force: true })
    })

    const send = (route: Route, url: string, headers: Record<string, string> = {}) =>
      api.app.inject({
        method: route.method as 'GET',
        url,
        headers: route.payload
          ? { 'content-type': route.payload.contentType, ...headers }
          : headers,
        ...(route.payload ? { payload: route.payload.body } : {}),
      })

    describe('a NUL or bytes that are not UTF-8 in the address: 400 on every route', () => {
      it('the requests of the issue (PostgreSQL refused the NUL: they answered 500)', async () => {
        const media = ROUTES.find((route) => route.path === '/media/{name}') as Route
        const pay = ROUTES.find((route) => route.method === 'POST' && route.payload) as Route
        for (const [route, url] of [
          [media, '/media/%00'],
          [media, '/media/x%00.jpg'],
          [pay, '/sandbox/checkout/x%00y'],
        ] as const) {
          expectRefused(await send(route, url), UNREADABLE_ADDRESS, url)
        }
      })

      it(`every route of the contract (${operations.length}) and the others, in its path and its query`, async () => {
        for (const route of ROUTES) {
          for (const bad of KNOWN_BAD) {
            for (const where of ['path', 'query'] as const) {
              const url = addressOf(route, where, `a${bad}b`)
              expectRefused(await send(route, url), UNREADABLE_ADDRESS, `${route.name} ${url}`)
            }
          }
        }
      })

      it('a fuzzed sample of invalid UTF-8, anywhere in the address (seeded)', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...ROUTES),
            fc.constantFrom('path' as const, 'query' as const),
            around,
            invalidUtf8,
            around,
            async (route, where, before, bytes, after) => {
              const url = addressOf(route, where, `${before}${percent(bytes)}${after}`)
              const response = await send(route, url, { authorization: `Bearer ${staff}` })
              expectRefused(response, UNREADABLE_ADDRESS, `${route.name} ${url}`)
            },
          ),
          { seed: SEED, numRuns: 50 },
        )
      })

      it('text that is UTF-8 goes through: an escaped é, € and emoji are read as such', async () => {
        const response = await api.app.inject({
          url: '/api/events?q=caf%C3%A9%20%E2%82%AC%F0%9F%8E%B7',
        })
        expect(response.statusCode).toBe(200)
        expect((await api.app.inject({ url: '/event/caf%C3%A9' })).statusCode).toBe(404)
      })
    })

    describe('a JSON body that is not UTF-8: 400 on every route that takes one', () => {
      const bodyWith = (bytes: number[]) =>
        Buffer.concat([Buffer.from('{"text":"Ada '), Buffer.from(bytes), Buffer.from('"}')])
      const post = (op: Operation, body: Buffer) =>
        api.app.inject({
          method: op.method,
          url: `/api${op.path.replace(/\{\w+\}/g, 'x')}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
          payload: body,
        })

      it(`each of the ${jsonBodyOperations.length} operations with a JSON body`, async () => {
        expect(jsonBodyOperations.length).toBeGreaterThan(20)
        for (const op of jsonBodyOperations) {
          expectRefused(await post(op, bodyWith([0xff])), UNREADABLE_BODY, op.operationId)
        }
      })

      it('a fuzzed sample of invalid UTF-8 in a body (seeded)', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...jsonBodyOperations),
            invalidUtf8.filter((bytes) => !isUtf8(Buffer.from(bytes))),
            async (op, bytes) => {
              expectRefused(await post(op, bodyWith(bytes)), UNREADABLE_BODY, op.operationId)
            },
          ),
          { seed: SEED, numRuns: 50 },
        )
      })

      it('a login link asked for an address with a bad byte: refused, no link made', async () => {
        const links = await api.db.select().from(magicLinks)
        // Read leniently, the byte became U+FFFD and a link went to 'ada\uFFFD@example.com'.
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          headers: { 'content-type': 'application/json' },
          payload: Buffer.concat([
            Buffer.from('{"email":"ada'),
            Buffer.from([0xc3]),
            Buffer.from('@example.com"}'),
          ]),
        })
        expectRefused(response, UNREADABLE_BODY, 'login')
        // The connection serves on: the body was read to its end.
        expect(response.headers.connection).not.toBe('close')
        expect(await api.db.select().from(magicLinks)).toEqual(links)
      })
    })

    describe('e-mail addresses: the rule of <input type=email>, with the forms’ sentence', () => {
      const NO_ONES = [
        '"x"<victim@evil.example>',
        "guest2@example.com'/**/and/**/5219=5219",
        'a b@example.com',
        'a@b.com,c@d.com',
        'a(comment)@example.com',
      ]
      const REAL = [
        'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng',
        'ada+rsvp@example.com',
        "o'brien@example.ie",
      ]
      const application = (email: string) => ({
        'First Name': 'Ngozi',
        'Last Name': 'Eze',
        'Date of Birth': '1995-03-14',
        'Email Address': email,
      })

      it.each(NO_ONES)(
        '%s: refused at RSVP, login and application, nothing kept',
        async (email) => {
          const before = await api.db.select({ id: bookings.id }).from(bookings)
          const links = await api.db.select().from(magicLinks)
          expectError(
            await rsvp(api, poetry({ Email: email })),
            400,
            INVALID_EMAIL_MESSAGE,
            'Email',
          )
          expect(await api.db.select({ id: bookings.id }).from(bookings)).toHaveLength(
            before.length,
          )

          const login = await api.app.inject({
            method: 'POST',
            url: '/api/accounts/login',
            payload: { email },
          })
          expectError(login, 400, INVALID_EMAIL_MESSAGE, 'email')
          expect(await api.db.select().from(magicLinks)).toEqual(links)

          const applied = await api.app.inject({
            method: 'POST',
            url: '/api/applications/create-application',
            payload: application(email),
          })
          expectError(applied, 400, INVALID_EMAIL_MESSAGE, 'Email Address')
          expect(
            await api.db
              .select()
              .from(applications)
              .where(eq(applications.email, email.toLowerCase())),
          ).toEqual([])
        },
      )

      it.each(REAL)('%s: a real guest’s address books in one go', async (email) => {
        const response = await rsvp(api, poetry({ Email: email }))
        expect(response.statusCode, response.body).toBe(201)
      })

      it('every e-mail the contract takes in is checked by that rule', () => {
        const fields = emailFields()
        // RSVPs, payments, waitlists, login links, applications, invitations, the mailing list.
        expect(fields.length).toBeGreaterThanOrEqual(8)
        for (const { where, schema } of fields) {
          const checked =
            schema.$ref === '#/components/schemas/EmailAddress' ||
            (schema.items as { $ref?: string } | undefined)?.$ref ===
              '#/components/schemas/EmailAddress'
          expect(checked, where).toBe(true)
        }
      })
    })
  })
})
