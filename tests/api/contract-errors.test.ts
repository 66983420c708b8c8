import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { notYetBuilt } from '../../server/app.ts'
import type { OperationId } from '../../server/http/operations.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET } from '../../server/payments/provider.ts'
import {
  bearer,
  dbCases,
  expectError,
  madeUpToken,
  signIn,
  startApi,
  type TestApi,
} from '../support/api-app.ts'

interface Operation {
  operationId: OperationId
  method: HTTPMethods
  path: string
  /** Only a live session may call it (no anonymous alternative in its `security`). */
  bearerRequired: boolean
}

const contract = parse(readFileSync(new URL('../../openapi/hotel.yaml', import.meta.url), 'utf8'))

/** Every operation of the contract, with its security as the contract states it. */
const OPERATIONS: Operation[] = Object.entries<Record<string, Record<string, unknown>>>(
  contract.paths,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => {
    const security = (op.security ?? contract.security ?? []) as Record<string, unknown>[]
    return {
      operationId: op.operationId as OperationId,
      method: method.toUpperCase() as HTTPMethods,
      path,
      bearerRequired:
        security.length > 0 &&
        security.every((scheme) => 'bearerAuth' in scheme || 'staff' in scheme),
    }
  }),
)

const SOME_ID = '7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14'
/** A secret of the shape the e-mails' links carry. */
const SOME_SECRET = '0f1e2d3c4b5a69788796a5b4c3d2e1f0'

const booking = {
  Email: 'ada@example.com',
  Name: 'Ada Okafor',
  Event: 'poetry-and-palm-wine',
  Type: 'event',
  Date: '2026-11-26',
  Phone: '+234 803 555 0101',
  'Time Slot': '4pm - 8pm',
  'Paid with': 'free',
  Amount: 0,
  Visitors: 0,
}

const application = {
  'First Name': 'Obinna',
  'Last Name': 'Eze',
  'Email Address': 'obinna2@example.com',
  Pronouns: 'he/him',
  'Date of Birth': '1990-07-17',
  'Emergency Contact Relationship': 'Spouse',
}

const eventDraft = {
  title: 'Courtyard Cinema',
  about: 'Films under the stars.',
  startDay: '2026-12-12',
  endDay: '2026-12-12',
  startTime: '19:00',
  endTime: '22:00',
  slots: [],
  venue: 'Courtyard',
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  price: 5000,
  friendsPrice: null,
  capacity: 30,
  membersOnly: false,
  rsvp: true,
  url: null,
  extraQuestions: null,
}

interface Sample {
  params?: Record<string, string>
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: unknown
}

