import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { dayStart, lagosDay } from '../../machines/rules/dates'
import { metadataFields } from '../../machines/rules/events'
import { COWORKING_HOURS, parseSlot } from '../../machines/rules/slots'
import { cleanSpaceName } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import { fullName } from '../audit/audit'
import type { Db } from '../db/client'
import { accounts, type BookingType, bookings, doorScans, events } from '../db/schema'
import { notFound } from '../http/http-error'
import { containing } from '../payments/staff-payments'
import { bookingTitle } from './booking-bodies'
import type { BookingRow } from './quote'

// A day's bookings as the front desk finds them (GET /staff/bookings) and one booking opened
// (GET /staff/bookings/{id}): who booked what, for when, how it was paid and whether they came.
// Reads only. Never the ticket code: it admits a person, and staff see the booking, not its code.

type StaffBooking = components['schemas']['StaffBooking']
type DoorScanRecord = components['schemas']['DoorScanRecord']

/** The most bookings one search answers. */
const BOOKINGS_SHOWN = 100

const NO_BOOKING = 'No booking has this id.'

const KINDS: Record<BookingType, StaffBooking['kind']> = {
  event: 'event',
  spot: 'coworking',
  'print-studio': 'studio',
}

/** The staff member who checked a booking in (null once their account is gone). */
const checker = alias(accounts, 'checker')

/** A booking with what it needs from its event and its checker: one query, two left joins. */
const selectBookings = (db: Db) =>
  db
    .select({
      booking: bookings,
      eventName: events.name,
      eventVenue: events.venue,
      eventStartAt: events.startAt,
      questions: events.metadata,
      checkerFirstName: checker.firstName,
      checkerLastName: checker.lastName,
    })
    .from(bookings)
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy))

type Found = Awaited<ReturnType<typeof selectBookings>>[number]

// Phone numbers, as people type them: '+234 807 555 0121', '0807 555 0121', '08075550121'. A
// search that looks like a phone number (only digits, spaces, + ( ) - and .) is also compared on
// digits alone, with a Nigerian number's leading 0 read as the country code 234 on both sides:
// the stored phone's digits, '0' at the start made '234', must contain the typed digits, either
// as typed or (when they start with 0) with that 0 made '234'. So '08075550121' and '0807 555'
// find '+234 807 555 0121', and '5550121' or '0121' (the end of a number) still do too. Nothing
// cleverer: other countries' trunk prefixes are not guessed.

const PHONE_LIKE = /^[\d\s+().-]+$/

/** A stored phone's digits, a leading 0 read as 234. */
const phoneDigits = sql<string>`regexp_replace(regexp_replace(${bookings.phone}, '[^0-9]', '', 'g'), '^0', '234')`

/** What the typed digits of a phone-like search may be found as; none for other searches. */
function typedDigits(text: string): string[] {
  if (!PHONE_LIKE.test(text)) return []
  const digits = text.replace(/\D/g, '')
  if (digits === '') return []
  return digits.startsWith('0') ? [digits, `234${digits.slice(1)}`] : [digits]
}

/** Bookings whose booker's name, e-mail or phone, or an extra guest's name, holds `text`. */
function matching(text: string): SQL | undefined {
  if (text === '') return undefined
  const pattern = containing(text)
  return or(
    ilike(bookings.name, pattern),
    ilike(bookings.email, pattern),
    ilike(bookings.phone, pattern),
    ilike(bookings.namesOfVisitors, pattern),
    // Digits only, so nothing in the pattern is a LIKE wildcard.
    ...typedDigits(text).map((digits) => sql`${phoneDigits} LIKE ${`%${digits}%`}`),
  )
}

/** Co-working's day starts when it opens. */
const OPENING = parseSlot(COWORKING_HOURS)?.start ?? 0

/**
 * When a booking's session starts, in minutes after its day's midnight: an event's slot, else the
 * event's start time; co-working at its opening hour; a studio session by its slot, as
 * sessionsOfDay (server/check-in/day.ts) orders the day's sessions. One difference: on the later days
 * of an event that runs several days without slots, it starts at its daily start time here (the
 * time of day of its start), where sessionsOfDay puts it at midnight.
 */
function startsAt({ booking, eventStartAt }: Found): number {
  const slot = booking.type === 'spot' ? undefined : parseSlot(booking.timeSlot ?? '')?.start
  if (slot !== undefined) return slot
  if (booking.type === 'event' && eventStartAt) {
    return (eventStartAt.getTime() - dayStart(lagosDay(eventStartAt)).getTime()) / 60_000
  }
  return OPENING
}

