import type { StaffDay, StaffSession } from './machine'

// What the front desk reads of the day: each session's places at a glance, and the day's sums.

export const SESSION_KINDS: Record<StaffSession['kind'], string> = {
  event: 'Event',
  coworking: 'Co-working',
  studio: 'Print studio',
}

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
