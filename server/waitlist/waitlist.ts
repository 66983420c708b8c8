import { addHours } from 'date-fns'
import { and, asc, eq, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { isValidDay, lagosDay } from '../../machines/rules/dates'
import { hasEnded } from '../../machines/rules/events'
import type { components } from '../../openapi/schema'
import { ALREADY_BOOKED, claim, counterOf } from '../bookings/places'
import { eventPlaceAsked } from '../bookings/quote'
import { type Db, retriedTransaction, type Tx } from '../db/client'
import {
  type Booking as BookingRow,
  bookingPlaces,
  bookings,
  type WaitlistEntry as EntryRow,
  type Event as EventRow,
  events,
  type NewBooking as NewBookingRow,
  waitlistEntries,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, conflict, forbidden, notFound } from '../http/http-error'
import { queueMail } from '../mail/outbox'
import { isActiveMember } from '../memberships/membership'
import { joinedMail, offerEndedMail, offerMail, waitlistWhat } from './waitlist-mail'

// The waitlist of sold-out event days (issue 27). A person joins the line of a day and slot with
// no place left; when a place frees up (a cancellation, a hold that lapsed, staff raising the
// capacity) the first person waiting is offered it: a 'waitlist' booking (held, amount 0) holds
// the place for them until the offer ends, and an e-mail links to their entry's page. They take
// it by booking it as anyone books, with the same e-mail (server/bookings/book.ts gives their
// hold up for their booking in the same transaction; the trigger in
// server/db/functions/waitlist_entry_booked.sql marks their entry booked). An offer not taken in time passes to the next person.
//
// Lock order, everywhere: the place's counter row (booking_places), then the holds of its offers
// and its lapsed holds (bookings), then its entries, then the new holds. Every change to a place's
// line happens with its counter row locked, so offers of one place are made one transaction at a
// time, and never more than its capacity (each new hold is claimed through the counter too).

type WaitlistEntryBody = components['schemas']['WaitlistEntry']
type WaitlistJoin = components['schemas']['WaitlistJoin']

/** An event's day and slot ('' when it has none), as the waitlist and the counters name it. */
export interface WaitlistPlace {
  eventId: string
  date: string
  timeSlot: string
}

export const PLACES_LEFT = 'There are places left for this day: book one instead.'
export const BOOKED_THROUGH_OFFER = 'You booked this place: cancel the booking instead.'
export const NO_SUCH_ENTRY = 'No waitlist entry has this link: it may have been mistyped.'

/** Where a place's bookings are counted, as server/bookings/places.ts names a booking's place. */
const counted = (place: WaitlistPlace) => ({
  type: 'event' as const,
  eventId: place.eventId,
  venue: null,
  date: place.date,
  timeSlot: place.timeSlot === '' ? null : place.timeSlot,
})

const placeOf = (entry: Pick<EntryRow, 'eventId' | 'date' | 'timeSlot'>): WaitlistPlace => ({
  eventId: entry.eventId,
  date: entry.date,
  timeSlot: entry.timeSlot,
})

/** The entries of one day and slot. */
const inLine = (place: WaitlistPlace) =>
  and(
    eq(waitlistEntries.eventId, place.eventId),
    eq(waitlistEntries.date, place.date),
    eq(waitlistEntries.timeSlot, place.timeSlot),
  )

/** The bookings one place's counter row counts (an event's day and slot). */
const bookingsOf = (place: WaitlistPlace) =>
  and(
    eq(bookings.type, 'event'),
    eq(bookings.eventId, place.eventId),
    eq(bookings.date, place.date),
    sql`coalesce(${bookings.timeSlot}, '') = ${place.timeSlot}`,
  )

/** A hold holding the place of an offer still out (its entry is 'offered'): never taken back. */
const holdOfAnOffer = sql`EXISTS (SELECT 1 FROM ${waitlistEntries} AS o
  WHERE o.hold_booking_id = ${bookings.id} AND o.status = 'offered')`

/**
 * Locks the place's counter row (created at 0 the first time) until the commit, as a booking's
 * claim does; returns the places taken.
 */
async function lockCounter(tx: Tx, place: WaitlistPlace): Promise<number> {
  const [row] = await tx
    .insert(bookingPlaces)
    .values({ ...counterOf(counted(place)), taken: 0 })
    .onConflictDoUpdate({
      target: [bookingPlaces.type, bookingPlaces.thing, bookingPlaces.date, bookingPlaces.timeSlot],
      set: { taken: sql`${bookingPlaces.taken}` },
    })
    .returning({ taken: bookingPlaces.taken })
  return row?.taken ?? 0
}

/** The places taken now, read under the lock lockCounter took. */
async function takenOf(tx: Tx, place: WaitlistPlace): Promise<number> {
  const counter = counterOf(counted(place))
  const [row] = await tx
    .select({ taken: bookingPlaces.taken })
    .from(bookingPlaces)
    .where(
      and(
        eq(bookingPlaces.type, counter.type),
        eq(bookingPlaces.thing, counter.thing),
        eq(bookingPlaces.date, counter.date),
        eq(bookingPlaces.timeSlot, counter.timeSlot),
      ),
    )
  return row?.taken ?? 0
}

/** The places of the place's lapsed holds, but those holding an offer still out. */
async function lapsedPlaces(db: Db | Tx, place: WaitlistPlace, now: Date): Promise<number> {
  const [row] = await db
    .select({ places: sql<number>`coalesce(sum(1 + ${bookings.visitors}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(
      and(
        bookingsOf(place),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        sql`NOT ${holdOfAnOffer}`,
      ),
    )
  return row?.places ?? 0
}

/**
 * Offers of the place that are over pass on (the counter row is locked): a hold of an offer whose
 * time is over is cancelled once it has lapsed too (a card payment started within the offer keeps
 * its 15 minutes), and an offer left without a live hold ends: 'expired' when its time is over,
 * 'left' when its hold was cancelled before (the person cancelled it). Its place is offered next.
 */
async function passOnOffers(tx: Tx, place: WaitlistPlace, now: Date, site: string): Promise<void> {
  const overOffers = tx
    .select({ id: waitlistEntries.holdBookingId })
    .from(waitlistEntries)
    .where(
      and(
        inLine(place),
        eq(waitlistEntries.status, 'offered'),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
  await tx
    .update(bookings)
    .set({ status: 'cancelled', holdExpiresAt: null })
    .where(
      and(
        inArray(bookings.id, overOffers),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
      ),
    )
  const ended = await tx
    .update(waitlistEntries)
    .set({
      status: sql`CASE WHEN ${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}::timestamptz
        THEN 'expired' ELSE 'left' END`,
      updatedAt: now,
    })
    .where(
      and(
        inLine(place),
        eq(waitlistEntries.status, 'offered'),
        sql`NOT EXISTS (SELECT 1 FROM ${bookings} AS h
          WHERE h.id = ${waitlistEntries.holdBookingId} AND h.status IN ('held', 'confirmed'))`,
      ),
    )
    .returning()
  // Whoever's offer ran out hears so: nobody is left waiting for a place that went on.
  const expired = ended.filter((entry) => entry.status === 'expired')
  if (expired.length === 0) return
  const [event] = await tx
    .select({ name: events.name })
    .from(events)
    .where(eq(events.id, place.eventId))
  for (const entry of expired) {
    await queueMail(
      tx,
      offerEndedMail({
        to: entry.email,
        name: entry.name,
        what: waitlistWhat(event?.name ?? '', entry.date, entry.timeSlot || null),
        site,
        token: entry.token,
      }),
    )
  }
}

/**
 * Every lapsed hold of the place is taken back (its place returns by the trigger of migration
 * 0006), but a hold of an offer still out. A card payment of one paid after all is refunded
 * (decision 005), as when a booking takes back a lapsed hold.
 */
async function reclaimLapsed(tx: Tx, place: WaitlistPlace, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', holdExpiresAt: null })
    .where(
      and(
        bookingsOf(place),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        sql`NOT ${holdOfAnOffer}`,
      ),
    )
}

/** The hold of a place offered from the waitlist: one free place, for the person, until the offer ends. */
function offerHold(
  entry: EntryRow,
  hold: Pick<BookingRow, 'eventId' | 'venue' | 'date' | 'timeSlot' | 'accountId' | 'createdAt'> & {
    until: Date
  },
): NewBookingRow {
  const { until, ...place } = hold
  return {
    ...place,
    type: 'event',
    email: entry.email,
    name: entry.name,
    phone: entry.phone,
    amountMinor: 0,
    paidWith: 'waitlist',
    paymentReference: null,
    visitors: 0,
    status: 'held',
    holdExpiresAt: until,
  }
}

/**
 * Offers from the waitlist whose place was held by these card holds, just cancelled in this
 * transaction (their counter rows locked by it): each place is held for its person again by a
 * 'waitlist' hold until the offer ends, taking back the place its card hold gave back. An offer
 * already over is passed on by the waitlist's sweep.
 */
export async function keepOffers(tx: Tx, released: BookingRow[]): Promise<void> {
  const offers = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        inArray(
          waitlistEntries.holdBookingId,
          released.map((row) => row.id),
        ),
      ),
    )
    .for('update')
  for (const entry of offers) {
    const card = released.find((row) => row.id === entry.holdBookingId)
    if (!card || !entry.offerExpiresAt) continue
    const [hold] = await tx
      .insert(bookings)
      .values(
        offerHold(entry, {
          eventId: card.eventId,
          venue: card.venue,
          date: card.date,
          timeSlot: card.timeSlot,
          accountId: entry.accountId ?? card.accountId,
          until: entry.offerExpiresAt,
          createdAt: card.createdAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: bookings.id })
    if (hold) {
      await tx
        .update(waitlistEntries)
        .set({ holdBookingId: hold.id })
        .where(eq(waitlistEntries.id, entry.id))
    }
  }
}

/**
 * Offers the place to one person waiting: a 'waitlist' hold until the offer ends, claimed through
 * the counter, the entry offered, and the e-mail. 'full': the claim did not fit; 'skipped': the
 * person holds a booking of the place already (a card payment under way).
 */
async function offerOne(
  tx: Tx,
  event: EventRow,
  entry: EntryRow,
  now: Date,
  site: string,
): Promise<'offered' | 'full' | 'skipped'> {
  const place = counted(placeOf(entry))
  if (!(await claim(tx, place, 1, event.capacity))) return 'full'
  const until = addHours(now, event.waitlistOfferHours)
  const [hold] = await tx
    .insert(bookings)
    .values(
      offerHold(entry, {
        eventId: event.id,
        venue: event.venue,
        date: entry.date,
        timeSlot: place.timeSlot,
        accountId: entry.accountId,
        until,
        createdAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: bookings.id })
  if (!hold) return 'skipped'
  await tx
    .update(waitlistEntries)
    .set({
      status: 'offered',
      offeredAt: now,
      offerExpiresAt: until,
      holdBookingId: hold.id,
      updatedAt: now,
    })
    .where(eq(waitlistEntries.id, entry.id))
  await queueMail(
    tx,
    offerMail({
      to: entry.email,
      name: entry.name,
      what: waitlistWhat(event.name, entry.date, place.timeSlot),
      site,
      token: entry.token,
      until,
    }),
  )
  return 'offered'
}

/** Whether places of the day can still be offered: bookings open, the day and event not over. */
const stillOffered = (event: EventRow, place: WaitlistPlace, now: Date) =>
  event.rsvpOpen && place.date >= lagosDay(now) && event.endAt.getTime() > now.getTime()

/**
 * Offers the places free in one day and slot to the first people waiting, in the caller's
 * transaction: each gets a 'waitlist' hold until the offer ends and an e-mail. First the place's
 * counter row is locked (a cancellation holds it already, by the trigger) and offers over are
 * passed on; then, when someone is waiting, every lapsed hold is taken back (but those of offers
 * still out). Returns how many were offered.
 */
export async function offerFreedPlaces(
  tx: Tx,
  place: WaitlistPlace,
  now: Date,
  site: string,
): Promise<number> {
  const [event] = await tx.select().from(events).where(eq(events.id, place.eventId))
  if (!event) return 0
  await lockCounter(tx, place)
  await passOnOffers(tx, place, now, site)
  if (!stillOffered(event, place, now)) return 0
  // Nobody waiting: lapsed holds keep counting until a booking needs their place, as ever.
  const [anyone] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(inLine(place), eq(waitlistEntries.status, 'waiting')))
    .limit(1)
  if (!anyone) return 0
  await reclaimLapsed(tx, place, now)
  const free = event.capacity - (await takenOf(tx, place))
  let offered = 0
  const skipped: string[] = []
  while (offered < free) {
    const line = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          inLine(place),
          eq(waitlistEntries.status, 'waiting'),
          skipped.length > 0 ? notInArray(waitlistEntries.id, skipped) : undefined,
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(free - offered)
      .for('update')
    if (line.length === 0) break
    for (const entry of line) {
      const outcome = await offerOne(tx, event, entry, now, site)
      if (outcome === 'full') return offered
      if (outcome === 'offered') offered += 1
      else skipped.push(entry.id)
    }
  }
  return offered
}

/**
 * The days and slots with someone waiting, or an offer whose time is over (of `eventId` only,
 * when given), in one order, so transactions that lock several counter rows lock them alike.
 */
async function placesToSweep(db: Db | Tx, now: Date, eventId?: string): Promise<WaitlistPlace[]> {
  const due: SQL | undefined = or(
    and(eq(waitlistEntries.status, 'waiting'), sql`${waitlistEntries.date} >= ${lagosDay(now)}`),
    and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)),
  )
  return db
    .selectDistinct({
      eventId: waitlistEntries.eventId,
      date: waitlistEntries.date,
      timeSlot: waitlistEntries.timeSlot,
    })
    .from(waitlistEntries)
    .where(and(due, eventId === undefined ? undefined : eq(waitlistEntries.eventId, eventId)))
    .orderBy(asc(waitlistEntries.eventId), asc(waitlistEntries.date), asc(waitlistEntries.timeSlot))
}

/** As offerFreedPlaces, for every day and slot of an event with people waiting (staff raised its capacity). */
export async function offerFreedPlacesOfEvent(
  tx: Tx,
  eventId: string,
  now: Date,
  site: string,
): Promise<number> {
  let offered = 0
  for (const place of await placesToSweep(tx, now, eventId)) {
    offered += await offerFreedPlaces(tx, place, now, site)
  }
  return offered
}

/**
 * Offers not taken in time pass on; lapsed holds of waited-for places free up and are offered.
 * One transaction per place, its counter row locked first; a place that fails does not stop the
 * others (the first failure is thrown once all were tried). Returns how many places were offered.
 * Once `stopping` says so, the places not swept yet are left for the next sweep.
 */
export async function sweepWaitlists(
  db: Db,
  now: Date,
  site: string,
  stopping: () => boolean = () => false,
): Promise<number> {
  let offered = 0
  let failure: unknown = null
  for (const place of await placesToSweep(db, now)) {
    if (stopping()) break
    try {
      offered += await retriedTransaction(db, (tx) => offerFreedPlaces(tx, place, now, site))
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== null) throw failure
  return offered
}

// ---------------------------------------------------------------------------------------------
// The sweeper: offers over, and lapsed holds, passed on every minute.

export const SWEEP_MS = 60_000

export interface WaitlistSweeper {
  /** Sweep soon (on start), outside any request. */
  kick(): void
  /** One sweep now; resolves when done (with how many places were offered). */
  sweep(): Promise<number>
  /** Stops: the place being swept is finished, the others wait for the next start's sweep. */
  close(): Promise<void>
}

/** Starts this instance's sweeper: every SWEEP_MS, and when kicked. Never throws. */
export function startWaitlistSweeper(
  db: Db,
  {
    now,
    site,
    log,
    offered,
    everyMs = SWEEP_MS,
  }: {
    now: () => Date
    site: string
    log?: Pick<FastifyBaseLogger, 'error'>
    /** Places were offered (their e-mails are in the outbox). */
    offered?: () => void
    everyMs?: number
  },
): WaitlistSweeper {
  let running: Promise<number> | null = null
  let closed = false
  const sweep = (): Promise<number> => {
    if (closed) return Promise.resolve(0)
    running ??= sweepWaitlists(db, now(), site, () => closed)
      .then((count) => {
        if (count > 0) offered?.()
        return count
      })
      .catch((error) => {
        log?.error({ err: error }, 'waitlist: could not pass offers on; will retry')
        return 0
      })
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(() => void sweep(), everyMs)
  timer.unref()
  return {
    kick: () => {
      if (!closed) setImmediate(() => void (closed ? null : sweep()))
    },
    sweep,
    async close() {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The person's calls: join, read, leave.

/** An entry as the contract names it, with its place in line among those waiting. */
async function entryBody(db: Db | Tx, entry: EntryRow): Promise<WaitlistEntryBody> {
  const [event] = await db
    .select({ name: events.name })
    .from(events)
    .where(eq(events.id, entry.eventId))
  let position: number | null = null
  if (entry.status === 'waiting') {
    const [ahead] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(waitlistEntries)
      .where(
        and(
          inLine(placeOf(entry)),
          eq(waitlistEntries.status, 'waiting'),
          sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) <
            (SELECT e.created_at, e.id FROM ${waitlistEntries} AS e WHERE e.id = ${entry.id})`,
        ),
      )
    position = 1 + (ahead?.count ?? 0)
  }
  return {
    token: entry.token,
    status: entry.status,
    position,
    eventId: entry.eventId,
    eventName: event?.name ?? entry.eventId,
    date: entry.date,
    timeSlot: entry.timeSlot === '' ? null : entry.timeSlot,
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    joinedAt: entry.createdAt.toISOString(),
    offerExpiresAt:
      entry.status === 'offered' && entry.offerExpiresAt
        ? entry.offerExpiresAt.toISOString()
        : null,
  }
}

