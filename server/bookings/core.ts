import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, getTableColumns, inArray, is, lte, ne, type SQL, sql } from 'drizzle-orm'
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import { bookingEnds, cancelCutoff } from '../../machines/rules/cancel-cutoff'
import { bookableDays, eventDays, isMonday, isValidDay, lagosDay } from '../../machines/rules/dates'
import { hasEnded, metadataFields, ticketPrice } from '../../machines/rules/events'
import { formatMinor, formatNaira } from '../../machines/rules/money'
import { coworkingPriceKobo, printStudioPriceKobo, toKobo } from '../../machines/rules/pricing'
import {
  COWORKING_HOURS,
  PRINT_STUDIO_SLOTS,
  parseSlot,
  slotInstants,
} from '../../machines/rules/slots'
import { cleanSpaceName, isMembersOnlySpace } from '../../machines/rules/spaces'
import { TICKET_CODE_BYTES, ticketCodeOf } from '../../machines/rules/ticket-code'
import type { components } from '../../openapi/schema'
import { type Db, retriedTransaction, sqlState, type Tx } from '../db/client'
import { perDatabase, preparedStatement } from '../db/prepared'
import {
  type Booking as BookingRow,
  bookingPlaces,
  bookings,
  type Event as EventRow,
  events,
  mailOutbox,
  type NewMailMessage,
  type PaidWith,
  type Space as SpaceRow,
  spaces,
  waitlistEntries,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/http-error'
import type { ReceiptEvent } from '../mail/outbox'
import { isActiveMember } from '../memberships/membership'

// The one place that prices a booking and takes a place for it (docs/decisions/026, 032). Every
// way of booking (free rsvp, wallet, card) goes through quoteBooking (the reads), prepareBooking
// (the row as it will be stored), then takePlace, the last write before the commit: one statement
// writes the booking and its receipt, then claims the place's counter row, last.

export type { BookingRow }

/** How long a pending card payment keeps its place. */
export const HOLD_MINUTES = 15

/** How many days ahead co-working and the print studio can be booked. */
export const BOOKING_HORIZON_DAYS = 14

export type BookingInput = components['schemas']['BookingInput']
type BookingBody = components['schemas']['Booking']

/** What the server charges for a booking and where its place is counted. */
export interface Quote {
  amountMinor: number
  currency: 'NGN'
  /** The event's name, 'Co-working' or 'Print Studio Session'. */
  title: string
  eventId: string | null
  venue: string | null
  timeSlot: string | null
  /** The places of this event day and slot, co-working space's day or studio session. */
  capacity: number
  /** The event's extra questions; none for co-working and the studio. */
  questions: string[]
  /** The booked event as its receipt tells it; null for co-working and the studio. */
  event: ReceiptEvent | null
  /** 1 + Visitors. */
  places: number
}

export const COWORKING_TITLE = 'Co-working'
export const PRINT_STUDIO_TITLE = 'Print Studio Session'

/** A price as people read it: '₦5,000', or with kobo when it has any. */
export function priceText(amountMinor: number): string {
  return amountMinor % 100 === 0 ? formatNaira(amountMinor / 100) : formatMinor(amountMinor, 'NGN')
}

/** The server's own spelling of a slot the booker chose: '4pm-8pm' and '4pm - 8pm' are one slot. */
export function matchSlot(
  chosen: string | null | undefined,
  offered: readonly string[],
): string | null {
  if (!chosen) return null
  const exact = offered.find((slot) => slot === chosen.trim())
  if (exact) return exact
  const range = parseSlot(chosen)
  if (!range) return null
  return (
    offered.find((slot) => {
      const other = parseSlot(slot)
      return other?.start === range.start && other.end === range.end
    }) ?? null
  )
}

const slotList = (slots: readonly string[]) =>
  slots.length === 1 ? slots[0] : `${slots.slice(0, -1).join(', ')} or ${slots.at(-1)}`

/** Whether a slot on a day is still to come or under way (a session that has ended is not). */
export function slotOpen(day: string, slot: string, now: Date): boolean {
  const instants = slotInstants(day, slot)
  return !instants || instants.end.getTime() > now.getTime()
}

/** A co-working day or studio session that is already over cannot be booked. */
function checkSlotOpen(day: string, slot: string, now: Date): void {
  if (!slotOpen(day, slot, now)) {
    throw badRequest(`${slot} on ${day} is over: please choose a later time or another day.`)
  }
}

/** Refuses days that are not days, Mondays and days gone by, before anything kind-specific. */
function checkDay(day: string, now: Date): void {
  if (!isValidDay(day)) throw badRequest(`${day} is not a day on the calendar.`)
  if (isMonday(day)) throw badRequest('We are closed on Mondays: please choose another day.')
  if (day < lagosDay(now)) throw badRequest('That day has passed: please choose another day.')
}

/**
 * Characters PostgreSQL cannot store: U+0000 (in text or jsonb: 'invalid byte sequence'), and an
 * unpaired UTF-16 surrogate (JSON's '\ud800' alone is no character; jsonb refuses it).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The first character of a text PostgreSQL cannot store, described; null when there is none. */
export function unstorableCharacter(text: string): string | null {
  if (text.includes('\u0000')) return 'U+0000'
  const found = UNPAIRED_SURROGATE.exec(text)?.[0]
  if (found === undefined) return null
  return `an unpaired surrogate, U+${found.charCodeAt(0).toString(16).toUpperCase()}`
}

function refuseUnstorable(text: string, field: string): void {
  const character = unstorableCharacter(text)
  if (character === null) return
  throw badRequest(
    `${field} contains a character we cannot store (${character}). Please remove it and try again.`,
  )
}

/**
 * Refuses a request body with a character PostgreSQL cannot store in any of its strings (which
 * would end in a 500), naming the field ('booking › Name') as the contract's validation messages
 * do. Call it before anything reads the body.
 */
export function refuseUnstorableText(value: unknown, path: string[] = []): void {
  const field = path.join(' › ') || 'The request body'
  if (typeof value === 'string') refuseUnstorable(value, field)
  else if (Array.isArray(value)) {
    for (const item of value) refuseUnstorableText(item, path)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseUnstorable(key, field)
      refuseUnstorableText(item, [...path, key])
    }
  }
}

