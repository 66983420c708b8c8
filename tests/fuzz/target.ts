import type { FastifyInstance } from 'fastify'
import { addDaysToDay, eventDays, lagosDay } from '../../machines/rules/dates'
import { metadataFields } from '../../machines/rules/events'
import { coworkingPriceKobo, printStudioPriceKobo, toKobo } from '../../machines/rules/pricing'
import { PRINT_STUDIO_EVENT, PRINT_STUDIO_SLOTS } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import { buildApp } from '../../server/app.ts'
import type { Db } from '../../server/db/client.ts'
import { bookings as bookingRows, payments, wallets } from '../../server/db/schema.ts'
import { seedDemoData } from '../../server/db/seed.ts'
import { createRoles, type RoleSet } from '../support/roles.ts'
import type { Pools } from './generate.ts'

// The app under fuzzing: the real server (buildApp) on a database seeded with the demo data, the
// people of tests/support/roles.ts signed in, rate limits high enough never to mask an answer,
// and pools of values taken from the data itself so valid requests reach deep into handlers.

type Event = components['schemas']['Event']
type Space = components['schemas']['Space']
type BookingInput = components['schemas']['BookingInput']

/** The fuzz clock: Tuesday 24 November 2026, 11:00 in Lagos (the API tests' pinned day). */
export const FUZZ_NOW = new Date('2026-11-24T10:00:00Z')
export const FUZZ_WEBHOOK_SECRET = 'fuzz-webhook-secret'

export interface FuzzTarget {
  app: FastifyInstance
  db: Db
  roles: RoleSet
  pools: Pools
  /** Error lines the server logged, by request id (what a 500 was). */
  serverErrors: Map<string, string>
  close(): Promise<void>
}

const get = async <T>(app: FastifyInstance, url: string, headers = {}): Promise<T> => {
  const response = await app.inject({ url, headers })
  if (response.statusCode !== 200) throw new Error(`fuzz target: GET ${url} ${response.statusCode}`)
  return (response.json() as { data: T }).data
}

/** Builds the app on `db` (migrated, empty), seeds it, signs the people in, reads the pools. */
export async function startFuzzTarget(db: Db, now: Date = FUZZ_NOW): Promise<FuzzTarget> {
  await seedDemoData(db, now)
  const roles = await createRoles(db, now)
  const serverErrors = new Map<string, string>()
  const app = await buildApp({
    db,
    now: () => now,
    rateLimit: {
      address: { max: 10_000_000, timeWindow: '1 hour' },
      email: { max: 10_000_000, timeWindow: '1 hour' },
    },
    payments: { provider: 'sandbox', webhookSecret: FUZZ_WEBHOOK_SECRET },
    logger: {
      level: 'error',
      stream: {
        write(line: string) {
          try {
            const entry = JSON.parse(line) as { reqId?: string; err?: { stack?: string } }
            if (entry.reqId) serverErrors.set(entry.reqId, entry.err?.stack ?? line)
          } catch {
            // Not JSON: nothing to file it under.
          }
        },
      },
    },
  })
  await app.ready()
  const pools = await readPools(app, db, roles, now)
  return { app, db, roles, pools, serverErrors, close: () => app.close() }
}

const CALLBACKS = [
  '/event/rooftop-jazz',
  '/booked-coworking',
  'http://localhost:80/booked-printstudio?x=1',
  'http://localhost/event/x#frag',
  'https://evil.example/steal',
  '//evil.example/x',
  '/\\evil.example',
  'javascript:alert(1)',
  'http://user:pw@localhost/x',
  '',
]

