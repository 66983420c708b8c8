import { eq, sql } from 'drizzle-orm'
import { placesOf } from '../../machines/rules/bookings'
import { bookableDays, eventDays, isMonday, isValidDay, lagosDay } from '../../machines/rules/dates'
import { hasEnded, metadataFields, ticketPrice } from '../../machines/rules/events'
import { formatPrice } from '../../machines/rules/money'
import { coworkingPriceKobo, printStudioPriceKobo, toKobo } from '../../machines/rules/pricing'
import {
  COWORKING_HOURS,
  PRINT_STUDIO_SLOTS,
  parseSlot,
  slotInstants,
} from '../../machines/rules/slots'
import { cleanSpaceName, isMembersOnlySpace } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import type { Db, Tx } from '../db/client'
import { perDatabase } from '../db/prepared'
import {
  type Booking as BookingRow,
  type Event as EventRow,
  events,
  type Space as SpaceRow,
  spaces,
} from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, conflict, forbidden, notFound } from '../http/http-error'
import { refuseUnstorable } from '../http/stored-text'
import type { ReceiptEvent } from '../mail/outbox'
import { isActiveMember } from '../memberships/membership'

// What a booking costs and where its place is counted, read before anything is written: the
// day, slot and space checked, the event read (from the public cache where it can be), the
// price computed on the server from its own data (docs/decisions/026).

export type { BookingRow }

/** How long a pending card payment keeps its place. */
export const HOLD_MINUTES = 15

/** How many days ahead co-working and the print studio can be booked. */
export const BOOKING_HORIZON_DAYS = 14

export type BookingInput = components['schemas']['BookingInput']
export type BookingBody = components['schemas']['Booking']

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

/** The day and slot of an event a person may ask for; timeSlot null when it has no slots. */
export interface EventPlace {
  date: string
  timeSlot: string | null
}

/**
 * Whether a day and slot of an event can be asked for, by booking it or by waiting for it: one
 * of its days (Mondays left out), not gone by, and one of its slots in its own spelling; an event
 * without slots takes none. 400 in people's words otherwise.
 */
export function eventPlaceAsked(
  event: Pick<EventRow, 'name' | 'startAt' | 'endAt' | 'timeSlots'>,
  day: string,
  slot: string | null | undefined,
  now: Date,
): EventPlace {
  if (!isValidDay(day)) throw badRequest(`${day} is not a day on the calendar.`)
  const timing = { StartDate: event.startAt.toISOString(), EndDate: event.endAt.toISOString() }
  if (!eventDays(timing).includes(day)) {
    throw badRequest(`${event.name} does not run on ${day}: please choose one of its days.`)
  }
  if (day < lagosDay(now)) throw badRequest('That day has passed: please choose another day.')
  if (event.timeSlots.length === 0) {
    if (slot && slot.trim() !== '') {
      throw badRequest(`${event.name} has no time slots: leave the time slot out (null).`)
    }
    return { date: day, timeSlot: null }
  }
  const timeSlot = matchSlot(slot, event.timeSlots)
  if (!timeSlot) throw badRequest(`Please choose a time slot: ${slotList(event.timeSlots)}.`)
  return { date: day, timeSlot }
}

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
  const { timeSlot } = eventPlaceAsked(row, input.Date, input['Time Slot'], now)
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
export async function findSpace(
  db: Db | Tx,
  kind: SpaceRow['kind'],
  name: string | null | undefined,
) {
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
      `The price has changed: this booking costs ${formatPrice(quote.amountMinor)}. Please review and try again.`,
    )
  }
  return quote
}