/** The answers to an event's extra questions: a JSON object of text, only questions it asks. */
export function parseAnswers(
  metadata: string | null | undefined,
  asked: string[],
): Record<string, string> | null {
  if (metadata === null || metadata === undefined || metadata.trim() === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(metadata)
  } catch {
    throw badRequest('metadata must be a JSON object of answers, e.g. {"Camera type": "Phone"}.')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('metadata must be a JSON object of answers, e.g. {"Camera type": "Phone"}.')
  }
  const answers: Record<string, string> = {}
  for (const [question, answer] of Object.entries(parsed)) {
    // JSON's \u0000 and lone \ud800 escapes arrive here as characters; answers are stored as jsonb.
    refuseUnstorable(question, 'metadata')
    if (typeof answer === 'string') refuseUnstorable(answer, 'metadata')
    if (!asked.includes(question)) throw badRequest(`"${question}" is not a question we ask here.`)
    if (typeof answer !== 'string') throw badRequest(`The answer to "${question}" must be text.`)
    // Only filled answers are kept (the app sends only those; a blank one means no answer).
    if (answer.trim() !== '') answers[question] = answer.trim()
  }
  return Object.keys(answers).length > 0 ? answers : null
}

/** An event by its id: read by every event booking. */
const eventById = perDatabase((db) =>
  db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .limit(1)
    .prepare('booking_event_by_id'),
)

/** An event's row from the database (in the transaction `db` is); null when there is none. */
export async function readEvent(db: Db | Tx, id: string): Promise<EventRow | null> {
  const [row] = await eventById(db).execute({ id })
  return row ?? null
}

/**
 * An event's row from the public cache, as fresh as a read of the database when called (see
 * PublicCache): a rush of bookings reads it once, not once each. Not for a transaction's reads.
 */
export type CachedEventRow = (now: Date, id: string) => Promise<EventRow | null>

async function quoteEvent(
  db: Db | Tx,
  input: BookingInput,
  isMember: boolean,
  now: Date,
  cachedEventRow: CachedEventRow | null,
): Promise<Quote> {
  if (!input.Event) throw badRequest('Event is required: the ID of the event to book.')
  const row = cachedEventRow
    ? await cachedEventRow(now, input.Event)
    : await readEvent(db, input.Event)
  if (!row) throw notFound('This event does not exist.')
  const timing = { StartDate: row.startAt.toISOString(), EndDate: row.endAt.toISOString() }
  // In the order the app decides its button: ended, then sold out, then members only.
  if (hasEnded(timing, now)) throw badRequest('This event has ended.')
  if (!row.rsvpOpen) throw conflict('Sold out')
  if (row.membersOnly && !isMember) throw forbidden('This event is for active members only.')
  const days = eventDays(timing).filter((day) => day >= lagosDay(now))
  if (!days.includes(input.Date)) {
    throw badRequest(`${row.name} does not run on ${input.Date}: please choose one of its days.`)
  }
  const timeSlot = row.timeSlots.length > 0 ? matchSlot(input['Time Slot'], row.timeSlots) : null
  if (row.timeSlots.length > 0 && !timeSlot) {
    throw badRequest(`Please choose a time slot: ${slotList(row.timeSlots)}.`)
  }
  if ((input.Visitors ?? 0) > 0) {
    throw badRequest('A ticket is for one person: please book a ticket for each guest.')
  }
  const questions = metadataFields(row.metadata)
  parseAnswers(input.metadata, questions)
  return {
    amountMinor: toKobo(
      ticketPrice({ Price: row.priceNaira, FriendsPrice: row.friendsPriceNaira }, isMember),
    ),
    currency: 'NGN',
    title: row.name,
    eventId: row.id,
    venue: row.venue,
    timeSlot,
    capacity: row.capacity,
    questions,
    event: {
      address: row.address,
      startAt: row.startAt,
      endAt: row.endAt,
      cancelCutoffHours: row.cancelCutoffHours,
    },
    places: 1,
  }
}

/** A space or studio item by the name the app shows (trimmed, final period dropped). */
async function findSpace(db: Db | Tx, kind: SpaceRow['kind'], name: string | null | undefined) {
  const rows = await db.select().from(spaces).where(eq(spaces.kind, kind))
  const wanted = cleanSpaceName(name ?? '')
    .trim()
    .toLowerCase()
  const bookable = rows.filter((row) => row.coworking)
  return {
    match: bookable.find((row) => cleanSpaceName(row.name).trim().toLowerCase() === wanted),
    bookable,
  }
}

function checkBookableDay(day: string, now: Date): void {
  if (!bookableDays(now, BOOKING_HORIZON_DAYS).includes(day)) {
    throw badRequest(
      `Bookings open ${BOOKING_HORIZON_DAYS} days ahead: please choose a day from the list.`,
    )
  }
}

