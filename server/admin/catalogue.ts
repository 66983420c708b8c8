import { readFile } from 'node:fs/promises'
import { and, asc, eq } from 'drizzle-orm'
import { clockTime, dayInFull, lagosDay } from '../../machines/rules/dates'
import { formatNaira } from '../../machines/rules/money'
import { cleanSpaceName } from '../../machines/rules/spaces'
import { type Event, events, type NewEvent, type Space, type SpaceKind, spaces } from '../db/schema'
import { DEMO_HOTEL_ADDRESS } from '../db/seed'
import {
  badSlot,
  changeEvent,
  defaultSlots,
  type EventWrite,
  insertEvent,
  lagosInstant,
  mostPlacesBooked,
  slugOf,
} from '../events/staff-events'
import { HttpError } from '../http/http-error'
import { type PosterWrite, setPoster, uploadPoster } from '../media/media-store'
import { ImageRejected } from '../media/poster-variants'
import {
  changeSpace,
  insertSpace,
  type SpaceChange,
  type SpaceWrite,
  spaceName,
} from '../spaces/staff-spaces'
import type { AdminContext } from './application-decisions'
import { CommandError, int, type Parsed, text, UsageError } from './args'

// Events, co-working spaces and print-studio items, as staff create and edit them. Every change
// goes through the database, whose triggers tell every server instance to refresh its public
// pages (server/db/functions/notify_public_data_changed.sql).

type Options = Parsed['options']

function checkSlug(id: string, what: string) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) {
    throw new UsageError(
      `--id must be lower-case letters, digits and dashes (e.g. rooftop-jazz), not '${id}' (${what}).`,
    )
  }
}

function parseSlots(value: string): string[] {
  const slots = value
    .split(',')
    .map((slot) => slot.trim())
    .filter(Boolean)
  const bad = badSlot(slots)
  if (bad !== undefined) {
    throw new UsageError(
      `--slots: '${bad}' is not a time range such as '4pm - 8pm' (separate several with commas).`,
    )
  }
  return slots
}

/**
 * The command line writes as no one's account: its audit entries name 'npm run admin'. A raised
 * capacity offers its places to the waitlist at once, linked to PUBLIC_URL.
 */
const cliWrite = (ctx: AdminContext): EventWrite & SpaceWrite => ({
  db: ctx.db,
  actor: null,
  now: ctx.now(),
  site: ctx.publicUrl,
})

export const eventOptions = {
  title: { kind: 'text', help: "The event's name (required to create)", placeholder: '<text>' },
  date: { kind: 'day', help: 'Its day in Lagos (required to create)', placeholder: '<yyyy-MM-dd>' },
  'end-date': {
    kind: 'day',
    help: 'Its last day, for an event of several days (default: --date)',
    placeholder: '<yyyy-MM-dd>',
  },
  start: {
    kind: 'time',
    help: 'Start, 24-hour Lagos time (required to create)',
    placeholder: '<HH:mm>',
  },
  end: {
    kind: 'time',
    help: 'End, 24-hour Lagos time (required to create)',
    placeholder: '<HH:mm>',
  },
  price: { kind: 'int', help: 'Whole naira; 0 is free (default 0)', placeholder: '<naira>' },
  'friends-price': {
    kind: 'text',
    help: "What an active member pays, whole naira; 'none': the same as --price",
    placeholder: '<naira|none>',
  },
  capacity: {
    kind: 'int',
    help: 'Places per day and time slot (required to create)',
    placeholder: '<n>',
  },
  venue: {
    kind: 'text',
    help: 'The space inside the hotel (required to create)',
    placeholder: '<text>',
  },
  address: { kind: 'text', help: "Street address (default: the hotel's)", placeholder: '<text>' },
  slots: {
    kind: 'text',
    help: "Time slots, e.g. '4pm - 8pm, 8pm - 11pm' (default: start to end)",
    placeholder: '<list>',
  },
  about: { kind: 'text', help: 'What it is, for the event page', placeholder: '<text>' },
  url: { kind: 'text', help: 'An outside page about it', placeholder: '<address>' },
  'members-only': { kind: 'yes-no', help: 'Only active members may book', placeholder: '<yes|no>' },
  rsvp: { kind: 'yes-no', help: 'Bookings open (yes) or closed (no)', placeholder: '<yes|no>' },
  poster: {
    kind: 'text',
    help: 'A poster: an address (https://... or /...) or an image file to upload',
    placeholder: '<url|file>',
  },
} as const