/** The day and slot asked for, checked against the event; 400/403 in people's words. */
async function placeAsked(
  db: Db,
  event: EventRow,
  input: WaitlistJoin,
  account: Account | null,
  now: Date,
): Promise<WaitlistPlace> {
  if (!isValidDay(input.date)) throw badRequest(`${input.date} is not a day on the calendar.`)
  const timing = { StartDate: event.startAt.toISOString(), EndDate: event.endAt.toISOString() }
  if (hasEnded(timing, now)) throw badRequest('This event has ended.')
  if (!event.rsvpOpen) {
    throw badRequest(`Bookings for ${event.name} are closed, so there is no waitlist to join.`)
  }
  if (event.membersOnly && !(await isActiveMember(db, account, now))) {
    throw forbidden('This event is for active members only.')
  }
  const place = eventPlaceAsked(event, input.date, input.timeSlot, now)
  // The waitlist names an event without slots by '' (its counters' key).
  return { eventId: event.id, date: place.date, timeSlot: place.timeSlot ?? '' }
}

/** The entry of this e-mail in the place's line (waiting or offered), if any. */
async function inLineAlready(
  db: Db | Tx,
  place: WaitlistPlace,
  email: string,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        inLine(place),
        eq(waitlistEntries.email, email),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
  return row
}