async function quoteSpot(
  db: Db | Tx,
  input: BookingInput,
  isMember: boolean,
  now: Date,
): Promise<Quote> {
  checkBookableDay(input.Date, now)
  if (!input.Venue) throw badRequest('Please choose a space.')
  const { match: space } = await findSpace(db, 'coworking', input.Venue)
  if (!space) throw badRequest(`There is no co-working space called "${input.Venue}".`)
  if (isMembersOnlySpace(space.name) && !isMember) {
    throw forbidden('The 8th Floor is for active members only.')
  }
  if (input['Time Slot'] && !matchSlot(input['Time Slot'], [COWORKING_HOURS])) {
    throw badRequest(`Co-working is open ${COWORKING_HOURS}: no other time slot can be booked.`)
  }
  // Co-working and the studio ask no extra questions: an empty object is fine, an answer is not.
  parseAnswers(input.metadata, [])
  checkSlotOpen(input.Date, COWORKING_HOURS, now)
  const visitors = input.Visitors ?? 0
  return {
    amountMinor: coworkingPriceKobo(visitors, isMember),
    currency: 'NGN',
    title: COWORKING_TITLE,
    eventId: null,
    venue: cleanSpaceName(space.name),
    timeSlot: COWORKING_HOURS,
    capacity: space.capacity,
    questions: [],
    event: null,
    places: placesOf({ visitors }),
  }
}

async function quoteStudio(db: Db | Tx, input: BookingInput, now: Date): Promise<Quote> {
  checkBookableDay(input.Date, now)
  const { match, bookable } = await findSpace(db, 'print-studio', input.Venue)
  // The studio has one item today; a booker who names none means that one.
  const item = match ?? (!input.Venue && bookable.length === 1 ? bookable[0] : undefined)
  if (!item) {
    throw badRequest(
      input.Venue
        ? `There is no print studio called "${input.Venue}".`
        : 'Please choose the print studio.',
    )
  }
  const timeSlot = matchSlot(input['Time Slot'], PRINT_STUDIO_SLOTS)
  if (!timeSlot) throw badRequest(`Please choose a time slot: ${slotList(PRINT_STUDIO_SLOTS)}.`)
  checkSlotOpen(input.Date, timeSlot, now)
  if ((input.Visitors ?? 0) > 0) {
    throw badRequest(
      'A print studio session is for one person: please book a session for each guest.',
    )
  }
  parseAnswers(input.metadata, [])
  return {
    amountMinor: printStudioPriceKobo(),
    currency: 'NGN',
    title: PRINT_STUDIO_TITLE,
    eventId: null,
    venue: cleanSpaceName(item.name),
    timeSlot,
    capacity: item.capacity,
    questions: [],
    event: null,
    places: 1,
  }
}

/**
 * Prices a booking from the server's own data and checks it can be made (not whether a place is
 * left: that is takePlace's). Refuses with a 4xx a person can act on.
 */
export async function quoteBooking(
  db: Db | Tx,
  input: BookingInput,
  account: Account | null,
  now: Date,
  cachedEventRow: CachedEventRow | null = null,
): Promise<Quote> {
  checkDay(input.Date, now)
  const isMember = await isActiveMember(db, account, now)
  const quote =
    input.Type === 'event'
      ? await quoteEvent(db, input, isMember, now, cachedEventRow)
      : input.Type === 'spot'
        ? await quoteSpot(db, input, isMember, now)
        : await quoteStudio(db, input, now)
  // Money is never taken from the browser: a stale or tampered Amount is refused, not charged.
  if (input.Amount !== undefined && input.Amount !== null && input.Amount !== quote.amountMinor) {
    throw badRequest(
      `The price has changed: this booking costs ${priceText(quote.amountMinor)}. Please review and try again.`,
    )
  }
  return quote
}

/** `column IS NOT DISTINCT FROM value`: an event without time slots stores null, and null = null. */
const sameSlot = (slot: string | null) => sql`${bookings.timeSlot} IS NOT DISTINCT FROM ${slot}`

/** Where a booking's places are counted, from what was booked (a booking row is one). */
interface PlaceOf {
  type: BookingRow['type']
  eventId: string | null
  venue: string | null
  date: string
  timeSlot: string | null
}

/** The places a booking takes: its booker and each extra guest. */
export const placesOf = (booking: { visitors: number }) => 1 + booking.visitors

/**
 * The place's row of booking_places, named as the trigger of migration 0006 names a booking's:
 * an event's day and slot, a space's day (co-working counts per day), a studio item's session.
 */
export function counterOf(place: PlaceOf) {
  return {
    type: place.type,
    thing: place.type === 'event' ? (place.eventId ?? '') : (place.venue ?? ''),
    date: place.date,
    timeSlot: place.type === 'spot' ? '' : (place.timeSlot ?? ''),
  }
}

/** The bookings one row of booking_places counts. */
function samePlace(place: PlaceOf): SQL | undefined {
  if (place.type === 'event') {
    return and(
      eq(bookings.eventId, place.eventId ?? ''),
      eq(bookings.date, place.date),
      sameSlot(place.timeSlot),
    )
  }
  const sameSpace = and(
    eq(bookings.type, place.type),
    eq(bookings.venue, place.venue ?? ''),
    eq(bookings.date, place.date),
  )
  // Co-working counts per day; studio sessions per time slot.
  return place.type === 'spot' ? sameSpace : and(sameSpace, sameSlot(place.timeSlot))
}