function friendsPrice(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined
  if (value.toLowerCase() === 'none') return null
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`--friends-price must be whole naira or 'none', not '${value}'.`)
  }
  return Number(value)
}

/** Applies --poster: an address is stored as it is; a file is checked, resized and stored. */
async function applyPoster(ctx: AdminContext, eventId: string, poster: string): Promise<string> {
  const by: PosterWrite = { actor: null, now: ctx.now() }
  const setUrl = async () => {
    await ctx.db.transaction((tx) => setPoster(tx, eventId, poster, by))
    return poster
  }
  if (/^https?:\/\//i.test(poster) || poster.startsWith('/')) {
    if (poster.startsWith('/') && !poster.startsWith('//')) {
      // A path on this site (/posters/..., /media/...), unless it is a file on this machine.
      const file = await readFile(poster).catch(() => null)
      if (!file) return setUrl()
    } else {
      try {
        new URL(poster)
      } catch {
        throw new UsageError(`--poster: '${poster}' is not a web address.`)
      }
      return setUrl()
    }
  }
  const file = await readFile(poster).catch(() => {
    throw new CommandError(`--poster: cannot read the file ${poster}. Check its path.`)
  })
  try {
    const { url, variants } = await uploadPoster(ctx.db, eventId, file, by)
    return `${url} (${variants.length} sizes and formats)`
  } catch (error) {
    if (error instanceof ImageRejected) throw new CommandError(`--poster: ${error.message}`)
    throw error
  }
}

function describeEvent(event: Event): string {
  const day = lagosDay(event.startAt)
  const lastDay = lagosDay(event.endAt)
  const price =
    event.priceNaira > 0
      ? `${formatNaira(event.priceNaira)}${event.friendsPriceNaira !== null ? `, members ${formatNaira(event.friendsPriceNaira)}` : ''}`
      : 'free'
  return [
    `${event.id}: ${event.name}`,
    `  ${day}${lastDay !== day ? ` to ${lastDay}` : ''}, ${clockTime(event.startAt)} to ${clockTime(event.endAt)} (Lagos); slots: ${event.timeSlots.join(', ') || 'none'}`,
    `  ${event.venue}, ${event.address}`,
    `  ${price}; ${event.capacity} places per slot; bookings ${event.rsvpOpen ? 'open' : 'closed'}${event.membersOnly ? '; members only' : ''}`,
    `  poster: ${event.posters[0]?.url ?? 'none'}`,
  ].join('\n')
}

/** `events create --title ... --date ... --start ... --end ... --capacity ... --venue ...` */
export async function createEvent(ctx: AdminContext, options: Options): Promise<string> {
  const missing = ['title', 'date', 'start', 'end', 'capacity', 'venue'].filter(
    (name) => options[name] === undefined,
  )
  if (missing.length) {
    throw new UsageError(`To create an event, give ${missing.map((m) => `--${m}`).join(', ')}.`)
  }
  const title = text(options, 'title') as string
  const id = text(options, 'id') ?? slugOf(title)
  checkSlug(id, 'made from the title; give --id')
  const values = eventValues(options, null)
  const created = await insertEvent(cliWrite(ctx), { id, ...(values as Omit<NewEvent, 'id'>) })
  if (!created) {
    throw new CommandError(
      `An event with the id ${id} exists already. Give another --id, or edit it with 'events edit ${id}'.`,
    )
  }
  const poster = text(options, 'poster')
  const posterLine = poster ? `\nPoster: ${await applyPoster(ctx, id, poster)}` : ''
  const [event] = await ctx.db.select().from(events).where(eq(events.id, id))
  return `Created event\n${describeEvent(event as Event)}${posterLine}`
}

