import { and, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm'
import { dayInFull, lagosDay } from '../../machines/rules/dates'
import { cleanSpaceName, isMembersOnlySpace, MEMBERS_ONLY_SPACE } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import { recordAudit } from '../audit/audit'
import type { Db, Tx } from '../db/client'
import {
  type BookingType,
  bookingPlaces,
  bookings,
  type Space,
  type SpaceKind,
  spaces,
} from '../db/schema'
import { slugOf } from '../events/staff-events'
import type { Account } from '../http/auth'
import { badRequest, conflict, notFound } from '../http/http-error'

// Co-working spaces and print-studio items (one table, two kinds) as staff add and change them,
// from the command line (npm run admin -- spaces, studio-items) or the staff's tools
// (/staff/spaces): one place for the rules both share (the id from the name, a name taken, the
// places booked) and for the writes, each in the audit log in the transaction that makes it.
// A booking names its space by the name it was booked under (bookings.venue), and so do the
// place counters (booking_places.thing, kept by the trigger count_booking_places in server/db/functions/): a rename moves
// the bookings of today and later to the new name, and the trigger moves their places with them;
// a day gone by keeps the name it was booked under.

type StaffSpace = components['schemas']['StaffSpace']
type SpaceDraft = components['schemas']['SpaceDraft']
type NewSpace = components['schemas']['NewSpace']

export const NO_SUCH_SPACE = 'No space or studio item has this id.'

/** The members-only space is known by its name (machines/rules/spaces.ts): a rename would open it. */
export const MEMBERS_ONLY_KEEPS_ITS_NAME = `The ${MEMBERS_ONLY_SPACE} is for members only, and the app knows it by its name: it keeps its name.`

export const SPACE_REFUSALS = {
  blankName: 'Write its name, as people will see it.',
  noLetters: 'Give it a name with letters or digits.',
} as const

/** 409 for a name another space or studio item has (or whose id its name makes). */
export const nameTaken = (name: string) =>
  conflict(`A space or studio item called "${name}" exists already: give it another name.`)

/** The contract's kind of the database's, and back. */
const contractKind = (kind: SpaceKind): StaffSpace['kind'] =>
  kind === 'print-studio' ? 'studio' : 'coworking'
const databaseKind = (kind: StaffSpace['kind']): SpaceKind =>
  kind === 'studio' ? 'print-studio' : 'coworking'

/** How bookings of a space or studio item are typed. */
const bookingTypeOf = (kind: SpaceKind): BookingType => (kind === 'coworking' ? 'spot' : kind)

/** Co-working spaces first, then studio items, as /staff/spaces lists them. */
const KIND_ORDER: readonly SpaceKind[] = ['coworking', 'print-studio']

/** A name as it is stored (trimmed; a final period kept, as staff typed it); 400 when unusable. */
export function spaceName(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) throw badRequest(SPACE_REFUSALS.blankName)
  if (!slugOf(cleanSpaceName(trimmed))) throw badRequest(SPACE_REFUSALS.noLetters)
  return trimmed
}

/** Two names people would take for one: as shown, case aside (as a booking finds its space). */
const sameName = (a: string, b: string) =>
  cleanSpaceName(a).trim().toLowerCase() === cleanSpaceName(b).trim().toLowerCase()

// ---------------------------------------------------------------------------------------------
// Places booked.

/** The places taken on one coming day (and session, '' for co-working) of a space or item. */
export interface BookedPlace {
  day: string
  slot: string
  places: number
}

const counterKey = (type: BookingType, thing: string) => `${type}|${thing}`

/**
 * The busiest coming day or session of each space (today in Lagos and later), as the counters
 * count it: confirmed bookings and holds, 1 + visitors each. By id; absent when none is booked.
 */