/**
 * The one way a booking's status changes once it is written: a held booking confirmed (its card
 * payment succeeded) or cancelled (released, given up, or reclaimed once expired); a hold's expiry
 * goes with it. Its places follow in the same statement: the trigger of migration 0006 takes a
 * cancelled booking's places off its counter row. Returns the bookings changed.
 */
async function setStatus(
  tx: Tx,
  which: SQL | undefined,
  status: 'confirmed' | 'cancelled',
): Promise<BookingRow[]> {
  return tx.update(bookings).set({ status, holdExpiresAt: null }).where(which).returning()
}

/**
 * The places of an unproven booking (decision 040) and how many such places its event's day and
 * slot may hold; a proven booking's claim is { places: 0 } and meets no share.
 */
export interface UnprovenClaim {
  places: number
  share: number
}

/** Decision 040: visitors' unproven free tickets hold at most a third of a day's places. */
export const VISITOR_SHARE = 1 / 3

// No share to meet (the counters are PostgreSQL integers, so no larger than theirs).
const PROVEN: UnprovenClaim = { places: 0, share: 2_000_000_000 }

/**
 * How many places of an event's day and slot visitors' unproven free bookings may hold: a third
 * of them (one at least), so a script's made-up addresses leave two thirds to people who prove
 * theirs (decision 040). `visitorShare` 1 lifts the cap (tests of other rules).
 */
export function unprovenShare(capacity: number, visitorShare: number): number {
  return Math.max(1, Math.floor(capacity * visitorShare))
}

/**
 * The capacity decision, one statement: the place's counter row (created at 0 the first time) is
 * locked until the commit, and the claim holds only when `places` more fit in `capacity` (and an
 * unproven booking's places in its share). The booking's insert then adds them (the trigger); a
 * claim of 0 checks the place is not over-full.
 */
export async function claim(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  unproven: UnprovenClaim = PROVEN,
): Promise<boolean> {
  const fits = (row: { taken: number; unproven: number }) =>
    row.taken + places <= capacity && row.unproven + unproven.places <= unproven.share
  const [row] = await tx
    .insert(bookingPlaces)
    .values({ ...counterOf(place), taken: 0 })
    .onConflictDoUpdate({
      target: [bookingPlaces.type, bookingPlaces.thing, bookingPlaces.date, bookingPlaces.timeSlot],
      set: { taken: sql`${bookingPlaces.taken}` },
      setWhere: sql`${bookingPlaces.taken} + ${places} <= ${capacity}
        AND ${bookingPlaces.unproven} + ${unproven.places} <= ${unproven.share}`,
    })
    .returning({ taken: bookingPlaces.taken, unproven: bookingPlaces.unproven })
  return row !== undefined && fits(row)
}

/**
 * After a claim that did not fit (the counter row is locked): the place's expired holds are
 * cancelled, the earliest expired first, as many as the claim needs, and their places go back.
 * A card payment of one that is paid after all is refunded (decision 005). `keep`: a hold not to
 * take. Returns whether any was taken back.
 */
async function reclaimLapsedHolds(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  now: Date,
  keep: string | null = null,
): Promise<boolean> {
  const counter = counterOf(place)
  const needed = sql`(SELECT ${bookingPlaces.taken} FROM ${bookingPlaces}
    WHERE ${and(
      eq(bookingPlaces.type, counter.type),
      eq(bookingPlaces.thing, counter.thing),
      eq(bookingPlaces.date, counter.date),
      eq(bookingPlaces.timeSlot, counter.timeSlot),
    )}) + ${places} - ${capacity}`
  const lapsed = and(
    samePlace(place),
    eq(bookings.status, 'held'),
    lte(bookings.holdExpiresAt, now),
    keep ? ne(bookings.id, keep) : undefined,
  )
  // Each lapsed hold with the places freed before it, earliest expiry first.
  const taken = sql`SELECT id FROM (
      SELECT ${bookings.id}, sum(1 + ${bookings.visitors})
        OVER (ORDER BY ${bookings.holdExpiresAt}, ${bookings.id}) - (1 + ${bookings.visitors}) AS freed_before
      FROM ${bookings} WHERE ${lapsed}
    ) AS lapsed WHERE freed_before < ${needed}`
  const freed = await setStatus(
    tx,
    and(sql`${bookings.id} IN (${taken})`, eq(bookings.status, 'held')),
    'cancelled',
  )
  return freed.length > 0
}

/** Claims places, taking back expired holds of the place when they are needed. */
async function claimOrReclaim(
  tx: Tx,
  place: PlaceOf,
  places: number,
  capacity: number,
  now: Date,
  keep: string | null = null,
  unproven: UnprovenClaim = PROVEN,
): Promise<boolean> {
  if (await claim(tx, place, places, capacity, unproven)) return true
  return (
    (await reclaimLapsedHolds(tx, place, places, capacity, now, keep)) &&
    (await claim(tx, place, places, capacity, unproven))
  )
}

export const ALREADY_BOOKED = "You're already booked for this"

/**
 * One booking per person per thing (docs/decisions/015): the same event day and slot, the same
 * co-working day (whichever space), the same studio session. A confirmed one is refused with 409
 * and the booking itself; the ids of a card payment's holds of theirs for it are returned, to be
 * given up for the new booking (its place goes back, and should it be paid after all, it is
 * refunded), since the person is paying again. The unique indexes of bookings are what makes the
 * rule hold when two attempts come at once: the second insert is refused, and this answers it.
 * A place the waitlist holds for them (paid_with 'waitlist') is one of these holds.
 */