/** A request each operation's schema accepts; the compiler asks for one per operationId. */
const SAMPLES: Record<OperationId, Sample> = {
  getHealth: {},
  getReady: {},
  listEvents: {},
  getEvent: { params: { id: 'rooftop-jazz' } },
  listCoworkingDays: {},
  listPrintStudioDays: {},
  listSpaces: {},
  listPrintStudioItems: {},
  createBooking: { body: booking },
  cancelBooking: { params: { bookingId: SOME_ID } },
  getManagedBooking: { params: { code: SOME_SECRET } },
  cancelManagedBooking: { params: { code: SOME_SECRET } },
  takeRequestedPlace: { params: { code: SOME_SECRET } },
  joinWaitlist: {
    params: { id: 'rooftop-jazz' },
    body: {
      date: '2026-12-12',
      timeSlot: null,
      name: 'Ada Okafor',
      email: 'ada@example.com',
      phone: '0803 555 0100',
    },
  },
  getWaitlistEntry: { params: { token: SOME_SECRET } },
  leaveWaitlist: { params: { token: SOME_SECRET } },
  listBookings: { params: { email: 'ada@example.com' } },
  listPastBookings: { params: { email: 'ada@example.com' } },
  initiatePayment: {
    body: {
      callbackUrl: '/event/rooftop-jazz/registered',
      email: 'ada@example.com',
      payment: { Amount: 800_000, Currency: 'NGN', Account: null, Plan: null },
      booking: { ...booking, Event: 'rooftop-jazz', Date: '2026-11-24', Amount: 800_000 },
    },
  },
  verifyPayment: { params: { reference: 'demo-jazz-ada' } },
  paymentWebhook: {
    headers: { 'x-paystack-signature': 'a'.repeat(128) },
    body: { event: 'charge.success', data: { reference: 'demo-jazz-ada', amount: 800_000 } },
  },
  listPayments: { params: { userId: SOME_ID } },
  getWallets: {},
  createWallet: {},
  getWalletHistory: { params: { walletId: SOME_ID } },
  debitWallet: {
    params: { walletId: SOME_ID },
    body: {
      debitAmount: 500_000,
      narration: 'Co-working at The Garden Room',
      booking: { ...booking, Type: 'spot', Event: null, Venue: 'The Garden Room', Amount: 500_000 },
    },
  },
  requestLoginLink: { body: { email: 'ada@example.com' } },
  verifyMagicLink: { query: { token: 'a'.repeat(43) } },
  getProfile: {},
  updateProfile: { body: { 'First Name': 'Adaeze' } },
  uploadProfilePicture: {
    headers: { 'content-type': 'image/png' },
    body: Buffer.from('not a picture'),
  },
  removeProfilePicture: {},
  signupAsCommunityMember: {
    body: {
      communityId: SOME_ID,
      application: { ...application, 'Email Address': 'bisi@example.com' },
    },
  },
  createApplication: { body: application },
  getInvite: { params: { code: 'WELCOME16' } },
  claimInvite: { params: { code: 'WELCOME16' }, body: application },
  listCommunities: {},
  createCommunity: {
    body: {
      communityName: 'Yaba Zine Club',
      aboutCommunity: 'Zine makers from Yaba.',
      communityGoals: 'A zine a month.',
      registered: false,
      numberOfMembers: 4,
      creatorEmail: 'obinna2@example.com',
      application: { ...application, Status: 'Community - Pending' },
    },
  },
  inviteCommunityMembers: { body: { communityId: SOME_ID, members: ['chioma@example.com'] } },
  removeCommunityMembers: { body: { communityId: SOME_ID, memberEmails: ['bisi@example.com'] } },
  joinCommunity: { body: { communityId: SOME_ID } },
  setCommunitySize: { body: { communityId: SOME_ID, numberOfMembers: 6 } },
  listPlans: {},
  subscribeToMailingList: { body: { email: 'news@example.com' } },
  getStaffDay: { query: { date: '2026-11-24' } },
  checkInTicket: { body: { code: 'not-a-ticket' } },
  getDoorList: { query: { date: '2026-11-24' } },
  syncCheckIns: {
    body: {
      door: 'Garden gate',
      scans: [
        {
          nonce: 'n0nce-0f-the-garden-01',
          code: 'not-a-ticket',
          scannedAt: '2026-11-24T18:42:00Z',
          offline: true,
        },
      ],
    },
  },
  listAuditLog: {},
  listApplications: { query: { status: 'pending' } },
  getApplication: { params: { applicationId: SOME_ID } },
  approveApplication: { params: { applicationId: SOME_ID } },
  declineApplication: {
    params: { applicationId: SOME_ID },
    body: { note: 'The next intake opens in April.' },
  },
  searchPayments: { query: { q: 'ada@example.com' } },
  refundPayment: {
    params: { paymentId: SOME_ID },
    body: { method: 'card', reason: 'The rooftop was closed for repairs that night.' },
  },
  searchMembers: { query: { q: 'kemi' } },
  extendMembership: {
    params: { memberId: SOME_ID },
    body: { until: '2027-06-30', reason: 'The studio was closed for two weeks in November.' },
  },
  listStaffEvents: {},
  createStaffEvent: { body: eventDraft },
  getStaffEvent: { params: { id: 'rooftop-jazz' } },
  getStaffEventWaitlist: { params: { id: 'rooftop-jazz' } },
  exportEventGuests: { params: { id: 'rooftop-jazz' } },
  exportDayBookings: { query: { date: '2026-11-24' } },
  updateStaffEvent: { params: { id: 'rooftop-jazz' }, body: eventDraft },
  uploadEventPoster: {
    params: { id: 'rooftop-jazz' },
    headers: { 'content-type': 'image/png' },
    body: Buffer.from('not a poster'),
  },
  listStaffSpaces: {},
  createStaffSpace: {
    body: { kind: 'studio', name: 'Adana Letterpress No. 2', capacity: 2, bookable: true },
  },
  getStaffSpace: { params: { spaceId: 'garden-room' } },
  updateStaffSpace: {
    params: { spaceId: 'garden-room' },
    body: { name: 'The Garden Room', capacity: 20, bookable: true },
  },
  searchBookings: { query: { date: '2026-11-24', q: 'ada' } },
  getStaffBooking: { params: { bookingId: SOME_ID } },
}