async function mostBooked(
  db: Db | Tx,
  rows: Space[],
  now: Date,
): Promise<Map<string, BookedPlace>> {
  const most = new Map<string, BookedPlace>()
  if (rows.length === 0) return most
  const counters = await db
    .select()
    .from(bookingPlaces)
    .where(
      and(
        inArray(
          bookingPlaces.thing,
          rows.map((row) => cleanSpaceName(row.name)),
        ),
        gte(bookingPlaces.date, lagosDay(now)),
        gt(bookingPlaces.taken, 0),
      ),
    )
    .orderBy(bookingPlaces.date, bookingPlaces.timeSlot)
  const byThing = new Map<string, BookedPlace>()
  for (const counter of counters) {
    const key = counterKey(counter.type, counter.thing)
    const known = byThing.get(key)
    // The earliest of the busiest: the counters come soonest first.
    if (!known || counter.taken > known.places) {
      byThing.set(key, { day: counter.date, slot: counter.timeSlot, places: counter.taken })
    }
  }
  for (const row of rows) {
    const place = byThing.get(counterKey(bookingTypeOf(row.kind), cleanSpaceName(row.name)))
    if (place) most.set(row.id, place)
  }
  return most
}

/** 'The Garden Room has 3 places booked on Tuesday, December 1, 2026: ...' */
const capacityRefusal = (name: string, { places, day, slot }: BookedPlace) =>
  conflict(
    `${cleanSpaceName(name)} has ${places} ${places === 1 ? 'place' : 'places'} booked on ${dayInFull(day)}${slot ? `, ${slot}` : ''}: the capacity cannot be less than ${places}.`,
  )

function staffSpace(row: Space, booked: BookedPlace | undefined): StaffSpace {
  return {
    id: row.id,
    kind: contractKind(row.kind),
    name: cleanSpaceName(row.name),
    capacity: row.capacity,
    bookable: row.coworking,
    booked: booked?.places ?? 0,
  }
}

// ---------------------------------------------------------------------------------------------
// Writing, audited.

export interface SpaceWrite {
  db: Db
  /** The staff member; null: the command line. */
  actor: Account | null
  now: Date
}

/** What a write may change; `sort` only from the command line. */
export type SpaceChange = Partial<Pick<Space, 'name' | 'capacity' | 'coworking' | 'sort'>>

/** What the audit log keeps of a space: what people see of it. */
const audited = (row: Pick<Space, 'name' | 'capacity' | 'coworking' | 'sort'>) => ({
  name: cleanSpaceName(row.name),
  capacity: row.capacity,
  bookable: row.coworking,
  sort: row.sort,
})

/** The audited fields that differ, before and after. */
function changed(before: Space, after: Space) {
  const was = audited(before)
  const is = audited(after)
  const keys = (Object.keys(is) as (keyof typeof is)[]).filter((key) => was[key] !== is[key])
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, is[key]])),
  }
}

/**
 * Space writes one at a time, until the commit: two of them at once could give two spaces one
 * name, and so one set of place counters.
 */
const oneWriteAtATime = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(1618)`)

/** 409 when another space or studio item is called `name`, as people would read it. */
async function refuseNameTaken(tx: Tx, name: string, except: string | null): Promise<void> {
  const others = await tx
    .select({ name: spaces.name })
    .from(spaces)
    .where(except === null ? undefined : ne(spaces.id, except))
  if (others.some((other) => sameName(other.name, name))) throw nameTaken(cleanSpaceName(name))
}

/**
 * Inserts a space or studio item and its audit entry ('space create'), last of its kind unless
 * given a sort. Null when its id is taken (nothing is written); 409 when its name is.
 */
export async function insertSpace(
  { db, actor, now }: SpaceWrite,
  values: Omit<Space, 'sort'> & { sort?: number },
): Promise<Space | null> {
  return db.transaction(async (tx) => {
    await oneWriteAtATime(tx)
    const [taken] = await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, values.id))
    if (taken) return null
    await refuseNameTaken(tx, values.name, null)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${spaces.sort}), 0)::int` })
      .from(spaces)
      .where(eq(spaces.kind, values.kind))
    const [row] = await tx
      .insert(spaces)
      .values({ ...values, sort: values.sort ?? (last?.sort ?? 0) + 1 })
      .returning()
    if (!row) throw new Error('insertSpace: the space was not inserted')
    const { sort: _sort, ...after } = audited(row)
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'space create',
      subject: row.id,
      before: null,
      after,
    })
    return row
  })
}

/**
 * Changes a space or studio item, locked until the commit, with an audit entry of what changed
 * ('space update'); nothing is written when nothing changes. A new name (as people read it) must
 * be no other's; the bookings of today and later follow it. 404 when there is none; 409 when a
 * changed capacity is below the places booked on a coming day, unless `belowBooked` allows it
 * (the command line, which says so). Returns the row before and after, and the busiest day.
 */
