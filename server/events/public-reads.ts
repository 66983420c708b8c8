import type { components } from '../../openapi/schema'
import { readEvent } from '../bookings/quote'
import type { Db } from '../db/client'
import type { Event as EventRow } from '../db/schema'
import { type Cached, cachedAnswer, PublicCache, type Timed } from '../http/cache/store'
import { spacesOfKind } from '../spaces/spaces'
import { timedCoworkingDays, timedEvents, timedPrintStudioDays } from './events'

type Event = components['schemas']['Event']
type Space = components['schemas']['Space']

/** A success body of the contract: what the API sends and what a page carries for its call. */
export interface Success<T> {
  status: 'success'
  data: T
}

/**
 * The public reads, each a whole success body with its JSON and ETag (`{ value, json, etag }`),
 * computed once per change of the data (or of the clock, when that changes the answer).
 * The ETag is a hash of the JSON, so it is stable across instances and requests: a page built
 * from these answers can be memoized under the ETags it used (same tags, same page).
 * A Fastify app from buildApp has them as `app.publicReads`. The values are shared by every
 * caller: read them, never change them.
 */
export interface PublicReads {
  events(now: Date): Promise<Cached<Success<Event[]>>>
  /** Null when there is no such event. */
  event(now: Date, id: string): Promise<Cached<Success<Event>> | null>
  spaces(now: Date): Promise<Cached<Success<Space[]>>>
  printStudioItems(now: Date): Promise<Cached<Success<Space[]>>>
  coworkingDays(now: Date, isMember: boolean): Promise<Cached<Success<string[]>>>
  printStudioDays(now: Date): Promise<Cached<Success<string[]>>>
  /** An event's row as a booking prices and counts it (never sent as is); null: no such event. */
  eventRow(now: Date, id: string): Promise<EventRow | null>
}

const success = async <T>(answer: Promise<Timed<T>>): Promise<Timed<Success<T>>> => {
  const { value, until } = await answer
  return { value: { status: 'success', data: value }, until }
}

const untimed = async <T>(value: Promise<T>): Promise<Timed<Success<T>>> =>
  success(value.then((data) => ({ value: data, until: null })))

/** The public reads of one database through one cache (see PublicCache for when it refreshes). */
export function publicReads(db: Db, cache: PublicCache): PublicReads {
  // One event's answer is cut from the calendar's, once per calendar version.
  const eventsOf = new WeakMap<object, Map<string, Cached<Success<Event>>>>()

  const events = (now: Date) => cache.read('events', now, () => success(timedEvents(db, now)))

  return {
    events,
    async event(now, id) {
      const calendar = await events(now)
      let byId = eventsOf.get(calendar)
      if (!byId) {
        byId = new Map()
        eventsOf.set(calendar, byId)
      }
      // Only events that exist are kept: unknown ids must not grow the map.
      const kept = byId.get(id)
      if (kept) return kept
      const event = calendar.value.data.find((candidate) => candidate.ID === id)
      if (!event) return null
      const answer = cachedAnswer<Success<Event>>({ status: 'success', data: event })
      byId.set(id, answer)
      return answer
    },
    spaces: (now) => cache.read('spaces', now, () => untimed(spacesOfKind(db, 'coworking'))),
    printStudioItems: (now) =>
      cache.read('print-studio-items', now, () => untimed(spacesOfKind(db, 'print-studio'))),
    coworkingDays: (now, isMember) =>
      cache.read(`coworking-days|${isMember ? 'member' : 'guest'}`, now, () =>
        success(timedCoworkingDays(db, now, isMember)),
      ),
    printStudioDays: (now) =>
      cache.read('print-studio-days', now, () => success(timedPrintStudioDays(db, now))),
    async eventRow(now, id) {
      // A booking never counts against a capacity up to a second old: while changes go unheard
      // (the LISTEN connection is down), the database is asked.
      if (!cache.hearsEveryChange) return readEvent(db, id)
      const row = await cache.read(
        `event-row|${id}`,
        now,
        async () => ({ value: await readEvent(db, id), until: null }),
        // Only events that exist are kept: unknown ids must not grow the cache.
        (found) => found !== null,
      )
      return row.value
    },
  }
}

export { PublicCache }
