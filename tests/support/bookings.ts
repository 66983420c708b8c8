import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { components } from '../../openapi/schema'
import type { Db } from '../../server/db/client.ts'
import {
  bookings,
  events,
  mailOutbox,
  type NewBooking,
  wallets,
  walletTransactions,
} from '../../server/db/schema.ts'
import { type TestApi, TODAY } from './api-app.ts'

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

/** The photo walk (its questions: Instagram handle, Camera type), from a wallet at the members' ₦2,500. */
export const photoWalk = (extra: Partial<BookingInput> = {}): BookingInput => ({
  ...GUEST,
  Event: 'photo-walk-lagos-island',
  Type: 'event',
  Venue: 'Meet at Tinubu Square',
  Date: DAYS.photoWalk,
  Amount: 250_000,
  'Time Slot': '7:30am - 11am',
  'Paid with': 'wallet',
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

/**
 * The code of the link in an e-mail asking a visitor to take their place (decision 040): the
 * link stands alone on its line, `<site>/confirm/<code>`; null when the mail has none.
 */
export const requestCodeIn = (text: string | undefined): string | null =>
  /^https?:\/\/\S+\/confirm\/([A-Za-z0-9]+)$/m.exec(text ?? '')?.[1] ?? null

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

/** Lagos wall-clock time on a day, as an instant (Lagos is UTC+1 all year). */
export const lagosAt = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`)

/** An event a test makes of its own (see eventMaker): when, its slots, price, places, cut-off. */
export interface EventShape {
  /** Its day, 'yyyy-MM-dd'. */
  day: string
  /** The Lagos clock time it starts, 'HH:mm'; it runs three hours. */
  start?: string
  slots: string[]
  /** In kobo. */
  price: number
  capacity?: number
  cancelCutoffHours?: number
}

export type EventRow = typeof events.$inferSelect

/**
 * Makes events of a test's own in the courtyard, named `name` and numbered ('Jollof Night 1',
 * id 'jollof-night-01'): at 7pm, with 20 places and the default cut-off unless the shape says.
 */
export function eventMaker(db: Db, name: string) {
  let serial = 0
  return async (shape: EventShape): Promise<EventRow> => {
    serial += 1
    const id = `${name.toLowerCase().replace(/\s+/g, '-')}-${String(serial).padStart(2, '0')}`
    const start = lagosAt(shape.day, shape.start ?? '19:00')
    await db.insert(events).values({
      id,
      name: `${name} ${serial}`,
      address: '16 Akin Olugbade Street, Victoria Island, Lagos',
      venue: 'Courtyard',
      startAt: start,
      endAt: new Date(start.getTime() + 3 * 3_600_000),
      timeSlots: shape.slots,
      priceNaira: shape.price / 100,
      capacity: shape.capacity ?? 20,
      ...(shape.cancelCutoffHours === undefined
        ? {}
        : { cancelCutoffHours: shape.cancelCutoffHours }),
    })
    const [row] = await db.select().from(events).where(eq(events.id, id))
    if (!row) throw new Error(`no event ${id}`)
    return row
  }
}

/** A ticket to the first slot of such an event, at its price, for `who`, paid as `paidWith`. */
export const ticketTo = (
  event: EventRow,
  who: Pick<BookingInput, 'Email' | 'Name' | 'Phone'>,
  paidWith: BookingInput['Paid with'],
): BookingInput => ({
  ...who,
  Event: event.id,
  Type: 'event',
  Venue: event.venue,
  Date: new Date(event.startAt.getTime() + 3_600_000).toISOString().slice(0, 10),
  Amount: event.priceNaira * 100,
  'Time Slot': event.timeSlots[0] ?? null,
  'Paid with': paidWith,
  'Payment Reference': null,
  Visitors: 0,
})

/**
 * A guest of today's Rooftop Jazz as staff would write one in SQL: its ticket comes from the
 * column's default. A walk-in unless `extra` names them.
 */
export const jazzGuestRow = (extra: Partial<NewBooking> = {}): NewBooking => ({
  email: 'walk.in@example.com',
  name: 'Walk In',
  phone: '+234 803 555 0199',
  eventId: 'rooftop-jazz',
  type: 'event',
  venue: 'Rooftop Terrace',
  date: TODAY,
  timeSlot: '4pm - 8pm',
  paidWith: 'free',
  ...extra,
})
