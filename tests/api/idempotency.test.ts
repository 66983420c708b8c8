import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, bookings, idempotencyKeys, wallets } from '../../server/db/schema.ts'
import { bearer, dbCases, expectError, signIn, startApi, type TestApi } from '../support/api-app.ts'
import {
  bookingsOf,
  DAYS,
  jazz,
  poetry,
  spot,
  studio,
  UNLIMITED,
  walletBooks,
} from '../support/bookings.ts'

// One booking per person per thing, and writes made safe to retry with an Idempotency-Key
// (docs/decisions/015). The people are as our guests are: long names and addresses.

const OLUWASEUN = {
  Email: 'oluwaseun.adebayo-okonkwo@lagosstatecreativecollective.org.ng',
  Name: 'Oluwaseun Oluwadamilare Adebayo-Okonkwo',
  Phone: '+234 803 555 0142',
}
const ADA = { Email: 'ada@example.com', Name: 'Ada Okafor', Phone: '+234 803 555 0101' }

/** Co-working for a member with two guests: ₦5,000 (the first guest is free). */
const withGuests = (extra: Parameters<typeof spot>[0]) =>
  spot({
    Visitors: 2,
    'Names of Visitors': 'Tolulope Ogunleye, Ngozi Chukwuemeka',
    Amount: 500_000,
    ...extra,
  })

function post(
  api: TestApi,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return api.app.inject({ method: 'POST', url, payload, headers })
}