async function heldByThem(
  tx: Tx,
  place: PlaceOf,
  email: string,
  title: string,
  event: BookedEvent | null,
): Promise<BookingRow[]> {
  const same =
    place.type === 'event'
      ? and(
          eq(bookings.eventId, place.eventId ?? ''),
          eq(bookings.date, place.date),
          sameSlot(place.timeSlot),
        )
      : place.type === 'spot'
        ? and(eq(bookings.type, 'spot'), eq(bookings.date, place.date))
        : and(
            eq(bookings.type, place.type),
            eq(bookings.date, place.date),
            sameSlot(place.timeSlot),
          )
  const mine = await tx
    .select()
    .from(bookings)
    .where(and(same, eq(bookings.email, email), ne(bookings.status, 'cancelled')))
  const confirmed = mine.find((row) => row.status === 'confirmed')
  if (confirmed) throw new HttpError(409, ALREADY_BOOKED, bookingBody(confirmed, title, event))
  return mine.filter((row) => row.status === 'held')
}

/** Visitor names as the app joins them: trimmed, blanks dropped; null when there are none. */
function cleanNames(names: string | null | undefined): string | null {
  const kept = (names ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return kept.length > 0 ? kept.join(', ') : null
}

export interface PlaceRequest {
  input: BookingInput
  quote: Quote
  account: Account | null
  paidWith: PaidWith
  paymentReference: string | null
  paymentId?: string | null
  /** A pending card payment's hold ends then; without it the booking is confirmed. */
  holdUntil?: Date | null
  /**
   * A visitor's free booking, unproven (decision 040): the share of the event's places such
   * bookings may hold. Unset: the booking is proven (a login, an opened link, a payment).
   */
  visitorShare?: number
  now: Date
}

/** How a booking that costs nothing is recorded: a member's free co-working, or a free event. */
export function freePayment(
  input: BookingInput,
  account: Account | null,
): {
  paidWith: PaidWith
  paymentReference: string
} {
  const member = input.Type === 'spot' && account !== null
  return { paidWith: member ? 'membership' : 'free', paymentReference: 'Free booking' }
}

/** A booking checked and ready to write: the row as it will be stored, and where it counts. */
export interface PreparedBooking {
  row: BookingRow
  capacity: number
  title: string
  /** The booked event (null for co-working and the studio): a 409's booking says its cut-off. */
  event: BookedEvent | null
  /** An unproven booking's places and their share; { places: 0 } for a proven one. */
  unproven: UnprovenClaim
  now: Date
}

/**
 * Thrown by takePlace when an unproven booking would fit in the place but not in the share of
 * unproven bookings (decision 040): the booking is then asked for (server/bookings/requests.ts).
 */
export class UnprovenShareTaken extends Error {
  constructor() {
    super("The visitors' share of this event's places is taken")
  }
}

/** A ticket's code, people can read and type (decision 041): 80 random bits. */
const newTicketCode = () => ticketCodeOf(randomBytes(TICKET_CODE_BYTES))

/** A booking's manage code, in its link only: 122 random bits, as its column's default. */
const newManageCode = () => randomUUID().replaceAll('-', '')

/**
 * Everything a booking needs before its place is claimed, without the database: the row as it
 * will be stored (its id, time and ticket included, so its receipt can be made before it is
 * written) and the answers checked. The one-booking-per-person rule is takePlace's.
 */
export function prepareBooking(p: PlaceRequest): PreparedBooking {
  const { input, quote, now } = p
  const unproven = p.visitorShare !== undefined
  return {
    row: {
      id: randomUUID(),
      type: input.Type,
      eventId: quote.eventId,
      venue: quote.venue,
      date: input.Date,
      timeSlot: quote.timeSlot,
      accountId: p.account?.id ?? null,
      email: input.Email.trim().toLowerCase(),
      name: input.Name.trim(),
      phone: input.Phone.trim(),
      amountMinor: quote.amountMinor,
      paidWith: p.paidWith,
      paymentReference: p.paymentReference,
      paymentId: p.paymentId ?? null,
      visitors: quote.places - 1,
      namesOfVisitors: cleanNames(input['Names of Visitors']),
      metadata: parseAnswers(input.metadata, quote.questions),
      status: p.holdUntil ? 'held' : 'confirmed',
      holdExpiresAt: p.holdUntil ?? null,
      ticketCode: newTicketCode(),
      manageCode: newManageCode(),
      checkedInAt: null,
      checkedInBy: null,
      cancelledAt: null,
      unproven,
      createdAt: now,
    },
    capacity: quote.capacity,
    title: quote.title,
    event: quote.event,
    unproven: unproven
      ? { places: quote.places, share: unprovenShare(quote.capacity, p.visitorShare ?? 1) }
      : PROVEN,
    now,
  }
}

/** A row as one JSON object of its columns' names, for jsonb_populate_record. */
function asRecord(table: PgTable, row: Record<string, unknown>): string {
  const record: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[key]
    if (value !== undefined)
      record[column.name] = value instanceof Date ? value.toISOString() : value
  }
  return JSON.stringify(record)
}

const quoted = (names: string[], prefix = '') =>
  sql.raw(names.map((name) => `${prefix}"${name}"`).join(', '))
const BOOKING_COLUMNS = Object.values(getTableColumns(bookings)).map((column) => column.name)
const RECEIPT_COLUMNS = ['to_address', 'subject', 'text', 'html', 'attachments']
const placeholder = (name: string) => sql.placeholder(name)