export async function changeSpace(
  { db, actor, now }: SpaceWrite,
  id: string,
  change: SpaceChange,
  { belowBooked = 'refuse' }: { belowBooked?: 'refuse' | 'allow' } = {},
): Promise<{ before: Space; after: Space; busiest: BookedPlace | null }> {
  return db.transaction(async (tx) => {
    await oneWriteAtATime(tx)
    const [before] = await tx.select().from(spaces).where(eq(spaces.id, id)).for('update')
    if (!before) throw notFound(NO_SUCH_SPACE)
    const values = { ...change }
    if (values.name !== undefined) {
      values.name = spaceName(values.name)
      // The same name as people see it ('Library. ' sent back as 'Library') is no rename.
      if (cleanSpaceName(values.name) === cleanSpaceName(before.name)) delete values.name
      else if (isMembersOnlySpace(before.name)) throw conflict(MEMBERS_ONLY_KEEPS_ITS_NAME)
      else await refuseNameTaken(tx, values.name, id)
    }
    const diff = changed(before, { ...before, ...values })
    if (Object.keys(diff.after).length === 0) {
      return {
        before,
        after: before,
        busiest: (await mostBooked(tx, [before], now)).get(id) ?? null,
      }
    }
    const [after] = await tx.update(spaces).set(values).where(eq(spaces.id, id)).returning()
    if (!after) throw new Error('changeSpace: the space was not updated')
    if (values.name !== undefined) {
      // The trigger count_booking_places moves each booking's places to the new name's counters.
      await tx
        .update(bookings)
        .set({ venue: cleanSpaceName(after.name) })
        .where(
          and(
            eq(bookings.type, bookingTypeOf(before.kind)),
            eq(bookings.venue, cleanSpaceName(before.name)),
            gte(bookings.date, lagosDay(now)),
          ),
        )
    }
    const busiest = (await mostBooked(tx, [after], now)).get(id) ?? null
    if (
      belowBooked === 'refuse' &&
      'capacity' in diff.after &&
      busiest &&
      busiest.places > after.capacity
    ) {
      throw capacityRefusal(before.name, busiest)
    }
    await recordAudit(tx, { at: now, actor, action: 'space update', subject: id, ...diff })
    return { before, after, busiest }
  })
}

// ---------------------------------------------------------------------------------------------
// The staff's tools (GET/POST /staff/spaces, GET/PUT /staff/spaces/{id}).

/** Every space and studio item, hidden ones too: spaces first, then items, each by sort. */
export async function staffSpaces(db: Db, now: Date): Promise<StaffSpace[]> {
  const rows = await db.select().from(spaces).orderBy(spaces.sort, spaces.id)
  const booked = await mostBooked(db, rows, now)
  return KIND_ORDER.flatMap((kind) =>
    rows.filter((row) => row.kind === kind).map((row) => staffSpace(row, booked.get(row.id))),
  )
}

/** One space or studio item as staff edit it; 404 when there is none. */
export async function staffSpaceOf(db: Db, id: string, now: Date): Promise<StaffSpace> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id))
  if (!row) throw notFound(NO_SUCH_SPACE)
  return staffSpace(row, (await mostBooked(db, [row], now)).get(id))
}

/** Adds a space or studio item, its id made from the name; 409 when that id or name is taken. */
export async function createStaffSpace(write: SpaceWrite, space: NewSpace): Promise<StaffSpace> {
  const name = spaceName(space.name)
  const row = await insertSpace(write, {
    id: slugOf(cleanSpaceName(name)),
    name,
    kind: databaseKind(space.kind),
    capacity: space.capacity,
    coworking: space.bookable,
  })
  if (!row) throw nameTaken(cleanSpaceName(name))
  return staffSpace(row, undefined)
}

/**
 * Changes a space or studio item to the draft: its name (the bookings of today and later with
 * it), its places, and whether it is offered. 409 when the capacity is below the places booked
 * on a coming day or session, or the name is another's.
 */
export async function updateStaffSpace(
  write: SpaceWrite,
  id: string,
  draft: SpaceDraft,
): Promise<StaffSpace> {
  const { after, busiest } = await changeSpace(write, id, {
    name: draft.name,
    capacity: draft.capacity,
    coworking: draft.bookable,
  })
  return staffSpace(after, busiest ?? undefined)
}