describe.each(dbCases())('%s', (_name, kind, skip) => {
  describe.skipIf(skip)('one booking per person, and Idempotency-Key', () => {
    let api: TestApi
    let ada: string
    let adaWallet: string

    beforeAll(async () => {
      api = await startApi(kind, { app: { rateLimit: UNLIMITED } })
      ada = await signIn(api, 'ada@example.com')
      const [row] = await api.db
        .select({ id: wallets.id })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.id, wallets.accountId))
        .where(eq(accounts.email, 'ada@example.com'))
      adaWallet = row?.id ?? ''
    })
    afterAll(() => api?.close())

    describe('the same booking twice', () => {
      it('answers the second free RSVP 409 with the first booking, and takes one place', async () => {
        const first = await post(api, '/api/bookings/rsvp', poetry(OLUWASEUN))
        expect(first.statusCode).toBe(201)
        // The same person, typed again with capitals.
        const again = await post(
          api,
          '/api/bookings/rsvp',
          poetry({ ...OLUWASEUN, Email: OLUWASEUN.Email.toUpperCase() }),
        )
        expect(again.statusCode).toBe(409)
        expect(again.json()).toEqual({
          status: 'error',
          message: "You're already booked for this",
          data: first.json().data,
        })
        expect(await bookingsOf(api.db, OLUWASEUN.Email)).toHaveLength(1)
      })

      it('lets the same person book another slot, and another person the same one', async () => {
        const email = 'chiamaka.nwachukwu-eze@example.com'
        const person = { Email: email, Name: 'Chiamaka Nwachukwu-Eze', Phone: '+234 805 555 0110' }
        expect((await post(api, '/api/bookings/rsvp', poetry(person))).statusCode).toBe(201)
        const other = { ...person, Email: 'her.sister@example.com' }
        expect((await post(api, '/api/bookings/rsvp', poetry(other))).statusCode).toBe(201)
      })

      it('refuses a second wallet ticket without taking the money twice', async () => {
        // Ada holds a Rooftop Jazz ticket already (the demo data): the Listening Session, ₦3,000 to her.
        const listening = jazz({
          ...ADA,
          Event: 'listening-session',
          Venue: 'Library',
          Date: '2026-11-25',
          'Time Slot': '7pm - 10pm',
          Amount: 300_000,
        })
        const body = { debitAmount: 300_000, narration: 'Listening Session', booking: listening }
        const before = await walletBooks(api.db, adaWallet)
        const first = await post(api, `/api/wallets/debit/${adaWallet}`, body, bearer(ada))
        expect(first.statusCode).toBe(201)
        const second = await post(api, `/api/wallets/debit/${adaWallet}`, body, bearer(ada))
        expect(second.statusCode).toBe(409)
        expect(second.json().data).toEqual(first.json().data.booking)
        const after = await walletBooks(api.db, adaWallet)
        expect(after.balance).toBe(before.balance - 300_000)
        expect(after.debits).toBe(before.debits + 1)
      })

      it('counts one co-working day whichever space, and one studio session', async () => {
        const person = {
          Email: 'babatunde.olanrewaju@example.com',
          Name: 'Babatunde Olanrewaju',
          Phone: '+234 802 555 0177',
        }
        const firstSpot = spot({ ...person, Date: DAYS.supper })
        const card = (booking: object) => ({
          callbackUrl: '/booked-coworking',
          email: person.Email,
          payment: { Amount: 500_000, Currency: 'NGN', Account: null, Plan: null },
          booking,
        })
        // A guest's co-working day is paid by card: the first holds a place...
        const held = await post(api, '/api/payments/initiate', card(firstSpot))
        expect(held.statusCode).toBe(201)
        // ... and starting again (the checkout tab closed) gives that hold up for the new one.
        const again = await post(
          api,
          '/api/payments/initiate',
          card({ ...firstSpot, Venue: 'Courtyard' }),
        )
        expect(again.statusCode).toBe(201)
        const rows = await bookingsOf(api.db, person.Email)
        expect(rows.map((row) => row.status).sort()).toEqual(['cancelled', 'held'])

        const session = studio({ ...person, Date: DAYS.supper, 'Time Slot': '10am - 2pm' })
        const start = (booking: object) =>
          post(api, '/api/payments/initiate', {
            ...card(booking),
            callbackUrl: '/booked-printstudio',
            payment: { Amount: 3_000_000, Currency: 'NGN', Account: null, Plan: null },
          })
        expect((await start(session)).statusCode).toBe(201)
        // Another session the same day is another thing.
        expect((await start({ ...session, 'Time Slot': '2pm - 6pm' })).statusCode).toBe(201)
      })

      it('makes one booking of 20 identical RSVPs sent at once without a key', async () => {
        const person = { ...OLUWASEUN, Email: 'folasade.oyelaran-bankole@example.com' }
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => post(api, '/api/bookings/rsvp', poetry(person))),
        )
        const codes = answers.map((answer) => answer.statusCode).sort()
        expect(codes).toEqual([201, ...Array.from({ length: 19 }, () => 409)])
        expect(await bookingsOf(api.db, person.Email)).toHaveLength(1)
      })
    })

    describe('Idempotency-Key', () => {
      it('answers a retry with the first answer, marked as replayed, and books once', async () => {
        const key = randomUUID()
        const person = { ...OLUWASEUN, Email: 'adaeze.obi@example.com' }
        const first = await post(api, '/api/bookings/rsvp', poetry(person), {
          'idempotency-key': key,
        })
        const retry = await post(api, '/api/bookings/rsvp', poetry(person), {
          'idempotency-key': `"${key}"`,
        })
        expect(first.statusCode).toBe(201)
        expect(retry.statusCode).toBe(201)
        expect(retry.json()).toEqual(first.json())
        expect(retry.headers['idempotent-replayed']).toBe('true')
        expect(await bookingsOf(api.db, person.Email)).toHaveLength(1)
      })

      it('answers 422 when the same key comes with another body', async () => {
        const key = randomUUID()
        const person = { ...OLUWASEUN, Email: 'kelechi.umeh@example.com' }
        await post(api, '/api/bookings/rsvp', poetry(person), { 'idempotency-key': key })
        expectError(
          await post(
            api,
            '/api/bookings/rsvp',
            poetry({ ...person, Email: 'someone.else@example.com' }),
            { 'idempotency-key': key },
          ),
          422,
          'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        )
        expect(await bookingsOf(api.db, 'someone.else@example.com')).toHaveLength(0)
      })

      it('keeps no answer for a refused session, so the retry after logging in runs', async () => {
        const key = randomUUID()
        const body = {
          debitAmount: 500_000,
          narration: 'Book a spot',
          booking: withGuests({ ...ADA, Date: DAYS.brunch }),
        }
        const url = `/api/wallets/debit/${adaWallet}`
        const refused = await post(api, url, body, { 'idempotency-key': key })
        expect(refused.statusCode).toBe(401)
        const paid = await post(api, url, body, { ...bearer(ada), 'idempotency-key': key })
        expect(paid.statusCode).toBe(201)
      })

      it('runs the request again when the first one died holding its key', async () => {
        const key = randomUUID()
        const person = { ...OLUWASEUN, Email: 'emeka.nwosu@example.com' }
        const first = await post(api, '/api/bookings/rsvp', poetry(person), {
          'idempotency-key': key,
        })
        // As a process killed after taking the key and before answering leaves it: no answer,
        // taken more than a minute ago. Nothing was committed: the booking is gone too.
        await api.db.delete(bookings).where(eq(bookings.email, person.Email))
        await api.db
          .update(idempotencyKeys)
          .set({ statusCode: null, response: null, lockedAt: new Date(api.now.getTime() - 61_000) })
          .where(eq(idempotencyKeys.key, key))
        const retry = await post(api, '/api/bookings/rsvp', poetry(person), {
          'idempotency-key': key,
        })
        expect(retry.statusCode).toBe(201)
        expect(retry.headers['idempotent-replayed']).toBeUndefined()
        expect(retry.json().data.id).not.toBe(first.json().data.id)
        expect(await bookingsOf(api.db, person.Email)).toHaveLength(1)
      })

      it('makes one booking and one debit of 50 concurrent identical requests', async () => {
        const key = randomUUID()
        const before = await walletBooks(api.db, adaWallet)
        const body = {
          debitAmount: 500_000,
          narration: 'Book a spot',
          booking: withGuests({ ...ADA, Date: DAYS.riso }),
        }
        const answers = await Promise.all(
          Array.from({ length: 50 }, () =>
            post(api, `/api/wallets/debit/${adaWallet}`, body, {
              ...bearer(ada),
              'idempotency-key': key,
            }),
          ),
        )
        const codes = answers.map((answer) => answer.statusCode)
        console.log(
          `50 concurrent debits with one Idempotency-Key (${kind}): ${codes.filter((c) => c === 201).length} answered 201, ${answers.filter((a) => a.headers['idempotent-replayed']).length} of them replayed`,
        )
        expect(new Set(codes)).toEqual(new Set([201]))
        const ids = new Set(answers.map((answer) => answer.json().data.booking.id))
        expect(ids.size).toBe(1)
        const after = await walletBooks(api.db, adaWallet)
        expect(after.debits - before.debits).toBe(1)
        expect(before.balance - after.balance).toBe(500_000)
        const days = await api.db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.email, ADA.Email),
              eq(bookings.type, 'spot'),
              eq(bookings.date, DAYS.riso),
            ),
          )
        expect(days).toHaveLength(1)
      })
    })
  })
})