async function readPools(app: FastifyInstance, db: Db, roles: RoleSet, now: Date): Promise<Pools> {
  const today = lagosDay(now)
  const member = roles.headers('member')
  const events = await get<Event[]>(app, '/api/events')
  const spaces = await get<Space[]>(app, '/api/schedules')
  const studio = await get<Space[]>(app, '/api/schedules/print-studio')
  const spotDays = await get<string[]>(app, '/api/events/available-days', member)
  const studioDays = await get<string[]>(app, '/api/events/available-days/print-studio')
  const people = Object.values(roles.people)
  const contacts = people.map((p) => ({
    Email: p.email,
    Name: p.name,
    Phone: '+234 803 555 0101',
  }))

  // Bookings the server can accept (prices for guests and for members), by kind.
  const bookings: BookingInput[] = []
  events.forEach((event, i) => {
    const days = eventDays(event).filter((day) => day >= today)
    const slots: (string | null)[] = event.TimeSlots.length > 0 ? event.TimeSlots : [null]
    const prices = [event.Price, event.FriendsPrice ?? event.Price].map((p) =>
      toKobo(Math.max(p, 0)),
    )
    const asked = metadataFields(event.metadata)
    days.slice(0, 3).forEach((day, d) => {
      for (const slot of slots) {
        for (const Amount of new Set(prices)) {
          const contact = contacts[(i + d) % contacts.length] as (typeof contacts)[number]
          bookings.push({
            ...contact,
            Event: event.ID,
            Type: 'event',
            Venue: event.Venue,
            Date: day,
            'Time Slot': slot,
            Amount,
            'Paid with': Amount === 0 ? 'free' : 'sandbox',
            'Payment Reference': null,
            Visitors: 0,
            metadata:
              asked.length > 0
                ? JSON.stringify(Object.fromEntries(asked.map((q) => [q, 'Phone'])))
                : null,
          })
        }
      }
    })
  })
  spaces.forEach((space, i) => {
    spotDays.slice(0, 4).forEach((day, d) => {
      for (const Visitors of [0, 1, 2, 3]) {
        for (const isMember of [false, true]) {
          const contact = contacts[
            (i + d + Visitors) % contacts.length
          ] as (typeof contacts)[number]
          const Amount = coworkingPriceKobo(Visitors, isMember)
          bookings.push({
            ...contact,
            Event: 'Co-working',
            Type: 'spot',
            Venue: space.Name,
            Date: day,
            'Time Slot': '10am - 10pm',
            Amount,
            'Paid with': Amount === 0 ? 'membership' : 'wallet',
            'Payment Reference': null,
            Visitors,
            'Names of Visitors': Visitors > 0 ? 'Tolu Adebayo, Ngozi Obi, Musa' : null,
          })
        }
      }
    })
  })
  studio.forEach((item, i) => {
    studioDays.slice(0, 4).forEach((day, d) => {
      for (const slot of PRINT_STUDIO_SLOTS) {
        const contact = contacts[(i + d) % contacts.length] as (typeof contacts)[number]
        bookings.push({
          ...contact,
          Event: PRINT_STUDIO_EVENT,
          Type: 'print-studio',
          Venue: item.Name,
          Date: day,
          'Time Slot': slot,
          Amount: printStudioPriceKobo(),
          'Paid with': 'sandbox',
          'Payment Reference': null,
          Visitors: 0,
        })
      }
    })
  })

  const accountIds = people.map((p) => p.accountId)
  const paid = bookings.filter((b) => (b.Amount ?? 0) > 0)
  const initiations = paid.flatMap((booking, i) => [
    {
      callbackUrl: CALLBACKS[i % 4] as string,
      email: booking.Email,
      payment: { Amount: booking.Amount, Currency: 'NGN', Account: null, Plan: null },
      booking,
    },
    {
      callbackUrl: '/profile',
      email: booking.Email,
      payment: {
        Amount: booking.Amount,
        Currency: 'NGN',
        Account: [accountIds[i % accountIds.length]],
        Plan: null,
      },
      booking,
    },
  ])
  const debits = bookings.map((booking) => ({
    debitAmount: booking.Amount === 0 ? null : booking.Amount,
    narration: booking.Type === 'event' ? String(booking.Event) : 'Co-working',
    booking,
  }))

  const walletIds = (await db.select({ id: wallets.id }).from(wallets)).map((w) => w.id)
  const references = (await db.select({ reference: payments.reference }).from(payments)).map(
    (p) => p.reference,
  )
  // Tickets of the demo bookings, so check-ins are admitted, already in, or for another day.
  const tickets = (await db.select({ code: bookingRows.ticketCode }).from(bookingRows)).map(
    (b) => b.code,
  )
  const days = Array.from({ length: 21 }, (_, i) => addDaysToDay(today, i - 3))
  const emails = [
    ...people.map((p) => p.email),
    ...roles.bystanders.map((b) => b.email),
    'new.person@example.com',
  ]
  const communityIds = [roles.communities.collective.id, roles.communities.other.id]
  const venues = [
    ...spaces.map((s) => s.Name),
    ...studio.map((s) => s.Name),
    ...events.map((e) => e.Venue),
    'Library. ',
    '8th floor',
  ]
  const amounts = [...new Set(bookings.map((b) => b.Amount as number)), 1, 99]
  const dynamicReferences = Array.from({ length: 8 }, (_, i) => `fuzzdyn-reference-${i}`)
  const accessCodes = Array.from({ length: 4 }, (_, i) => `fuzzdyn-access-${i}`)

  return {
    webhookSecret: FUZZ_WEBHOOK_SECRET,
    tokens: people.map((p) => ({ role: p.role, token: p.token })),
    bySchema: {
      BookingInput: bookings,
      PaymentInitiation: initiations,
      WalletDebit: debits,
    },
    byName: {
      Email: emails,
      email: emails,
      creatorEmail: emails,
      'Email Address': emails,
      'members[]': emails,
      'memberEmails[]': emails,
      Name: people.map((p) => p.name),
      Phone: ['+234 803 555 0101', '08035550101', '(0803) 555-0101'],
      Event: [...events.map((e) => e.ID), PRINT_STUDIO_EVENT, 'Co-working'],
      id: events.map((e) => e.ID),
      Venue: venues,
      Date: days,
      'Time Slot': [
        ...new Set(events.flatMap((e) => e.TimeSlots)),
        ...PRINT_STUDIO_SLOTS,
        '10am - 10pm',
        '4pm-8pm',
      ],
      Amount: amounts,
      debitAmount: amounts,
      Visitors: [0, 1, 2, 3, 20],
      walletId: [...walletIds, ...people.map((p) => p.walletId).filter(Boolean)],
      userId: accountIds,
      'Account[]': accountIds,
      reference: [...references, ...dynamicReferences],
      communityId: communityIds,
      code: ['WELCOME16', 'USED16', 'NOPE16', ...tickets],
      Plan: [null, 'individual-6m', 'community-4', 'topup'],
      callbackUrl: CALLBACKS,
      metadata: ['{}', '{"Camera type":"Phone"}', 'not json', '[]', 'null', '{"x":1}'],
      narration: ['Co-working', ' ', 'Rooftop Jazz'],
      event: ['charge.success', 'charge.failed', 'transfer.success'],
      access_code: accessCodes,
    },
  }
}
