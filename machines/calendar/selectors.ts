import type { SnapshotFrom } from 'xstate'
import { dateAndClock, formatTime, lagosDay } from '../rules/dates'
import type { calendarMachine } from './machine'

/**
 * What the calendar says of a list the phone kept: while it is brought up to date, and when
 * that failed (no network). Nothing once the list is current.
 */
export function calendarNote(
  snapshot: SnapshotFrom<typeof calendarMachine>,
  now: Date,
): string | null {
  const { knownAt } = snapshot.context
  if (knownAt === null) return null
  const asOf = lagosDay(knownAt) === lagosDay(now) ? formatTime(knownAt) : dateAndClock(knownAt)
  if (snapshot.matches('outOfDate')) {
    return `You're offline. This is the calendar as of ${asOf}; it updates when you're back.`
  }
  return `Updating the calendar you saw at ${asOf}…`
}
