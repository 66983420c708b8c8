import { and, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
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
import type { components } from '../../openapi/schema'
import type { Account } from '../auth'
import type { Db, Tx } from '../db/client'
import {
  type Booking as BookingRow,
  bookings,
  events,
  type PaidWith,
  type Space as SpaceRow,
  spaces,
} from '../db/schema'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http-error'
import { isActiveMember } from '../membership'

// The one place that prices a booking and takes a place for it. Every way of booking (free rsvp,
// wallet, card) goes through quoteBooking, then placeBooking inside the caller's transaction.

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
  /** Bookings with the same key share `capacity` places. */
  capacityKey: string
  capacity: number
  /** 1 + Visitors. */
  places: number
}

export const COWORKING_TITLE = 'Co-working'
export const PRINT_STUDIO_TITLE = 'Print Studio Session'

/** A price as people read it: '₦5,000', or with kobo when it has any. */
export function priceText(amountMinor: number): string {
  return amountMinor % 100 === 0 ? formatNaira(amountMinor / 100) : formatMinor(amountMinor, 'NGN')
}

const eventKey = (id: string, day: string, slot: string | null) =>
  `event|${id}|${day}|${slot ?? ''}`
const spotKey = (spaceId: string, day: string) => `spot|${spaceId}|${day}`
const studioKey = (itemId: string, day: string, slot: string) => `studio|${itemId}|${day}|${slot}`

