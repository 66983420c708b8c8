import {
  BOOKING_LIMITS,
  type BookingBlocker,
  type BookingDetails,
  blockerSentence,
  detailBlockers,
} from './booking-fields'
import { countText } from './contact'
import { dayInFull, dayStart, eventDays, lagosDay, toInstant } from './dates'
import type { CalendarEntry } from './ics'
import { slotInstants } from './slots'
import { queryReader } from './text'

/** The days a guest may choose for an event: its days without Mondays, from today on. */
export function rsvpDays(event: { StartDate: string; EndDate: string }, now: Date): string[] {
  const today = lagosDay(now)
  return eventDays(event).filter((day) => day >= today)
}

/** What a guest types (or had stored) about themselves. */
export type GuestDetails = BookingDetails

/**
 * What keeps the RSVP buttons disabled (spec section 5): for a guest, an empty name or phone or
 * an invalid e-mail, or a detail the server would refuse; for everyone, no day chosen, no time
 * chosen when the event has slots, or answers longer than the booking takes. Signed-in people
 * (guest = null) book with their stored details.
 */
export function rsvpProblems({
  guest,
  day,
  slot,
  hasSlots,
  answersError = null,
}: {
  guest: GuestDetails | null
  day: string | null
  slot: string | null
  hasSlots: boolean
  /** What the answers to the event's questions say (extraAnswersError), if anything. */
  answersError?: string | null
}): BookingBlocker[] {
  const problems: BookingBlocker[] = []
  if (day === null) problems.push('day')
  if (hasSlots && slot === null) problems.push('time')
  if (guest) problems.push(...detailBlockers(guest, ['name', 'email', 'phone']))
  if (answersError) problems.push('fixAnswers')
  return problems
}

/**
 * The reason said under disabled buttons:
 * 'To continue, enter your name, a valid email address and your phone number.'
 */
export const problemsText = (problems: readonly BookingBlocker[]): string | null =>
  blockerSentence(problems, { lead: 'To continue, ', add: 'enter' })

/**
 * The answers to an event's extra fields as the booking's metadata: a JSON object of the filled
 * ones (trimmed), in the order the event asks them; null when none is filled.
 */
export function extraAnswersJson(
  fields: readonly string[],
  answers: Readonly<Record<string, string>>,
): string | null {
  const filled = fields
    .map((field) => [field, (answers[field] ?? '').trim()] as const)
    .filter(([, value]) => value !== '')
  return filled.length === 0 ? null : JSON.stringify(Object.fromEntries(filled))
}

/** What to say under the event's questions when the answers are more than the booking takes. */
export function extraAnswersError(
  fields: readonly string[],
  answers: Readonly<Record<string, string>>,
): string | null {
  const over = (extraAnswersJson(fields, answers)?.length ?? 0) - BOOKING_LIMITS.metadata
  return over > 0 ? `Shorten your answers by at least ${countText(over)} characters.` : null
}

/** Everything /event/{id}/registered shows, carried in its query string (spec section 2). */
export interface RegisteredDetails {
  /** The booker's e-mail and name. */
  email: string
  name: string
  /** The time slot booked ('' when the event has none) and the day, 'yyyy-MM-dd'. */
  time: string
  date: string
  address: string
  /** The event's first poster. */
  imgUrl: string
  /** The event's StartDate and EndDate (ISO 8601). */
  starts: string
  ends: string
  /** What was booked: 'event'. */
  type: string
  /** Whether places were still available when this ticket was taken. */
  rsvp: boolean
  /** What the ticket cost, in whole naira (0 when free). */
  price: number
  venue: string
  /** The event's time slots. */
  timeslots: string[]
  /** The ticket's code, for its QR code ('' when the booking's answer did not carry one). */
  ticket: string
  /**
   * Asked for, not yet booked (docs/decisions/040): the link e-mailed to `email` takes the
   * place. Absent from the query of a booked ticket.
   */
  asked?: boolean
}

/** The query string of the registered page (no leading '?'); timeslots go as a JSON list. */
export function registeredSearch(details: RegisteredDetails): string {
  return new URLSearchParams({
    email: details.email,
    name: details.name,
    time: details.time,
    date: details.date,
    address: details.address,
    imgUrl: details.imgUrl,
    starts: details.starts,
    ends: details.ends,
    type: details.type,
    rsvp: String(details.rsvp),
    price: String(details.price),
    venue: details.venue,
    timeslots: JSON.stringify(details.timeslots),
    ticket: details.ticket,
    ...(details.asked ? { asked: 'true' } : {}),
  }).toString()
}

/** The registered page's address for an event, with its query. */
export function registeredPath(eventId: string, details: RegisteredDetails): string {
  return `/event/${encodeURIComponent(eventId)}/registered?${registeredSearch(details)}`
}

/** The fields of an event its registered page shows (as the contract names them). */
export interface RegisteredEvent {
  ID: string
  Address: string
  Poster: ReadonlyArray<{ url: string }>
  StartDate: string
  EndDate: string
  RSVP: boolean
  Venue: string
  TimeSlots: string[]
}