export interface JoinOrder {
  eventId: string
  input: WaitlistJoin
  account: Account | null
  now: Date
  /** The site's address, for the link in the e-mail. */
  site: string
}

/**
 * Joins the line of a sold-out day and slot (joinWaitlist). `created`: a new entry (201, and an
 * e-mail); else the entry this e-mail has in line already (200). 404 (no such event), 400 (not a
 * day or slot of it, bookings closed, a day gone), 403 (members only), 409 (places left; already
 * booked).
 */
export async function joinWaitlist(
  db: Db,
  { eventId, input, account, now, site }: JoinOrder,
): Promise<{ created: boolean; entry: WaitlistEntryBody }> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId))
  if (!event) throw notFound('This event does not exist.')
  const place = await placeAsked(db, event, input, account, now)
  const email = input.email.trim().toLowerCase()
  const entry = await retriedTransaction(db, async (tx) => {
    // The counter row first: a cancellation offering its place waits, or is waited for, so a
    // place that frees up now is either offered to this entry or answered 'book one instead'.
    const taken = await lockCounter(tx, place)
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(bookingsOf(place), eq(bookings.email, email), eq(bookings.status, 'confirmed')))
      .limit(1)
    if (booked) throw conflict(ALREADY_BOOKED)
    const there = await inLineAlready(tx, place, email)
    if (there) return { created: false, row: there }
    if (taken - (await lapsedPlaces(tx, place, now)) < event.capacity) throw conflict(PLACES_LEFT)
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        eventId: place.eventId,
        date: place.date,
        timeSlot: place.timeSlot,
        accountId: account?.id ?? null,
        email,
        name: input.name.trim(),
        phone: input.phone.trim(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) {
      const raced = await inLineAlready(tx, place, email)
      if (!raced) throw new Error('joinWaitlist: the entry was neither written nor found')
      return { created: false, row: raced }
    }
    await queueMail(
      tx,
      joinedMail({
        to: row.email,
        name: row.name,
        what: waitlistWhat(event.name, row.date, row.timeSlot),
        site,
        token: row.token,
        offerHours: event.waitlistOfferHours,
      }),
    )
    return { created: true, row }
  })
  return { created: entry.created, entry: await entryBody(db, entry.row) }
}