/** Names compared case aside (and in the reader's alphabet, not by code point). */
const byName = new Intl.Collator('en', { sensitivity: 'accent' })

/** Ids in a fixed order (code points), the last tie-break. */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The answers to the event's extra questions, in their order; any answer to a question since
 * dropped from the event follows, so nothing the booker wrote is hidden from staff.
 */
function answersOf(
  booking: BookingRow,
  questions: string | null,
): { label: string; value: string }[] {
  const given = booking.metadata ?? {}
  const asked = metadataFields(questions)
  const labels = [...asked, ...Object.keys(given).filter((label) => !asked.includes(label))]
  return labels.flatMap((label) => {
    const value = given[label]
    return typeof value === 'string' && value.trim() !== '' ? [{ label, value }] : []
  })
}

function staffBookingFrom(found: Found): StaffBooking {
  const { booking, eventName, eventVenue, questions, checkerFirstName, checkerLastName } = found
  const isEvent = booking.type === 'event'
  return {
    id: booking.id,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    kind: KINDS[booking.type],
    // An event by its title; a space or studio item by its name as booked, cleaned.
    what:
      isEvent || !booking.venue ? bookingTitle(booking, eventName) : cleanSpaceName(booking.venue),
    date: booking.date,
    timeSlot: booking.timeSlot,
    venue: isEvent ? (eventVenue ?? booking.venue) : null,
    visitors: booking.visitors,
    namesOfVisitors: booking.namesOfVisitors,
    status: booking.status,
    // The queries leave out the waitlist's holds (notAnOffer), the one value the contract lacks.
    paidWith: booking.paidWith as Exclude<BookingRow['paidWith'], 'waitlist'>,
    amountMinor: booking.amountMinor,
    paymentReference: booking.paymentReference,
    answers: isEvent ? answersOf(booking, questions) : [],
    bookedAt: booking.createdAt.toISOString(),
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    checkedInBy:
      booking.checkedInAt && checkerFirstName !== null
        ? fullName({ firstName: checkerFirstName, lastName: checkerLastName ?? '' })
        : null,
    placesIn: booking.checkedInPlaces,
  }
}

/** A place held for someone offered it from the waitlist is not a booking (staff see it there). */
const notAnOffer = ne(bookings.paidWith, 'waitlist')

/**
 * Every booking of a Lagos day (yyyy-MM-dd; confirmed, held and cancelled) that matches `q`, by
 * the time its session starts, then the booker's name (case aside), then id: the first 100. A
 * blank `q` matches all. A day has a few hundred bookings at most: they are sorted here.
 */
export async function dayBookings(db: Db, date: string, q: string): Promise<StaffBooking[]> {
  const rows = await selectBookings(db).where(
    and(eq(bookings.date, date), notAnOffer, matching(q.trim())),
  )
  return rows
    .map((found) => ({ found, startsAt: startsAt(found) }))
    .sort(
      (a, b) =>
        a.startsAt - b.startsAt ||
        byName.compare(a.found.booking.name, b.found.booking.name) ||
        byId(a.found.booking.id, b.found.booking.id),
    )
    .slice(0, BOOKINGS_SHOWN)
    .map(({ found }) => staffBookingFrom(found))
}

/** One booking by its id; 404 when none has it. */
export async function staffBookingOf(db: Db, id: string): Promise<StaffBooking> {
  const [found] = await selectBookings(db)
    .where(and(eq(bookings.id, id), notAnOffer))
    .limit(1)
  if (!found) throw notFound(NO_BOOKING)
  return { ...staffBookingFrom(found), scans: await doorScansOf(db, id) }
}

/** The booking's scans from doors' queues, in the order scanned, with who scanned each. */
async function doorScansOf(db: Db, bookingId: string): Promise<DoorScanRecord[]> {
  const rows = await db
    .select({
      scan: doorScans,
      firstName: checker.firstName,
      lastName: checker.lastName,
    })
    .from(doorScans)
    .leftJoin(checker, eq(checker.id, doorScans.staffId))
    .where(eq(doorScans.bookingId, bookingId))
    .orderBy(asc(doorScans.scannedAt), asc(doorScans.receivedAt))
  return rows.map(({ scan, firstName, lastName }) => ({
    scannedAt: scan.scannedAt.toISOString(),
    door: scan.door,
    staff: firstName === null ? null : fullName({ firstName, lastName: lastName ?? '' }),
    offline: scan.offline,
    result: (scan.answer as { result?: DoorScanRecord['result'] } | null)?.result ?? 'unknown',
  }))
}