/**
 * The common case in one statement, its own transaction when not in the caller's
 * (docs/decisions/032). In this order: the booking, written unless the place already looked full
 * (a read, no lock) or a booking of theirs stands in the way (the unique indexes); its receipt;
 * then the claim, last, so the place's counter row stays locked from the claim to the commit
 * only: it adds the booking's places if they fit. If they no longer do, booking_place_taken()
 * aborts the statement (SQLSTATE SX409) and nothing of it is kept. The claim counts the booking
 * itself: 'counted' names it for the counter trigger and the new-bookings notice of migrations
 * 0006 and 0011, which leave it alone. The public cache hears of the booking only when it fills
 * its place: one that leaves room changes no public answer. The booking and its receipt are
 * bound as JSON, one value each.
 */
const claimAndWrite = preparedStatement<{ written: boolean }>(
  'booking_written_then_claimed',
  sql`WITH written AS (
      INSERT INTO ${bookings} (${quoted(BOOKING_COLUMNS)})
      SELECT ${quoted(BOOKING_COLUMNS, 'r.')}
      FROM jsonb_populate_record(NULL::${bookings}, ${placeholder('booking')}::jsonb) AS r
      WHERE ${placeholder('places')} <= ${placeholder('capacity')}
        AND ${placeholder('unproven')} <= ${placeholder('share')} AND NOT EXISTS (
        SELECT 1 FROM ${bookingPlaces} AS p
        WHERE p.type = ${placeholder('type')} AND p.thing = ${placeholder('thing')}
          AND p.date = ${placeholder('date')} AND p.time_slot = ${placeholder('timeSlot')}
          AND (p.taken + ${placeholder('places')} > ${placeholder('capacity')}
            OR p.unproven + ${placeholder('unproven')} > ${placeholder('share')}))
      ON CONFLICT DO NOTHING
      RETURNING id
    ), mailed AS (
      INSERT INTO ${mailOutbox} (${quoted(RECEIPT_COLUMNS)})
      SELECT ${quoted(RECEIPT_COLUMNS, 'r.')}
      FROM written, jsonb_populate_record(NULL::${mailOutbox}, ${placeholder('receipt')}::jsonb) AS r
      WHERE ${placeholder('receipt')}::jsonb IS NOT NULL
      RETURNING 1
    ), counted AS (
      SELECT set_config('sixteen.booking_counted', id::text, true) FROM written
    ), claim AS (
      -- From 'counted' and after 'mailed' (the scalar subquery runs it first): nothing is left to
      -- write once the counter row is locked.
      INSERT INTO ${bookingPlaces} (type, thing, date, time_slot, taken, unproven)
      SELECT ${placeholder('type')}, ${placeholder('thing')}, ${placeholder('date')}, ${placeholder('timeSlot')}, ${placeholder('places')}, ${placeholder('unproven')}
      FROM counted WHERE (SELECT count(*) FROM mailed) >= 0
      ON CONFLICT (type, thing, date, time_slot) DO UPDATE
        SET taken = ${bookingPlaces}.taken + EXCLUDED.taken,
          unproven = ${bookingPlaces}.unproven + EXCLUDED.unproven
        WHERE ${bookingPlaces}.taken + EXCLUDED.taken <= ${placeholder('capacity')}
          AND ${bookingPlaces}.unproven + EXCLUDED.unproven <= ${placeholder('share')}
      RETURNING taken
    ), full_now AS (
      SELECT pg_notify('public_data_changed', 'bookings') FROM claim
      WHERE claim.taken >= ${placeholder('capacity')}
    )
    -- 'said' reads full_now, which is what sends its notice.
    SELECT CASE WHEN EXISTS (SELECT 1 FROM written) AND NOT EXISTS (SELECT 1 FROM claim)
        THEN booking_place_taken() ELSE EXISTS (SELECT 1 FROM written) END AS written,
      (SELECT count(*) FROM full_now) AS said`,
)

/** The SQLSTATE booking_place_taken() raises (migration 0011). */
const PLACE_TAKEN = 'SX409'

/**
 * Runs the one statement; false: the places do not fit, or a booking of theirs is in the way.
 * In the caller's transaction it runs under a savepoint, so its abort leaves the transaction
 * usable for writeWithCare.
 */
async function writeAtOnce(
  db: Db | Tx,
  { row, capacity, unproven }: PreparedBooking,
  receipt: NewMailMessage | null,
): Promise<boolean> {
  const values = {
    ...counterOf(row),
    places: placesOf(row),
    capacity,
    unproven: unproven.places,
    share: unproven.share,
    booking: asRecord(bookings, row),
    receipt: receipt ? asRecord(mailOutbox, receipt) : null,
  }
  try {
    const [result] = is(db, PgTransaction)
      ? await (db as Tx).transaction((savepoint) => claimAndWrite(savepoint, values))
      : await claimAndWrite(db, values)
    return result?.written === true
  } catch (error) {
    if (sqlState(error) === PLACE_TAKEN) return false
    throw error
  }
}

/**
 * The rest, inside a transaction, in the order a person reads the refusals: a confirmed booking of
 * theirs for the same thing (409 with it), then the places (409 'Sold out'). Their pending card
 * payment's hold for it is given up, expired holds of the place are taken back when they are
 * needed; should their booking be written meanwhile (another request, another instance), the
 * insert is refused and this is answered again.
 */