/** The columns the options set; with `current`, the ones not given keep their values. */
function eventValues(options: Options, current: Event | null): Partial<NewEvent> {
  const values: Partial<NewEvent> = {}
  const title = text(options, 'title')
  if (title !== undefined) values.name = title
  const venue = text(options, 'venue')
  if (venue !== undefined) values.venue = venue
  const address = text(options, 'address') ?? (current ? undefined : DEMO_HOTEL_ADDRESS)
  if (address !== undefined) values.address = address

  const date = text(options, 'date') ?? (current ? lagosDay(current.startAt) : undefined)
  const endDate =
    text(options, 'end-date') ??
    (current && !text(options, 'date') ? lagosDay(current.endAt) : date)
  const start = text(options, 'start') ?? (current ? clockTime(current.startAt) : undefined)
  const end = text(options, 'end') ?? (current ? clockTime(current.endAt) : undefined)
  const timing = ['date', 'end-date', 'start', 'end'].some((name) => options[name] !== undefined)
  if (date && endDate && start && end && (timing || !current)) {
    const startAt = lagosInstant(date, start)
    const endAt = lagosInstant(endDate, end)
    if (endAt.getTime() <= startAt.getTime()) {
      throw new UsageError(
        `The event must end after it starts (${date} ${start} to ${endDate} ${end}).`,
      )
    }
    values.startAt = startAt
    values.endAt = endAt
  }
  const slots = text(options, 'slots')
  if (slots !== undefined) values.timeSlots = parseSlots(slots)
  else if (start && end && (!current || options.start !== undefined || options.end !== undefined)) {
    values.timeSlots = defaultSlots(start, end)
  }
  const price = int(options, 'price')
  if (price !== undefined) values.priceNaira = price
  const friends = friendsPrice(text(options, 'friends-price'))
  if (friends !== undefined) values.friendsPriceNaira = friends
  const capacity = int(options, 'capacity')
  if (capacity !== undefined) values.capacity = capacity
  const about = text(options, 'about')
  if (about !== undefined) values.about = about
  const url = text(options, 'url')
  if (url !== undefined) values.url = url
  const membersOnly = text(options, 'members-only')
  if (membersOnly !== undefined) values.membersOnly = membersOnly === 'yes'
  const rsvp = text(options, 'rsvp')
  if (rsvp !== undefined) values.rsvpOpen = rsvp === 'yes'
  return values
}

async function findEvent(ctx: AdminContext, id: string): Promise<Event> {
  const [event] = await ctx.db.select().from(events).where(eq(events.id, id))
  if (!event) {
    throw new CommandError(
      `No event has the id '${id}'. The id is the last part of its address (/event/<id>).`,
    )
  }
  return event
}

/** `events edit <id> [options]`: changes only what is given. */
export async function editEvent(ctx: AdminContext, id: string, options: Options): Promise<string> {
  const current = await findEvent(ctx, id)
  const values = eventValues(options, current)
  const poster = text(options, 'poster')
  if (Object.keys(values).length === 0 && !poster) {
    throw new UsageError(`Nothing to change: give at least one option (see 'events edit --help').`)
  }
  if (Object.keys(values).length > 0) await changeEvent(cliWrite(ctx), id, values)
  const posterLine = poster ? `\nPoster: ${await applyPoster(ctx, id, poster)}` : ''
  return `Updated event\n${describeEvent(await findEvent(ctx, id))}${posterLine}`
}

/** `events capacity <id> <n>` */
export async function setEventCapacity(
  ctx: AdminContext,
  id: string,
  capacity: string,
): Promise<string> {
  if (!/^\d+$/.test(capacity)) {
    throw new UsageError(`The capacity must be a whole number of places, not '${capacity}'.`)
  }
  const event = await findEvent(ctx, id)
  const write = cliWrite(ctx)
  await changeEvent(write, id, { capacity: Number(capacity) })
  // Unlike the staff's tools, the command line may go below what is booked, and says so.
  const most = await mostPlacesBooked(ctx.db, id, write.now)
  const warning =
    most > Number(capacity)
      ? `\nNote: one slot already has ${most} places booked; those bookings stay, new ones are refused ('Sold out').`
      : ''
  return `${event.name} (${id}) now has ${capacity} places per slot (was ${event.capacity}).${warning}`
}

// Spaces and studio items: one table, two kinds.

const KIND_NAMES: Record<SpaceKind, { one: string; command: string }> = {
  coworking: { one: 'space', command: 'spaces' },
  'print-studio': { one: 'studio item', command: 'studio-items' },
}