function urlOf({ path }: Operation, { params = {}, query }: Sample): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path}: the sample has no ${name}`)
    return encodeURIComponent(value)
  })
  return `/api${filled}${query ? `?${new URLSearchParams(query)}` : ''}`
}

const notBuilt = new Set<string>(notYetBuilt)

const LIMITS = {
  address: { max: 10_000, timeWindow: '1 minute' },
  email: { max: 10_000, timeWindow: '1 minute' },
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('contract errors', () => {
    let api: TestApi
    let token: string

    beforeAll(async () => {
      // Hundreds of refused calls from one address: limits high enough never to answer first
      // (tests/api/rate-limit.test.ts tests the real ones).
      api = await startApi(kind, { app: { rateLimit: LIMITS } })
      token = await signIn(api, 'ada@example.com')
    })
    afterAll(() => api?.close())

    const call = (operation: Operation, headers: Record<string, string> = {}) => {
      const sample = SAMPLES[operation.operationId]
      return api.app.inject({
        method: operation.method,
        url: urlOf(operation, sample),
        headers: { ...sample.headers, ...headers },
        ...(sample.body === undefined ? {} : { payload: sample.body as object }),
      })
    }

    const rsvp = (payload: unknown, headers: Record<string, string> = {}) =>
      api.app.inject({
        method: 'POST',
        url: '/api/bookings/rsvp',
        headers,
        payload: payload as string,
      })

    describe('a body that breaks the schema: 400 naming the field, never 500', () => {
      it('a missing field', async () => {
        expectError(await rsvp({}), 400, 'Email is required.', 'Email')
        const { Phone: _, ...withoutPhone } = booking
        expectError(await rsvp(withoutPhone), 400, 'Phone is required.', 'Phone')
      })

      it('an unknown extra field', async () => {
        expectError(await rsvp({ ...booking, Colour: 'red' }), 400, 'Colour is not a known field.')
        // The body as a whole broke the contract, not one of its fields.
        expect(
          ((await rsvp({ ...booking, Colour: 'red' })).json() as { field?: string }).field,
        ).toBe(undefined)
      })

      it('a value of the wrong type or form', async () => {
        expectError(
          await rsvp({ ...booking, Visitors: 'two' }),
          400,
          'Visitors must be integer.',
          'Visitors',
        )
        expectError(await rsvp({ ...booking, Visitors: 21 }), 400, 'Visitors must be <= 20.')
        expectError(await rsvp({ ...booking, Date: '26/11/2026' }), 400, 'Date is not valid.')
        expectError(
          await rsvp({ ...booking, Type: 'concert' }),
          400,
          'Type must be one of: event, spot, print-studio.',
        )
      })

      it('malformed JSON', async () => {
        expectError(
          await rsvp('{"Email": "ada@example.com",', { 'content-type': 'application/json' }),
          400,
          'The request body is not valid JSON.',
        )
        expectError(
          await rsvp('', { 'content-type': 'application/json' }),
          400,
          'The request body is empty: send a JSON object.',
        )
      })

      it('no body at all, with no content type: 400, the signed webhook included', async () => {
        const message = 'The request body is missing: send it as JSON (application/json).'
        expectError(await rsvp(undefined), 400, message)
        // Signed by the provider, the empty body passes the signature check and meets this one.
        const signature = createHmac('sha512', DEFAULT_SANDBOX_WEBHOOK_SECRET)
          .update('')
          .digest('hex')
        const webhook = await api.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'x-paystack-signature': signature },
        })
        expectError(webhook, 400, message)
      })

      it('a body that is not JSON', async () => {
        // 415 Unsupported Media Type: the contract's bodies are JSON only.
        const message = 'The request body must be JSON (Content-Type: application/json).'
        expectError(
          await rsvp('Email=ada@example.com', { 'content-type': 'text/plain' }),
          415,
          message,
        )
        expectError(
          await rsvp('Email=ada%40example.com', {
            'content-type': 'application/x-www-form-urlencoded',
          }),
          415,
          message,
        )
      })

      it('an invalid e-mail at login', async () => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { email: 'ada.example.com' },
        })
        // The login form's own sentence, and the field it is about.
        expectError(response, 400, 'Please enter a valid email address.', 'email')
      })

      it('a nested field, named by its path', async () => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/wallets/debit/7b0e4c1a-3f7d-4b8e-9a51-2c6f0d9e8a14',
          headers: bearer(token),
          payload: {
            debitAmount: 0,
            narration: 'Co-working',
            booking: { ...booking, Email: 'ada.example.com' },
          },
        })
        expectError(response, 400, 'Please enter a valid email address.', 'booking.Email')
      })
    })

    describe('each payment kind passes validation (oneOf branches stay whole)', () => {
      const initiate = (body: object) =>
        api.app.inject({
          method: 'POST',
          url: '/api/payments/initiate',
          headers: bearer(token),
          payload: body,
        })

      it('a membership plan', async () => {
        const response = await initiate({
          callbackUrl: '/profile',
          email: 'ada@example.com',
          payment: {
            Amount: 25_000_000,
            Currency: 'NGN',
            Account: [SOME_ID],
            Plan: 'individual-6m',
          },
          booking: { Reference: null, Account: [SOME_ID], Plan: 'individual-6m' },
        })
        // Past validation, refused by the rule: SOME_ID is not the caller's own account.
        expectError(response, 403, 'You may only pay as yourself: Account must be your own id.')
      })

      it('a wallet top-up', async () => {
        const response = await initiate({
          callbackUrl: '/profile/wallet',
          email: 'ada@example.com',
          payment: {
            Amount: 3_000_000,
            Currency: 'NGN',
            Account: null,
            Plan: 'topup',
            walletId: SOME_ID,
          },
          booking: {
            Email: 'ada@example.com',
            Name: 'Ada Okafor',
            Type: 'wallet-topup',
            Amount: 3_000_000,
            'Paid with': 'sandbox',
            'Payment Reference': null,
          },
        })
        // Past validation, refused by the rule: no wallet has the id SOME_ID.
        expectError(response, 404, 'This wallet does not exist.')
      })
    })

    describe('every operation of the contract', () => {
      it('has a sample request, and the not-built list names only operations', () => {
        const ids = OPERATIONS.map((operation) => operation.operationId)
        expect(notYetBuilt.filter((id) => !ids.includes(id))).toEqual([])
        expect(ids.toSorted()).toEqual(Object.keys(SAMPLES).sort())
      })

      describe.each(OPERATIONS.map((op) => [`${op.operationId} (${op.method} ${op.path})`, op]))(
        '%s',
        (_title, operation) => {
          if (operation.bearerRequired) {
            it('answers 401 without a token, then 401 to a dead one', async () => {
              expectError(await call(operation), 401, 'Please log in.')
              expectError(
                await call(operation, bearer(madeUpToken())),
                401,
                'Login session has expired',
              )
            })
          }

          const headers = () => (operation.bearerRequired ? bearer(token) : {})
          if (notBuilt.has(operation.operationId)) {
            it('is not built yet: answers 501 with the error shape', async () => {
              const message = `${operation.operationId} is not available yet.`
              expectError(await call(operation, headers()), 501, message)
            })
          } else {
            it('answers its sample without a server error', async () => {
              const response = await call(operation, headers())
              expect(response.statusCode, response.body).toBeLessThan(500)
              if (response.statusCode >= 400) expectError(response, response.statusCode, /\S/)
            })
          }
        },
      )
    })

    describe('a bearer-required operation answers 401 before anything else', () => {
      it('before a body that breaks the schema, or is not JSON at all', async () => {
        const url = `/api/wallets/debit/${SOME_ID}`
        const empty = await api.app.inject({ method: 'POST', url, payload: {} })
        expectError(empty, 401, 'Please log in.')
        // Still after the rate limit, so guessing tokens is counted.
        expect(empty.headers['x-ratelimit-limit']).toBe('10000')
        expectError(
          await api.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: '{"debitAmount":',
          }),
          401,
          'Please log in.',
        )
        expectError(
          await api.app.inject({ method: 'POST', url: '/api/wallets/debit/not-a-uuid' }),
          401,
          'Please log in.',
        )
      })
    })

    it('answers 404 with the error shape for an unknown /api address', async () => {
      expectError(await api.app.inject({ url: '/api/no-such-thing' }), 404, 'No such address.')
      expectError(
        await api.app.inject({ method: 'DELETE', url: '/api/events' }),
        404,
        'No such address.',
      )
    })

    it('answers GET /api/health', async () => {
      const response = await api.app.inject({ url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ status: 'success' })
    })
  })
})