async function entryByToken(db: Db | Tx, token: string): Promise<EntryRow> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.token, token))
  if (!row) throw notFound(NO_SUCH_ENTRY)
  return row
}

const offerIsOver = (entry: EntryRow, now: Date) =>
  entry.status === 'offered' &&
  entry.offerExpiresAt !== null &&
  entry.offerExpiresAt.getTime() <= now.getTime()

/** An entry by its token (getWaitlistEntry); its own offer whose time is over is passed on first. */
export async function readWaitlistEntry(
  db: Db,
  token: string,
  now: Date,
  site: string,
): Promise<WaitlistEntryBody> {
  let entry = await entryByToken(db, token)
  if (offerIsOver(entry, now)) {
    await retriedTransaction(db, (tx) => offerFreedPlaces(tx, placeOf(entry), now, site))
    entry = await entryByToken(db, token)
  }
  return entryBody(db, entry)
}

/**
 * Leaves the line (leaveWaitlist): waiting, or offered (its hold cancelled, the place offered to
 * the next person). Left or expired: answered as it is. 409 once booked through it.
 */
export async function leaveWaitlist(
  db: Db,
  token: string,
  now: Date,
  site: string,
): Promise<WaitlistEntryBody> {
  const seen = await entryByToken(db, token)
  const place = placeOf(seen)
  const entry = await retriedTransaction(db, async (tx) => {
    await lockCounter(tx, place)
    // The entry's own offer whose time is over passes on first: it stays 'expired'.
    await passOnOffers(tx, place, now, site)
    // Under the counter's lock the entry's hold stays the same: it is cancelled before the entry
    // is locked (a payment confirming that hold locks it, then the entry, by the trigger).
    const [before] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, seen.id))
    if (before?.status === 'offered' && before.holdBookingId) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', holdExpiresAt: null })
        .where(and(eq(bookings.id, before.holdBookingId), eq(bookings.status, 'held')))
    }
    const [row] = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, seen.id))
      .for('update')
    if (!row) throw notFound(NO_SUCH_ENTRY)
    if (row.status === 'booked') throw conflict(BOOKED_THROUGH_OFFER)
    let left = row
    if (row.status === 'waiting' || row.status === 'offered') {
      const [updated] = await tx
        .update(waitlistEntries)
        .set({ status: 'left', updatedAt: now })
        .where(eq(waitlistEntries.id, row.id))
        .returning()
      left = updated ?? row
    }
    // A place given back (their offer, or one passed on just now) goes to the next in line.
    if (row.status !== 'waiting') await offerFreedPlaces(tx, place, now, site)
    return left
  })
  return entryBody(db, entry)
}
