import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { components } from '../../openapi/schema'
import type { Db } from '../../server/db/client.ts'
import { bookings, mailOutbox, wallets, walletTransactions } from '../../server/db/schema.ts'
import type { TestApi } from './api-app.ts'

// Booking bodies for the demo data on the pinned clock (Tuesday 24 November 2026, Lagos), as the
// app sends them, and small readers of what a caller or a person would notice afterwards.

export type BookingInput = components['schemas']['BookingInput']

export const GUEST = {
  Email: 'guest@example.com',
  Name: 'Guest Person',
  Phone: '+234 803 555 0199',
}

/** Limits no test of booking rules reaches (tests/api/rate-limit.test.ts tests the real ones). */
export const UNLIMITED = {
  address: { max: 100_000, timeWindow: '1 minute' },
  email: { max: 100_000, timeWindow: '1 minute' },
}

/** Demo days on the pinned clock. */
export const DAYS = {
  today: '2026-11-24',
  poetry: '2026-11-26',
  supper: '2026-11-28',
  riso: '2026-11-29',
  monday: '2026-11-30',
  photoWalk: '2026-12-01',
  brunch: '2026-12-03',
  openStudioMonday: '2026-12-07',
  beyondHorizon: '2026-12-31',
} as const

/** A free event: Poetry & Palm Wine, Thursday, 40 places. */
export const poetry = (extra: Partial<BookingInput> = {}): BookingInput => ({
  ...GUEST,
  Event: 'poetry-and-palm-wine',
  Type: 'event',
  Venue: 'Courtyard',
  Date: DAYS.poetry,
  Amount: 0,
  'Time Slot': '4pm - 8pm',
  'Paid with': 'free',
  'Payment Reference': null,
  ...extra,
})

/** A paid event: Rooftop Jazz today, ₦10,000 (₦8,000 for members). */
export const jazz = (extra: Partial<BookingInput> = {}): BookingInput => ({
  ...GUEST,
  Event: 'rooftop-jazz',
  Type: 'event',
  Venue: 'Rooftop Terrace',
  Date: DAYS.today,
  Amount: 1_000_000,
  'Time Slot': '4pm - 8pm',
  'Paid with': 'paystack',
  'Payment Reference': null,
  ...extra,
})

/** Co-working in a space, as the co-working panel sends it. */
export const spot = (extra: Partial<BookingInput> = {}): BookingInput => ({
  ...GUEST,
  Event: 'Book a spot',
  Type: 'spot',
  Venue: 'Library',
  Date: DAYS.poetry,
  Amount: 500_000,
  'Time Slot': '10am - 10pm',
  'Paid with': 'paystack',
  'Payment Reference': null,
  Visitors: 0,
  'Names of Visitors': null,
  ...extra,
})

/** A print-studio session, ₦30,000. */
export const studio = (extra: Partial<BookingInput> = {}): BookingInput => ({
  ...GUEST,
  Event: 'Visit',
  Type: 'print-studio',
  Venue: 'Print Studio',
  Date: DAYS.poetry,
  Amount: 3_000_000,
  'Time Slot': '10am - 2pm',
  'Paid with': 'paystack',
  'Payment Reference': null,
  ...extra,
})

/** POST /api/bookings/rsvp, from its own address unless told (so rate limits stay out of the way). */
export function rsvp(
  api: TestApi,
  body: unknown,
  { token, address = '198.51.100.10' }: { token?: string; address?: string } = {},
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url: '/api/bookings/rsvp',
    payload: body as object,
    remoteAddress: address,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

/** POST /api/wallets/debit/{walletId}. */
export function debitWallet(
  api: TestApi,
  walletId: string,
  body: { debitAmount: number | null; narration: string; booking: BookingInput },
  { token, address = '198.51.100.20' }: { token?: string; address?: string } = {},
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url: `/api/wallets/debit/${walletId}`,
    payload: body,
    remoteAddress: address,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

/** The booking rows made for one e-mail address. */
export function bookingsOf(db: Db, email: string) {
  return db.select().from(bookings).where(eq(bookings.email, email))
}

/** A wallet's balance in minor units. */
export async function balanceOf(db: Db, walletId: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balanceMinor })
    .from(wallets)
    .where(eq(wallets.id, walletId))
  if (!row) throw new Error(`No wallet ${walletId}`)
  return row.balance
}

/** The messages in the outbox to one address, oldest first. */
export function mailTo(db: Db, email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id)
}

/** A wallet's balance and what its ledger adds up to (credits minus debits). */
export async function walletBooks(db: Db, walletId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId))
  const [ledger] = await db
    .select({
      sum: sql<number>`coalesce(sum(case when ${walletTransactions.action} = 'credit' then ${walletTransactions.difference} else -${walletTransactions.difference} end), 0)`.mapWith(
        Number,
      ),
      debits: sql<number>`count(*) filter (where ${walletTransactions.action} = 'debit')`.mapWith(
        Number,
      ),
    })
    .from(walletTransactions)
    .where(eq(walletTransactions.walletId, walletId))
  return {
    balance: wallet?.balanceMinor ?? Number.NaN,
    ledger: ledger?.sum ?? 0,
    debits: ledger?.debits ?? 0,
  }
}

/**
 * The registered page as the RSVP panel leaves for it after Amaka's paid ticket to the Risograph
 * Workshop (its query carries the booking the page shows).
 */
export const RISO_REGISTERED_PATH = `/event/risograph-workshop/registered?${new URLSearchParams({
  email: 'amaka@example.com',
  name: 'Amaka Obi',
  time: '12pm - 4pm',
  date: '2026-11-28',
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  imgUrl: '/images/posters/riso-workshop.svg',
  starts: '2026-11-28T11:00:00.000Z',
  ends: '2026-11-28T19:00:00.000Z',
  type: 'event',
  rsvp: 'true',
  price: '15000',
  venue: 'Print Studio',
  timeslots: JSON.stringify(['12pm - 4pm', '4pm - 8pm']),
})}`