export const spaceOptions = {
  name: {
    kind: 'text',
    help: 'Its name as people see it (required to create)',
    placeholder: '<text>',
  },
  capacity: {
    kind: 'int',
    help: 'Places per day (spaces) or per session (studio items) (required to create)',
    placeholder: '<n>',
  },
  coworking: {
    kind: 'yes-no',
    help: 'Offered for booking: yes (default) or no, to hide it',
    placeholder: '<yes|no>',
  },
  sort: {
    kind: 'int',
    help: 'Its place in lists, smallest first (default: last)',
    placeholder: '<n>',
  },
} as const

function describeSpace(space: Space): string {
  return `${space.id}: ${cleanSpaceName(space.name)}, ${space.capacity} places, ${space.coworking ? 'bookable' : 'not bookable'}, sort ${space.sort}`
}

/** The staff's tools' refusals (a name taken or unusable), as the command line says them. */
async function asCommand<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) throw new CommandError(error.message)
    throw error
  }
}

export async function createSpace(
  ctx: AdminContext,
  kind: SpaceKind,
  options: Options,
): Promise<string> {
  const what = KIND_NAMES[kind]
  const missing = ['name', 'capacity'].filter((name) => options[name] === undefined)
  if (missing.length) {
    throw new UsageError(
      `To create a ${what.one}, give ${missing.map((m) => `--${m}`).join(', ')}.`,
    )
  }
  const name = await asCommand(async () => spaceName(text(options, 'name') as string))
  const id = text(options, 'id') ?? slugOf(cleanSpaceName(name))
  checkSlug(id, 'made from the name; give --id')
  const capacity = int(options, 'capacity') as number
  if (capacity < 1) throw new UsageError('--capacity must be at least 1.')
  const space = await asCommand(() =>
    insertSpace(cliWrite(ctx), {
      id,
      name,
      kind,
      capacity,
      coworking: text(options, 'coworking') !== 'no',
      sort: int(options, 'sort'),
    }),
  )
  if (!space) {
    const [clash] = await ctx.db.select().from(spaces).where(eq(spaces.id, id))
    const other = KIND_NAMES[clash?.kind ?? kind]
    throw new CommandError(
      `A ${other.one} with the id ${id} exists already. Give another --id, or edit it with '${other.command} edit ${id}'.`,
    )
  }
  return `Created ${what.one} ${describeSpace(space)}`
}

export async function editSpace(
  ctx: AdminContext,
  kind: SpaceKind,
  id: string,
  options: Options,
): Promise<string> {
  const what = KIND_NAMES[kind]
  const [current] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), eq(spaces.kind, kind)))
  if (!current) {
    const list = await ctx.db
      .select({ id: spaces.id })
      .from(spaces)
      .where(eq(spaces.kind, kind))
      .orderBy(asc(spaces.sort))
    throw new CommandError(
      `No ${what.one} has the id '${id}'. ${what.command[0]?.toUpperCase()}${what.command.slice(1)}: ${list.map((s) => s.id).join(', ') || 'none yet'}.`,
    )
  }
  const changes: SpaceChange = {}
  const name = text(options, 'name')
  if (name !== undefined) changes.name = name
  const capacity = int(options, 'capacity')
  if (capacity !== undefined) {
    if (capacity < 1) throw new UsageError('--capacity must be at least 1.')
    changes.capacity = capacity
  }
  const coworking = text(options, 'coworking')
  if (coworking !== undefined) changes.coworking = coworking === 'yes'
  const sort = int(options, 'sort')
  if (sort !== undefined) changes.sort = sort
  if (Object.keys(changes).length === 0) {
    throw new UsageError(
      `Nothing to change: give at least one option (see '${what.command} edit --help').`,
    )
  }
  // Unlike the staff's tools, the command line may go below what is booked, and says so.
  const { after, busiest } = await asCommand(() =>
    changeSpace(cliWrite(ctx), id, changes, { belowBooked: 'allow' }),
  )
  const warning =
    busiest && busiest.places > after.capacity
      ? `\nNote: ${busiest.places} places are booked on ${dayInFull(busiest.day)}${busiest.slot ? `, ${busiest.slot}` : ''}; those bookings stay, new ones are refused ('Sold out').`
      : ''
  return `Updated ${what.one} ${describeSpace(after)}${warning}`
}
