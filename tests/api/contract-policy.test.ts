import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_DOOR, DEMO_STAFF } from '../../server/db/seed.ts'
import { loadContract } from '../../server/http/contract.ts'
import { bearer, dbCases, signIn, startApi, type TestApi } from '../support/api-app.ts'

// Policy is declared once, in the contract, and enforced by one hook each (server/http/policy.ts,
// auth.ts, idempotency.ts, rate-limit.ts, stored-text.ts). A copy of the contract gains an
// operation of its own, declared for the desk's staff role and wider, with a rate limits' budget and the Idempotency-Key
// parameter; its handler only counts its calls and answers. Every policy holds, with no handler
// code and no table beside the contract naming the operation.

const STAFF = DEMO_STAFF
const MEMBER = 'ada@example.com'
/** The addressMail budget this test's server gives: the third call from one address is the last. */
const MAIL_BUDGET = 3

function contractWithNote() {
  const contract = loadContract()
  ;(contract.paths as Record<string, unknown>)['/staff/notes'] = {
    post: {
      operationId: 'leaveStaffNote',
      summary: 'Leave a note for the next shift (this test only)',
      tags: ['staff'],
      security: [{ staff: ['desk'] }],
      'x-rate-limit': 'mail',
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['note'],
              additionalProperties: false,
              properties: { note: { type: 'string', minLength: 1, maxLength: 200 } },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The note, numbered.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['number', 'note'],
                properties: { number: { type: 'integer' }, note: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  }
  return contract
}

describe.each(dbCases())('an operation added to the contract (%s)', (_name, kind, skip) => {
  let api: TestApi
  let calls = 0
  let staff: Record<string, string>
  let door: Record<string, string>
  let member: Record<string, string>
  const note = (headers: Record<string, string>, body: unknown, address = '203.0.113.7') =>
    api.app.inject({
      method: 'POST',
      url: '/api/staff/notes',
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: address,
      payload: JSON.stringify(body),
    })

  beforeAll(async () => {
    if (skip) return
    api = await startApi(kind, {
      app: {
        contract: contractWithNote(),
        rateLimit: {
          address: { max: 100_000, timeWindow: '1 minute' },
          addressMail: { max: MAIL_BUDGET, timeWindow: '10 minutes' },
          email: { max: 100_000, timeWindow: '1 minute' },
        },
        extraHandlers: {
          leaveStaffNote: async (request: { body: { note: string } }) => {
            calls += 1
            return { number: calls, note: request.body.note }
          },
        },
      },
    })
    staff = bearer(await signIn(api, STAFF))
    member = bearer(await signIn(api, MEMBER))
    door = bearer(await signIn(api, DEMO_DOOR))
  })
  afterAll(async () => api?.close())

  it.skipIf(skip)('lets only staff of its role call it, before its body is read', async () => {
    // A body the schema refuses: the refusal is still about who calls, not what they sent.
    expect((await note({}, { nope: true })).statusCode).toBe(401)
    const refused = await note(member, { nope: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe("This is for the hotel's staff.")
    // The door role is narrower than the desk the operation names.
    const narrower = await note(door, { nope: true })
    expect(narrower.statusCode).toBe(403)
    expect(narrower.json().message).toBe(
      'Your staff role does not open this. Ask a manager if you need it.',
    )
    expect(calls).toBe(0)
  })

  it.skipIf(skip)(
    'answers a retry with its key once, and refuses the key for another note',
    async () => {
      const key = { 'idempotency-key': 'a3c1f0e2-shift-note-0001' }
      const first = await note(
        { ...staff, ...key },
        { note: 'Chukwuemeka’s party of six is at 19:30' },
        '198.51.100.1',
      )
      expect(first.statusCode).toBe(200)
      const again = await note(
        { ...staff, ...key },
        { note: 'Chukwuemeka’s party of six is at 19:30' },
        '198.51.100.1',
      )
      expect(again.statusCode).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      const other = await note({ ...staff, ...key }, { note: 'Another note' }, '198.51.100.1')
      expect(other.statusCode).toBe(422)
      expect(calls).toBe(1)
    },
  )

  it.skipIf(skip)(
    'spends the budget the contract gives it: past it, 429 with Retry-After',
    async () => {
      const before = calls
      const address = '192.0.2.44'
      for (let i = 1; i <= MAIL_BUDGET; i++) {
        expect((await note(staff, { note: `Note ${i}` }, address)).statusCode).toBe(200)
      }
      const over = await note(staff, { note: 'One too many' }, address)
      expect(over.statusCode).toBe(429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      expect(calls - before).toBe(MAIL_BUDGET)
    },
  )

  it.skipIf(skip)(
    'refuses text PostgreSQL cannot store, naming the field, before the handler',
    async () => {
      const before = calls
      const refused = await api.app.inject({
        method: 'POST',
        url: '/api/staff/notes',
        headers: { 'content-type': 'application/json', ...staff },
        remoteAddress: '192.0.2.99',
        payload: '{"note":"Half a character: \\ud800"}',
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toContain('note')
      expect(calls).toBe(before)
    },
  )
})
