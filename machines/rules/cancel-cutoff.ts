import type { components } from '../../openapi/schema'
import { addDaysToDay, dayInFull, dayStart, lagosDay, whenInFull } from './dates'
import { slotInstants } from './slots'

// Until when a booking can be cancelled by the person who made it (docs/decisions/029), and how
// that is said: in the refusal, on the 'Manage your booking' page and in the receipt.

/** What the cut-off reads of a booking. */
interface CutoffBooking {
  type: components['schemas']['BookingType']
  date: string
  timeSlot: string | null
}

/**
 * The last instant a booking can be cancelled. An event: its cancel_cutoff_hours before the
 * booked slot starts on the booked day (an event without slots: its own start time on that day).
 * Co-working and the print studio: the end of the day before the booked day (Lagos).
 */
export function cancelCutoff(
  row: CutoffBooking,
  event: { startAt: Date; cancelCutoffHours: number } | null,
): Date {
  const midnight = dayStart(row.date)
  if (row.type !== 'event' || !event) return midnight
  const slot = row.timeSlot ? slotInstants(row.date, row.timeSlot) : null
  // The event's own Lagos clock time, on the day booked (every Lagos day is 24 hours long).
  const ownStart = new Date(
    midnight.getTime() + (event.startAt.getTime() - dayStart(lagosDay(event.startAt)).getTime()),
  )
  const start = slot?.start ?? ownStart
  return new Date(start.getTime() - event.cancelCutoffHours * 3_600_000)
}

/**
 * The cut-off in people's words: '4pm on Monday, November 23, 2026' for an event, 'the end of
 * Monday, November 23, 2026' (the day before) for the others; the page and the e-mail alike.
 */
export function cutoffWords(
  row: Pick<CutoffBooking, 'type' | 'date'>,
  cutoff: Date,
  hours: number | null,
): string {
  if (row.type !== 'event' || hours === null) {
    return `the end of ${dayInFull(addDaysToDay(row.date, -1))}`
  }
  return whenInFull(cutoff)
}

/** The 409 after the cut-off, saying when it was, in people's words. */
export function cutoffPassed(
  row: Pick<CutoffBooking, 'type' | 'date'>,
  title: string,
  cutoff: Date,
  hours: number | null,
): string {
  const when = cutoffWords(row, cutoff, hours)
  if (row.type !== 'event' || hours === null) {
    return `Cancellations for ${title} on ${dayInFull(row.date)} closed at ${when}, the day before.`
  }
  const before =
    hours === 0 ? 'when it started' : `${hours} hour${hours === 1 ? '' : 's'} before it starts`
  return `Cancellations for ${title} closed at ${when}, ${before}.`
}

/** A Lagos clock time as milliseconds after that day's midnight. */
const clockOf = (instant: Date) => instant.getTime() - dayStart(lagosDay(instant)).getTime()

/**
 * When a booking is over: its slot's end; an event without slots, its own end time on the day
 * booked (the next day's, when it runs past midnight); co-working or the studio without a slot,
 * the end of the day.
 */
export function bookingEnds(
  row: CutoffBooking,
  event: { startAt: Date; endAt: Date } | null,
): Date {
  const slot = row.timeSlot ? slotInstants(row.date, row.timeSlot) : null
  if (slot) return slot.end
  if (row.type !== 'event' || !event) return dayStart(addDaysToDay(row.date, 1))
  const start = clockOf(event.startAt)
  const end = clockOf(event.endAt)
  return new Date(dayStart(row.date).getTime() + end + (end <= start ? 86_400_000 : 0))
}

/** Until when it can be cancelled, in people's words: an event's hour, else the day before's end. */
function untilWords(row: { type: string; date: string }, cutoff: Date): string {
  return row.type === 'event'
    ? whenInFull(cutoff)
    : `the end of ${dayInFull(addDaysToDay(row.date, -1))}`
}

/** Whether a listed booking can be cancelled now, and the line that says until when, or why not. */
export type CancelStanding = { open: true; line: string } | { open: false; line: string }

/**
 * A listed booking's Cancel, by the rule cancelBooking refuses by (server/cancellation/cancel.ts):
 * open until its cut-off unless checked in at the door; after either, the line says why.
 */
export function cancelStanding(
  row: { type: string; date: string },
  cutoff: Date | string,
  checkedIn: Date | string | null,
  now: Date,
): CancelStanding {
  if (checkedIn !== null) {
    const at = new Date(checkedIn)
    return {
      open: false,
      line: `Checked in at the door at ${whenInFull(at)}: it can no longer be cancelled.`,
    }
  }
  const until = new Date(cutoff)
  if (now.getTime() >= until.getTime()) {
    return {
      open: false,
      line: `Cancellations closed at ${untilWords(row, until)}${row.type === 'event' ? '' : ', the day before'}.`,
    }
  }
  return { open: true, line: `You can cancel until ${untilWords(row, until)}.` }
}

/**
 * A ticket's terms before paying (the event's booking panel), for the day and slot chosen: 'Free
 * cancellation until 7pm on Friday, December 4, 2026' (a free ticket: 'You can cancel until'),
 * or, its cut-off passed already, that it cannot be cancelled and since when.
 */
export function ticketCancelTerms(
  row: Pick<CutoffBooking, 'date' | 'timeSlot'>,
  event: { startAt: Date; cancelCutoffHours: number },
  free: boolean,
  now: Date,
): { cancellable: boolean; line: string } {
  const booking = { type: 'event' as const, ...row }
  const cutoff = cancelCutoff(booking, event)
  const when = cutoffWords(booking, cutoff, event.cancelCutoffHours)
  if (now.getTime() >= cutoff.getTime()) {
    return {
      cancellable: false,
      line: `This ticket cannot be cancelled: cancellations closed at ${when}.`,
    }
  }
  return {
    cancellable: true,
    line: free ? `You can cancel until ${when}.` : `Free cancellation until ${when}.`,
  }
}

/**
 * The receipt's word for a ticket bought after its cut-off, in place of the 'Manage your
 * booking' link it does not have: why it cannot be cancelled.
 */
export function boughtAfterCutoffLine(
  row: Pick<CutoffBooking, 'type' | 'date'>,
  cutoff: Date,
  hours: number | null,
): string {
  const when = cutoffWords(row, cutoff, hours)
  return `This booking cannot be cancelled, so it has no 'Manage your booking' link: it was made after cancellations closed at ${when}.`
}
