import { roleAllows, STAFF_TOOL_ROLES, type StaffTool } from '../rules/staff-roles'
import type { StaffDay, StaffSession } from './machine'

// What the front desk reads of the day: each session's places at a glance, and the day's sums.

export const SESSION_KINDS: Record<StaffSession['kind'], string> = {
  event: 'Event',
  coworking: 'Co-working',
  studio: 'Print studio',
}

/** Whether the caller's role opens the tool (the server refuses it otherwise). */
export const opensTool = (day: StaffDay | null, tool: StaffTool): boolean =>
  day !== null && roleAllows(day.role, STAFF_TOOL_ROLES[tool])

/** Places still free; null where the session has no limit. */
export const freePlaces = ({ capacity, booked }: StaffSession): number | null =>
  capacity === null ? null : Math.max(0, capacity - booked)

/** Places booked but not yet at the door. */
export const expectedPlaces = ({ booked, checkedIn }: StaffSession): number =>
  Math.max(0, booked - checkedIn)

/** The day's headline: how many are expected and how many are in. */
export function dayTotals(day: StaffDay): { booked: number; checkedIn: number } {
  return day.sessions.reduce(
    (sum, session) => ({
      booked: sum.booked + session.booked,
      checkedIn: sum.checkedIn + session.checkedIn,
    }),
    { booked: 0, checkedIn: 0 },
  )
}

/** Co-working spaces or studio items of the day with nothing booked, said in one line. */
export interface QuietLine {
  kind: Exclude<StaffSession['kind'], 'event'>
  /** 'No co-working bookings', or 'No other …' beside spaces that have some. */
  text: string
  /** Where: 'Library · The Loft · 8th Floor'. */
  places: string
}

const QUIET_WORDS: Record<QuietLine['kind'], string> = {
  coworking: 'co-working',
  studio: 'print studio',
}

/**
 * The day as the front desk reads it (docs/decisions/042): a card for each event (on, booked or
 * not) and for each co-working space or studio session someone booked; the spaces and sessions
 * nobody booked go into one line of each kind, so they do not crowd out what is happening.
 */
export function dayLayout(day: StaffDay): { cards: StaffSession[]; quiet: QuietLine[] } {
  const isCard = (session: StaffSession) => session.kind === 'event' || session.booked > 0
  const cards = day.sessions.filter(isCard)
  const quiet = (['coworking', 'studio'] as const).flatMap((kind): QuietLine[] => {
    const empty = day.sessions.filter((s) => s.kind === kind && !isCard(s))
    if (empty.length === 0) return []
    const some = cards.some((s) => s.kind === kind)
    const places = [...new Set(empty.map((s) => s.venue ?? s.title))].join(' · ')
    return [{ kind, text: `No ${some ? 'other ' : ''}${QUIET_WORDS[kind]} bookings`, places }]
  })
  return { cards, quiet }
}