/**
 * Where a guest's ticket to `event` is shown (the RSVP panel's, a waitlist offer's): the event's
 * own fields and the booking's person, day, time and price, with the ticket's code once made.
 */
export function eventRegisteredPath(
  event: RegisteredEvent,
  booking: Pick<RegisteredDetails, 'email' | 'name' | 'time' | 'date' | 'price'>,
  ticket = '',
  asked = false,
): string {
  return registeredPath(event.ID, {
    ...booking,
    address: event.Address,
    imgUrl: event.Poster[0]?.url ?? '',
    starts: event.StartDate,
    ends: event.EndDate,
    type: 'event',
    rsvp: event.RSVP,
    venue: event.Venue,
    timeslots: event.TimeSlots,
    ticket,
    asked,
  })
}

/** A list sent as JSON, or (typed by hand) comma-separated; never throws. */
function parseList(text: string | null): string[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  } catch {
    // Not JSON: read it as a comma-separated list.
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** Reads the registered page's query; missing or malformed fields come back empty, never throw. */
export function parseRegisteredSearch(search: string | URLSearchParams): RegisteredDetails {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const text = queryReader(params)
  const price = Number(text('price'))
  return {
    email: text('email'),
    name: text('name'),
    time: text('time'),
    date: text('date'),
    address: text('address'),
    imgUrl: text('imgUrl'),
    starts: text('starts'),
    ends: text('ends'),
    type: text('type'),
    // Only an explicit 'false' turns 'Get another ticket' into 'Sold out'.
    rsvp: text('rsvp') !== 'false',
    price: Number.isFinite(price) && price > 0 ? price : 0,
    venue: text('venue'),
    timeslots: parseList(params.get('timeslots')),
    ticket: text('ticket'),
    ...(text('asked') === 'true' ? { asked: true } : {}),
  }
}

/** The registered page's words: a ticket paid or confirmed, or (decision 040) asked for by e-mail. */
export function registeredWords(details: Pick<RegisteredDetails, 'asked' | 'price'>): {
  banner: string
  status: string
  support: string
} {
  if (details.asked) {
    return {
      banner: 'Almost there',
      status: 'Check your e-mail',
      support: "I didn't get the e-mail",
    }
  }
  return {
    banner: 'Registered',
    status: details.price > 0 ? 'Ticket paid' : 'Ticket confirmed',
    support: "I didn't get a receipt",
  }
}

/** The prefilled message of "I didn't get a receipt" on the registered page. */
export function receiptSupportMessage({
  email,
  event,
  date,
  time,
}: {
  email: string
  event: string
  date: string
  time: string
}): string {
  const when = [date ? `on ${dayInFull(date)}` : '', time ? `(${time})` : '']
    .filter(Boolean)
    .join(' ')
  return [
    "Hello Sixteen, I booked a ticket but I didn't get a receipt.",
    `Event: ${event}${when ? ` ${when}` : ''}`,
    `Email: ${email || 'not given'}`,
    'Could you send it again, please?',
  ].join('\n')
}

const MINUTE_MS = 60_000

/** Minutes after Lagos midnight of an instant. */
function lagosMinutes(instant: Date): number {
  const midnight = dayStart(lagosDay(instant)).getTime()
  return Math.round((instant.getTime() - midnight) / MINUTE_MS)
}

/**
 * When a ticket's visit starts and ends: the booked slot on the booked day; for an event without
 * a readable slot, the event's own clock times on that day. Null when the day is unreadable.
 */
export function ticketTimes(
  date: string,
  time: string,
  starts: string,
  ends: string,
): { start: Date; end: Date } | null {
  let midnight: number
  try {
    midnight = dayStart(date).getTime()
  } catch {
    return null
  }
  const slot = time ? slotInstants(date, time) : null
  if (slot) return slot
  try {
    const from = lagosMinutes(toInstant(starts))
    const to = lagosMinutes(toInstant(ends))
    // Ends at or before it starts on the clock (past midnight, or a multi-day run): to midnight.
    const end = to > from ? to : 24 * 60
    return {
      start: new Date(midnight + from * MINUTE_MS),
      end: new Date(midnight + end * MINUTE_MS),
    }
  } catch {
    return null
  }
}

/** The 'Add to calendar' entry of a ticket, or null when its day cannot be read. */
export function ticketCalendarEntry({
  eventId,
  eventName,
  details,
  stamp,
}: {
  eventId: string
  eventName: string
  details: RegisteredDetails
  stamp: Date
}): CalendarEntry | null {
  const times = ticketTimes(details.date, details.time, details.starts, details.ends)
  if (!times) return null
  const location = [details.venue, details.address].filter(Boolean).join(', ')
  return {
    uid: `${eventId}-${details.date}-${details.time || 'day'}@sixteen.ng`.replace(/\s+/g, ''),
    title: eventName,
    start: times.start,
    end: times.end,
    location,
    description: `Your ticket for ${eventName}${details.name ? `, ${details.name}` : ''}. See you there.`,
    stamp,
  }
}