/** The server's own spelling of a slot the booker chose: '4pm-8pm' and '4pm - 8pm' are one slot. */
function matchSlot(chosen: string | null | undefined, offered: readonly string[]): string | null {
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

async function quoteEvent(
  db: Db | Tx,
  input: BookingInput,
  isMember: boolean,
  now: Date,
): Promise<Quote> {
  if (!input.Event) throw badRequest('Event is required: the ID of the event to book.')
  const [row] = await db.select().from(events).where(eq(events.id, input.Event)).limit(1)
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
  parseAnswers(input.metadata, metadataFields(row.metadata))
  return {
    amountMinor: toKobo(
      ticketPrice({ Price: row.priceNaira, FriendsPrice: row.friendsPriceNaira }, isMember),
    ),
    currency: 'NGN',
    title: row.name,
    eventId: row.id,
    venue: row.venue,
    timeSlot,
    capacityKey: eventKey(row.id, input.Date, timeSlot),
    capacity: row.capacity,
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
    capacityKey: spotKey(space.id, input.Date),
    capacity: space.capacity,
    places: 1 + visitors,
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
    capacityKey: studioKey(item.id, input.Date, timeSlot),
    capacity: item.capacity,
    places: 1,
  }
}

/**
 * Prices a booking from the server's own data and checks it can be made (not whether a place is
 * left: that is placeBooking's, under the lock). Refuses with a 4xx a person can act on.
 */
export async function quoteBooking(
  db: Db | Tx,
  input: BookingInput,
  account: Account | null,
  now: Date,
): Promise<Quote> {
  checkDay(input.Date, now)
  const isMember = await isActiveMember(db, account, now)
  const quote =
    input.Type === 'event'
      ? await quoteEvent(db, input, isMember, now)
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

/** Where a booking's place is counted, from what was booked (the same rows the key names). */
interface PlaceOf {
  type: BookingRow['type']
  eventId: string | null
  venue: string | null
  date: string
  timeSlot: string | null
}

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

/** Places taken: confirmed bookings and holds that have not expired, booker plus guests. */
export async function placesTaken(db: Db | Tx, place: PlaceOf, now: Date): Promise<number> {
  const [row] = await db
    .select({ places: sql<number>`coalesce(sum(1 + ${bookings.visitors}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(
      and(
        samePlace(place),
        or(
          eq(bookings.status, 'confirmed'),
          and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)),
        ),
      ),
    )
  return row?.places ?? 0
}

/** One booker at a time per place: two transactions for the last place cannot both see it free. */
async function lockPlace(tx: Tx, capacityKey: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${capacityKey}))`)
}

export const ALREADY_BOOKED = "You're already booked for this"

/**
 * One booking per person per thing (docs/decisions/015): the same event day and slot, the same
 * co-working day (whichever space), the same studio session. A confirmed one is refused with 409
 * and the booking itself; a card payment of theirs still pending for it is given up (its place
 * goes back, and should it be paid after all, it is refunded), since the person is paying again.
 * Runs under the place's lock, so two attempts at once cannot both pass.
 */
async function refuseSecondBooking(
  tx: Tx,
  place: PlaceOf,
  email: string,
  title: string,
): Promise<void> {
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
  if (confirmed) throw new HttpError(409, ALREADY_BOOKED, bookingBody(confirmed, title))
  const held = mine.filter((row) => row.status === 'held').map((row) => row.id)
  if (held.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null })
      .where(inArray(bookings.id, held))
  }
}

/** Visitor names as the app joins them: trimmed, blanks dropped; null when there are none. */
function cleanNames(names: string | null | undefined): string | null {
  const kept = (names ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return kept.length > 0 ? kept.join(', ') : null
}

/**
 * Takes a place and writes the booking, inside the caller's transaction: held until `holdUntil`
 * (a pending card payment) or confirmed. Throws 409 'Sold out' when the places are gone.
 */
export async function placeBooking(
  tx: Tx,
  p: {
    input: BookingInput
    quote: Quote
    account: Account | null
    paidWith: PaidWith
    paymentReference: string | null
    paymentId?: string | null
    holdUntil?: Date | null
    now: Date
  },
): Promise<BookingRow> {
  const { input, quote, now } = p
  const place = {
    type: input.Type,
    eventId: quote.eventId,
    venue: quote.venue,
    date: input.Date,
    timeSlot: quote.timeSlot,
  }
  await lockPlace(tx, quote.capacityKey)
  const email = input.Email.trim().toLowerCase()
  await refuseSecondBooking(tx, place, email, quote.title)
  if ((await placesTaken(tx, place, now)) + quote.places > quote.capacity)
    throw conflict('Sold out')
  const asked = quote.eventId ? await askedQuestions(tx, quote.eventId) : []
  const [row] = await tx
    .insert(bookings)
    .values({
      ...place,
      accountId: p.account?.id ?? null,
      email,
      name: input.Name.trim(),
      phone: input.Phone.trim(),
      amountMinor: quote.amountMinor,
      paidWith: p.paidWith,
      paymentReference: p.paymentReference,
      paymentId: p.paymentId ?? null,
      visitors: quote.places - 1,
      namesOfVisitors: cleanNames(input['Names of Visitors']),
      metadata: parseAnswers(input.metadata, asked),
      status: p.holdUntil ? 'held' : 'confirmed',
      holdExpiresAt: p.holdUntil ?? null,
      createdAt: now,
    })
    .returning()
  if (!row) throw new Error('placeBooking: the insert returned no row')
  return row
}

async function askedQuestions(tx: Tx, eventId: string): Promise<string[]> {
  const [row] = await tx
    .select({ metadata: events.metadata })
    .from(events)
    .where(eq(events.id, eventId))
  return metadataFields(row?.metadata)
}

/** The capacity a booking row counts against, found again from the server's data. */
async function capacityOf(tx: Tx, row: BookingRow): Promise<{ key: string; capacity: number }> {
  if (row.type === 'event') {
    const [event] = await tx
      .select()
      .from(events)
      .where(eq(events.id, row.eventId ?? ''))
    return {
      key: eventKey(row.eventId ?? '', row.date, row.timeSlot),
      capacity: event?.capacity ?? 0,
    }
  }
  const kind = row.type === 'spot' ? 'coworking' : 'print-studio'
  const { match } = await findSpace(tx, kind, row.venue)
  if (!match) return { key: `${row.type}|${row.venue}|${row.date}`, capacity: 0 }
  const key =
    row.type === 'spot'
      ? spotKey(match.id, row.date)
      : studioKey(match.id, row.date, row.timeSlot ?? '')
  return { key, capacity: match.capacity }
}

/** Confirms one held booking; a lapsed hold gets its place back only if one is still free. */
async function confirmOne(tx: Tx, row: BookingRow, now: Date): Promise<BookingRow> {
  const lapsed = !row.holdExpiresAt || row.holdExpiresAt.getTime() <= now.getTime()
  let status: 'confirmed' | 'cancelled' = 'confirmed'
  if (lapsed) {
    const { key, capacity } = await capacityOf(tx, row)
    await lockPlace(tx, key)
    // The lapsed hold itself no longer counts, so this is what others hold now.
    const taken = await placesTaken(tx, row, now)
    if (taken + 1 + row.visitors > capacity) status = 'cancelled'
  }
  const [updated] = await tx
    .update(bookings)
    .set({ status, holdExpiresAt: null })
    .where(eq(bookings.id, row.id))
    .returning()
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

/** A card payment failed or was abandoned: its held places go back. */
export async function releaseHeldBookings(tx: Tx, paymentId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', holdExpiresAt: null })
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'held')))
}

/** A booking as the contract names it; `title` is the event's name or what was booked. */
export function bookingBody(row: BookingRow, title: string): BookingBody {
  return {
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
  }
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
    rows.map((row) => [
      row.id,
      row.eventId
        ? (names.get(row.eventId) ?? row.eventId)
        : row.type === 'spot'
          ? COWORKING_TITLE
          : PRINT_STUDIO_TITLE,
    ]),
  )
}
