import { TZDate } from '@date-fns/tz'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  clockText,
  clockTime,
  dayInFull,
  isValidDay,
  LAGOS_TZ,
  lagosDay,
} from '../../machines/rules/dates'
import { CANCEL_CUTOFF_HOURS, WAITLIST_OFFER_HOURS } from '../../machines/rules/event-draft'
import { parseSlot } from '../../machines/rules/slots'
import type { components } from '../../openapi/schema'
import { recordAudit } from '../audit/audit'
import type { Db, Tx } from '../db/client'
import { bookings, type Event, events, type NewEvent, waitlistEntries } from '../db/schema'
import type { Account } from '../http/auth'
import { badRequest, conflict, notFound } from '../http/http-error'
import { offerFreedPlacesOfEvent } from '../waitlist/waitlist'
import { holdingPlace } from './events'

// Events as staff create and edit them, from the command line (npm run admin -- events) or the
// staff's tools (/staff/events): one place for the rules both share (the id from the title, Lagos
// times, time slots, the places booked) and for the writes, each in the audit log in the
// transaction that makes it. Every write goes through the database, whose triggers tell every
// server instance to refresh its public pages (server/db/functions/notify_public_data_changed.sql).

type EventDraft = components['schemas']['EventDraft']
type StaffEvent = components['schemas']['StaffEvent']

export const NO_SUCH_EVENT = 'No event has this id.'

/** The instant of a Lagos wall-clock time ('HH:mm') on a Lagos day. */
export function lagosInstant(day: string, time: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number)
  const [h = 0, min = 0] = time.split(':').map(Number)
  return new Date(new TZDate(y, m - 1, d, h, min, LAGOS_TZ).getTime())
}

/** The one slot of an event given none: its start to its end; none when that is no range of a day. */
export function defaultSlots(start: string, end: string): string[] {
  const slot = `${clockText(start)} - ${clockText(end)}`
  return parseSlot(slot) ? [slot] : []
}

/** The first slot that is not a time range such as '4pm - 8pm'. */
export const badSlot = (slots: readonly string[]) => slots.find((slot) => !parseSlot(slot))

/** A readable id from a title: 'Rooftop Jazz: Vol. 2' → 'rooftop-jazz-vol-2'. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}

// ---------------------------------------------------------------------------------------------
// Places booked.

/** The places taken on one day and time slot of an event ('' when it has no slots). */
export interface BookedPlace {
  day: string
  slot: string
  places: number
}

/**
 * Places taken per event, day and slot, as the booking counters count them (a booking takes
 * 1 + its visitors, by counterOf's place): confirmed bookings and holds not yet expired.
 */
async function placesBooked(
  db: Db | Tx,
  eventIds: string[],
  now: Date,
): Promise<Map<string, BookedPlace[]>> {
  const booked = new Map<string, BookedPlace[]>()
  if (eventIds.length === 0) return booked
  const rows = await db
    .select({
      eventId: bookings.eventId,
      day: bookings.date,
      slot: sql<string>`coalesce(${bookings.timeSlot}, '')`,
      places: sql<number>`sum(1 + ${bookings.visitors})`.mapWith(Number),
    })
    .from(bookings)
    .where(and(inArray(bookings.eventId, eventIds), holdingPlace(now)))
    .groupBy(bookings.eventId, bookings.date, sql`coalesce(${bookings.timeSlot}, '')`)
    .orderBy(asc(bookings.date))
  for (const { eventId, ...place } of rows) {
    const id = eventId ?? ''
    booked.set(id, [...(booked.get(id) ?? []), place])
  }
  return booked
}

/** The day and slot with the most places taken; null when none is. */
const mostBooked = (booked: readonly BookedPlace[]): BookedPlace | null =>
  booked.reduce<BookedPlace | null>(
    (most, place) => (most && most.places >= place.places ? most : place),
    null,
  )

/** The places taken on the event's busiest day and slot. */
export async function mostPlacesBooked(db: Db | Tx, eventId: string, now: Date): Promise<number> {
  return mostBooked((await placesBooked(db, [eventId], now)).get(eventId) ?? [])?.places ?? 0
}

/** '3 places are booked on Saturday, December 5, 2026, 7:30pm - 10pm' */
const bookedOn = ({ places, day, slot }: BookedPlace) =>
  `${places} ${places === 1 ? 'place is' : 'places are'} booked on ${dayInFull(day)}${slot ? `, ${slot}` : ''}`

// ---------------------------------------------------------------------------------------------
// An event as staff write it (the contract's EventDraft).