async function writeWithCare(
  tx: Tx,
  booking: PreparedBooking,
  receipt: NewMailMessage | null,
): Promise<BookingRow> {
  const { capacity, title, now } = booking
  for (let attempt = 1; attempt <= 3; attempt++) {
    let row = booking.row
    let unproven = booking.unproven
    const givesUp = await heldByThem(tx, row, row.email, title, booking.event)
    const ids = givesUp.map((held) => held.id)
    if (givesUp.length > 0) {
      // A place held for them (a waitlist's offer, reached by its e-mail, or a card payment):
      // theirs already, so never asked for again.
      unproven = PROVEN
      row = { ...row, unproven: false }
      // The place's counter row first, as offers from the waitlist and the reclaim of lapsed
      // holds lock them (server/waitlist/waitlist.ts), then the holds: a claim of nothing.
      await claim(tx, row, 0, capacity)
      await setStatus(tx, and(inArray(bookings.id, ids), eq(bookings.status, 'held')), 'cancelled')
      row = keepsOfferTime(row, givesUp)
    }
    if (!(await claimOrReclaim(tx, row, placesOf(row), capacity, now, null, unproven))) {
      // Room for a proven booking, none left in the unproven share: the booking is asked for.
      if (unproven.places > 0 && (await claim(tx, row, placesOf(row), capacity))) {
        throw new UnprovenShareTaken()
      }
      throw conflict('Sold out')
    }
    const [written] = await tx.insert(bookings).values(row).onConflictDoNothing().returning()
    if (written) {
      if (receipt) await tx.insert(mailOutbox).values(receipt)
      if (written.status === 'held' && written.type === 'event' && ids.length > 0) {
        await passOfferHold(tx, ids, written.id, now)
      }
      return written
    }
  }
  throw conflict(ALREADY_BOOKED)
}

/**
 * A held booking (a card payment) that gives up a hold of theirs keeps the place at least as long
 * as that hold would have: a place offered from the waitlist stays theirs until the offer ends,
 * however soon a card payment started within it is abandoned. A card hold given up for a new one
 * ended before the new one's, so it changes nothing.
 */
function keepsOfferTime(row: BookingRow, givesUp: BookingRow[]): BookingRow {
  if (row.status !== 'held' || !row.holdExpiresAt) return row
  const latest = Math.max(
    row.holdExpiresAt.getTime(),
    ...givesUp.map((held) => held.holdExpiresAt?.getTime() ?? 0),
  )
  return latest > row.holdExpiresAt.getTime() ? { ...row, holdExpiresAt: new Date(latest) } : row
}

/**
 * The offer from the waitlist whose place was held by a hold given up now is held by the new
 * held booking (the person pays by card for the place offered): its entry points at it.
 */
async function passOfferHold(tx: Tx, from: string[], to: string, now: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ holdBookingId: to, updatedAt: now })
    .where(and(eq(waitlistEntries.status, 'offered'), inArray(waitlistEntries.holdBookingId, from)))
}

/**
 * Claims a prepared booking's places and writes it, with its receipt when given: in one
 * statement when nothing stands in the way (outside a transaction, that statement is the
 * transaction), else in a transaction (writeWithCare). In the caller's transaction, call it last,
 * so the place's counter row stays locked only until the commit. Throws 409 'You're already
 * booked for this' (with the booking) when the same person has a confirmed booking of the same
 * thing, and 409 'Sold out' when the places are gone.
 */
export async function takePlace(
  db: Db | Tx,
  booking: PreparedBooking,
  receipt: NewMailMessage | null = null,
): Promise<BookingRow> {
  if (await writeAtOnce(db, booking, receipt)) return booking.row
  if (is(db, PgTransaction)) return writeWithCare(db as Tx, booking, receipt)
  // Run again if PostgreSQL gave it up for a cancellation or the waitlist's sweeper (holds of
  // the same place, locked in another order).
  return retriedTransaction(db, (tx) => writeWithCare(tx, booking, receipt))
}

/**
 * Takes a place and writes the booking, inside the caller's transaction: held until `holdUntil`
 * (a pending card payment) or confirmed. Throws 409 'Sold out' when the places are gone.
 */
export async function placeBooking(tx: Tx, p: PlaceRequest): Promise<BookingRow> {
  return takePlace(tx, prepareBooking(p))
}

/** The capacity a booking row counts against, found again from the server's data. */
async function capacityOf(tx: Tx, row: BookingRow): Promise<number> {
  if (row.type === 'event') {
    const [event] = await tx
      .select({ capacity: events.capacity })
      .from(events)
      .where(eq(events.id, row.eventId ?? ''))
    return event?.capacity ?? 0
  }
  const kind = row.type === 'spot' ? 'coworking' : 'print-studio'
  const { match } = await findSpace(tx, kind, row.venue)
  return match?.capacity ?? 0
}

/**
 * Confirms one held booking. A hold still counts in its place until a booking needs it back, so
 * a lapsed hold nobody reclaimed keeps its place, unless the place is over-full (its capacity
 * lowered, bookings written by hand) and other lapsed holds cannot make room: then it is
 * cancelled.
 */
async function confirmOne(tx: Tx, row: BookingRow, now: Date): Promise<BookingRow> {
  const lapsed = !row.holdExpiresAt || row.holdExpiresAt.getTime() <= now.getTime()
  const keeps =
    !lapsed || (await claimOrReclaim(tx, row, 0, await capacityOf(tx, row), now, row.id))
  const [updated] = await setStatus(tx, eq(bookings.id, row.id), keeps ? 'confirmed' : 'cancelled')
  return updated ?? row
}

