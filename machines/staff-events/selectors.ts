import type { StaffEvent } from '../event-editor/machine'
import { dayInFull } from '../rules/dates'

// What /staff/events shows of an event.

/** 'Saturday, December 5, 2026 · 4pm - 7pm, 7pm - 10pm' (the days, then the slots). */
export function whenLine({ draft }: StaffEvent): string {
  const days =
    draft.startDay === draft.endDay
      ? dayInFull(draft.startDay)
      : `${dayInFull(draft.startDay)} to ${dayInFull(draft.endDay)}`
  return draft.slots.length > 0 ? `${days} · ${draft.slots.join(', ')}` : days
}

/** '3 of 16 places booked' (the fullest day and slot). */
export const placesLine = ({ booked, draft }: StaffEvent) =>
  `${booked} of ${draft.capacity} ${draft.capacity === 1 ? 'place' : 'places'} booked`

/** The marks beside a title: past, members only, booking closed. */
export function eventMarks({ past, draft }: StaffEvent): string[] {
  return [
    past ? 'Past' : null,
    draft.membersOnly ? 'Members only' : null,
    draft.rsvp ? null : 'Booking closed',
  ].filter((mark): mark is string => mark !== null)
}