/** The event as its editor shows it: Lagos days and clock times, whole naira. */
export function eventDraft(row: Event): EventDraft {
  return {
    title: row.name,
    about: row.about,
    startDay: lagosDay(row.startAt),
    endDay: lagosDay(row.endAt),
    startTime: clockTime(row.startAt),
    endTime: clockTime(row.endAt),
    slots: row.timeSlots,
    venue: row.venue,
    address: row.address,
    price: row.priceNaira,
    friendsPrice: row.friendsPriceNaira,
    capacity: row.capacity,
    membersOnly: row.membersOnly,
    rsvp: row.rsvpOpen,
    url: row.url,
    extraQuestions: row.metadata,
    cancelCutoffHours: row.cancelCutoffHours,
    waitlistOfferHours: row.waitlistOfferHours,
  }
}

function staffEvent(
  row: Event,
  booked: readonly BookedPlace[],
  waiting: number,
  now: Date,
): StaffEvent {
  return {
    id: row.id,
    draft: eventDraft(row),
    poster: row.posters[0]?.url ?? null,
    booked: mostBooked(booked)?.places ?? 0,
    past: row.endAt.getTime() < now.getTime(),
    waiting,
  }
}

// ---------------------------------------------------------------------------------------------
// People waiting.

/** People in line now ('waiting') per event, all days and slots: one grouped query. */
async function peopleWaiting(db: Db | Tx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .select({
      eventId: waitlistEntries.eventId,
      waiting: sql<number>`count(*)`.mapWith(Number),
    })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.eventId, eventIds), eq(waitlistEntries.status, 'waiting')))
    .groupBy(waitlistEntries.eventId)
  return new Map(rows.map((row) => [row.eventId, row.waiting]))
}

/** Whether anyone waits for a place at the event. */
async function hasPeopleWaiting(tx: Tx, eventId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
    .limit(1)
  return row !== undefined
}

/** A draft checked and trimmed into the event's columns; 400 saying what to change. */
function eventColumns(draft: EventDraft): Omit<NewEvent, 'id'> {
  const title = draft.title.trim()
  if (!slugOf(title)) throw badRequest('Give the event a title with letters or digits.')
  for (const day of [draft.startDay, draft.endDay]) {
    if (!isValidDay(day)) throw badRequest(`${day} is not a day on the calendar.`)
  }
  if (`${draft.endDay}T${draft.endTime}` <= `${draft.startDay}T${draft.startTime}`) {
    throw badRequest('The event ends before it starts.')
  }
  const given = draft.slots.map((slot) => slot.trim()).filter(Boolean)
  const bad = badSlot(given)
  if (bad !== undefined) throw badRequest(`'${bad}' is not a time range such as '4pm - 8pm'.`)
  const venue = draft.venue.trim()
  if (!venue) throw badRequest('Say where in the hotel it is.')
  const address = draft.address.trim()
  if (!address) throw badRequest('Give the address.')
  if (draft.friendsPrice !== null && draft.friendsPrice > draft.price) {
    throw badRequest("The friends' price is more than the price.")
  }
  const url = draft.url?.trim() || null
  if (url !== null && !/^https?:\/\/[^\s/]+\S*$/i.test(url)) {
    throw badRequest('Write a web address starting with https://.')
  }
  return {
    name: title,
    about: draft.about.trim(),
    startAt: lagosInstant(draft.startDay, draft.startTime),
    endAt: lagosInstant(draft.endDay, draft.endTime),
    timeSlots: given.length > 0 ? given : defaultSlots(draft.startTime, draft.endTime),
    venue,
    address,
    priceNaira: draft.price,
    friendsPriceNaira: draft.friendsPrice,
    capacity: draft.capacity,
    membersOnly: draft.membersOnly,
    rsvpOpen: draft.rsvp,
    url,
    metadata: draft.extraQuestions?.trim() || null,
    // Left out: a new event's usual hours (createStaffEvent), a changed event's own.
    ...(draft.cancelCutoffHours === undefined
      ? {}
      : { cancelCutoffHours: draft.cancelCutoffHours }),
    ...(draft.waitlistOfferHours === undefined
      ? {}
      : { waitlistOfferHours: draft.waitlistOfferHours }),
  }
}

// ---------------------------------------------------------------------------------------------
// Writing, audited.

export interface EventWrite {
  db: Db
  /** The staff member; null: the command line. */
  actor: Account | null
  now: Date
  /**
   * Where people reach the site, for the e-mail of a place offered from the waitlist when a
   * change leaves room (a capacity raised); without it, nobody waiting is offered one here.
   */
  site?: string
}

/** The draft's fields that differ, before and after. */
function changed(before: EventDraft, after: EventDraft) {
  const keys = (Object.keys(after) as (keyof EventDraft)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  }
}

/** Inserts the event and its audit entry; null when its id is taken (nothing is written). */
export async function insertEvent(
  { db, actor, now }: EventWrite,
  values: NewEvent,
): Promise<Event | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(events).values(values).onConflictDoNothing().returning()
    if (!row) return null
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'event create',
      subject: row.id,
      before: null,
      after: eventDraft(row),
    })
    return row
  })
}

/** Locks the event's row until the commit; 404 when there is none. */
async function lockEvent(tx: Tx, id: string): Promise<Event> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update')
  if (!row) throw notFound(NO_SUCH_EVENT)
  return row
}

