import { addDaysToDay, dayInFull, dayStart, formatTime, lagosDay } from './dates'
import { slotInstants } from './slots'

// Until when a booking can be cancelled by the person who made it (docs/decisions/029), and how
// that is said: in the refusal, on the 'Manage your booking' page and in the receipt.

/** What the cut-off reads of a booking. */
interface CutoffBooking {
  type: 'event' | 'spot' | 'print-studio'
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
 * Monday, November 23, 2026' (the day before) for the others. `day` writes a 'yyyy-MM-dd' day (an
 * e-mail writes its days its own way).
 */
export function cutoffWords(
  row: Pick<CutoffBooking, 'type' | 'date'>,
  cutoff: Date,
  hours: number | null,
  day: (day: string) => string = dayInFull,
): string {
  if (row.type !== 'event' || hours === null) return `the end of ${day(addDaysToDay(row.date, -1))}`
  return `${formatTime(cutoff)} on ${day(lagosDay(cutoff))}`
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