/**
 * A card payment succeeded: its held booking becomes confirmed. If the hold had lapsed and the
 * place was taken meanwhile, the booking is cancelled and `full` says the payment must be refunded.
 * Returns the bookings now confirmed.
 */
export async function confirmHeldBookings(
  tx: Tx,
  paymentId: string,
  now: Date,
): Promise<{ bookings: BookingRow[]; full: boolean }> {
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'held')))
    .for('update')
  const settled: BookingRow[] = []
  for (const row of held) settled.push(await confirmOne(tx, row, now))
  return {
    bookings: settled.filter((row) => row.status === 'confirmed'),
    full: settled.some((row) => row.status === 'cancelled'),
  }
}

/**
 * A card payment failed or was abandoned: its held places go back, but for a place offered from
 * the waitlist to its payer: that one is held for them again until the offer ends.
 */
export async function releaseHeldBookings(tx: Tx, paymentId: string): Promise<void> {
  const released = await setStatus(
    tx,
    and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'held')),
    'cancelled',
  )
  const events = released.filter((row) => row.type === 'event')
  if (events.length > 0) await keepOffers(tx, events)
}

/**
 * Offers from the waitlist whose place was held by these card holds, just cancelled in this
 * transaction (their counter rows locked by it): each place is held for its person again by a
 * 'waitlist' hold until the offer ends, taking back the place its card hold gave back. An offer
 * already over is passed on by the waitlist's sweep.
 */
async function keepOffers(tx: Tx, released: BookingRow[]): Promise<void> {
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
      .values({
        type: 'event',
        eventId: card.eventId,
        venue: card.venue,
        date: card.date,
        timeSlot: card.timeSlot,
        accountId: entry.accountId ?? card.accountId,
        email: entry.email,
        name: entry.name,
        phone: entry.phone,
        amountMinor: 0,
        paidWith: 'waitlist',
        paymentReference: null,
        visitors: 0,
        status: 'held',
        holdExpiresAt: entry.offerExpiresAt,
        createdAt: card.createdAt,
      })
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

/** What a booking's body reads of its event: when it runs, and its cancel cut-off. */
export type BookedEvent = Pick<ReceiptEvent, 'startAt' | 'endAt' | 'cancelCutoffHours'>

/**
 * A booking as the contract names it; `title` is the event's name or what was booked. `event`:
 * the booked event (null for co-working and the studio), which gives until when it can be
 * cancelled and when it ends; left out (undefined) where the caller has not read it, and then so
 * are those.
 */
export function bookingBody(
  row: BookingRow,
  title: string,
  event?: BookedEvent | null,
): BookingBody {
  const known = event !== undefined || row.type !== 'event' || !row.eventId
  const booked = row.type === 'event' && row.eventId ? (event ?? null) : null
  return {
    ...(known
      ? {
          'Cancel until': cancelCutoff(row, booked).toISOString(),
          'Ends at': bookingEnds(row, booked).toISOString(),
        }
      : {}),
    'Checked in': row.checkedInAt ? row.checkedInAt.toISOString() : null,
    id: row.id,
    Event: title,
    EventId: row.eventId,
    Type: row.type,
    Date: row.date,
    'Time Slot': row.timeSlot,
    Venue: row.venue,
    Amount: row.amountMinor,
    'Paid with': row.paidWith,
    'Payment Reference': row.paymentReference,
    Visitors: row.visitors,
    'Names of Visitors': row.namesOfVisitors,
    Status: row.status,
    // A held booking is not paid yet, and a cancelled one admits nobody.
    Ticket: row.status === 'confirmed' ? row.ticketCode : null,
  }
}

/** What a booking is of, as its Booking's Event says: the event's name, or what was booked. */
export function bookingTitle(
  row: Pick<BookingRow, 'type' | 'eventId'>,
  eventName: string | null | undefined,
): string {
  if (row.eventId) return eventName ?? row.eventId
  return row.type === 'spot' ? COWORKING_TITLE : PRINT_STUDIO_TITLE
}

/**
 * What the receipts of booking rows name: each one's title, and the booked event's address, times
 * and cancel cut-off (null for co-working and the studio); the events read once.
 */
export async function receiptSubjects(
  db: Db | Tx,
  rows: BookingRow[],
): Promise<Map<string, { title: string; event: Quote['event'] }>> {
  const ids = [...new Set(rows.map((row) => row.eventId).filter((id): id is string => id !== null))]
  const found =
    ids.length > 0
      ? await db
          .select({
            id: events.id,
            name: events.name,
            address: events.address,
            startAt: events.startAt,
            endAt: events.endAt,
            cancelCutoffHours: events.cancelCutoffHours,
          })
          .from(events)
          .where(inArray(events.id, ids))
      : []
  const byId = new Map(found.map((event) => [event.id, event]))
  return new Map(
    rows.map((row) => {
      const event = row.eventId ? byId.get(row.eventId) : undefined
      return [row.id, { title: bookingTitle(row, event?.name), event: event ?? null }]
    }),
  )
}

/** The titles of booking rows: event names looked up once, the others by type. */
export async function bookingTitles(db: Db | Tx, rows: BookingRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.eventId).filter((id): id is string => id !== null))]
  const named =
    ids.length > 0
      ? await db
          .select({ id: events.id, name: events.name })
          .from(events)
          .where(inArray(events.id, ids))
      : []
  const names = new Map(named.map((event) => [event.id, event.name]))
  return new Map(
    rows.map((row) => [row.id, bookingTitle(row, row.eventId ? names.get(row.eventId) : null)]),
  )
}