/**
 * Changes the event's columns, with an audit entry of what changed ('event edit'); nothing is
 * written when nothing changes. `check` may refuse the change, seeing the row as it was (locked).
 * Returns the row before and after.
 */
export async function changeEvent(
  { db, actor, now, site }: EventWrite,
  id: string,
  values: Partial<NewEvent>,
  check: (tx: Tx, current: Event) => Promise<void> = async () => {},
): Promise<{ before: Event; after: Event }> {
  return db.transaction(async (tx) => {
    const before = await lockEvent(tx, id)
    await check(tx, before)
    const diff = changed(eventDraft(before), eventDraft({ ...before, ...values }))
    if (Object.keys(diff.after).length === 0) return { before, after: before }
    const [after] = await tx.update(events).set(values).where(eq(events.id, id)).returning()
    if (!after) throw new Error('changeEvent: the event was not updated')
    await recordAudit(tx, { at: now, actor, action: 'event edit', subject: id, ...diff })
    // A change may leave room (a capacity raised): the places free go to the first in line, in
    // this transaction, so nobody books a place someone waits for in between.
    if (site !== undefined && (await hasPeopleWaiting(tx, id))) {
      await offerFreedPlacesOfEvent(tx, id, now, site)
    }
    return { before, after }
  })
}

// ---------------------------------------------------------------------------------------------
// The staff's tools (GET/POST /staff/events, GET/PUT /staff/events/{id}).

/** Every event: the coming and current ones soonest first, then the past ones latest first. */
export async function staffEvents(db: Db, now: Date): Promise<StaffEvent[]> {
  const rows = await db.select().from(events)
  const booked = await placesBooked(
    db,
    rows.map((row) => row.id),
    now,
  )
  const waiting = await peopleWaiting(
    db,
    rows.map((row) => row.id),
  )
  const list = rows.map((row) =>
    staffEvent(row, booked.get(row.id) ?? [], waiting.get(row.id) ?? 0, now),
  )
  const startOf = (event: StaffEvent) => `${event.draft.startDay}T${event.draft.startTime}`
  return [
    ...list.filter((event) => !event.past).sort((a, b) => startOf(a).localeCompare(startOf(b))),
    ...list.filter((event) => event.past).sort((a, b) => startOf(b).localeCompare(startOf(a))),
  ]
}

/** One event as staff edit it; 404 when there is none. */
export async function staffEventOf(db: Db, id: string, now: Date): Promise<StaffEvent> {
  const [row] = await db.select().from(events).where(eq(events.id, id))
  if (!row) throw notFound(NO_SUCH_EVENT)
  const booked = (await placesBooked(db, [id], now)).get(id) ?? []
  return staffEvent(row, booked, (await peopleWaiting(db, [id])).get(id) ?? 0, now)
}

/** Creates an event from a draft, its id made from the title; 409 when that id is taken. */
export async function createStaffEvent(write: EventWrite, draft: EventDraft): Promise<StaffEvent> {
  const columns = eventColumns(draft)
  const id = slugOf(columns.name)
  // /staff/events/new is the form of a new event: no event may have that address.
  if (id === 'new') throw conflict('An event cannot be called "New": give it a longer title.')
  const row = await insertEvent(write, {
    id,
    cancelCutoffHours: CANCEL_CUTOFF_HOURS.usual,
    waitlistOfferHours: WAITLIST_OFFER_HOURS.usual,
    ...columns,
  })
  if (!row) {
    throw conflict(`An event called "${columns.name}" exists already: give it another title.`)
  }
  return staffEvent(row, [], 0, write.now)
}

/**
 * Changes an event to the draft. 409 when a day and slot has more places booked than the new
 * capacity, or has bookings and is no longer one of the event's. A cut-off or offer time left
 * out stays as it is. Room the change leaves (a capacity raised) is offered to people waiting,
 * with `write.site` in their e-mail.
 */
export async function updateStaffEvent(
  write: EventWrite,
  id: string,
  draft: EventDraft,
): Promise<StaffEvent> {
  const columns = eventColumns(draft)
  const { after } = await changeEvent(write, id, columns, async (tx, current) => {
    const booked = (await placesBooked(tx, [current.id], write.now)).get(current.id) ?? []
    const most = mostBooked(booked)
    if (most && most.places > columns.capacity) {
      throw conflict(`${bookedOn(most)}: the capacity cannot be less.`)
    }
    const slots = columns.timeSlots ?? []
    const dropped = booked.find(
      ({ day, slot }) =>
        day < draft.startDay || day > draft.endDay || (slot !== '' && !slots.includes(slot)),
    )
    if (dropped) {
      throw conflict(
        `${bookedOn(dropped)}: keep that day and time slot, or cancel those bookings first.`,
      )
    }
  })
  return staffEventOf(write.db, after.id, write.now)
}
