import { addDaysToDay, formatTime, fullDay, lagosDay } from '../rules/dates'
import { type EventForm, type EventFormField, eventFormProblems } from '../rules/event-draft'
import type { EventEditorContext, StaffEvent, StaffWaitlist } from './machine'

// What staff read of an event's waitlist: on its page (/staff/events/:id) and beside it in the
// list of events.

type WaitlistPlace = StaffWaitlist['places'][number]
type WaitlistEntry = StaffWaitlist['entries'][number]

/** The day and slot: 'Friday, December 4 · 7pm - 11pm' (the day alone without slots). */
export const placeName = ({ date, timeSlot }: Pick<WaitlistPlace, 'date' | 'timeSlot'>) =>
  timeSlot ? `${fullDay(date)} · ${timeSlot}` : fullDay(date)

/** '12 waiting, 1 offered · 30 of 30 booked' (offers only when there are some). */
export function placeCounts({ waiting, offered, booked, capacity }: WaitlistPlace): string {
  const line = [`${waiting} waiting`, offered > 0 ? `${offered} offered` : null].filter(
    (part): part is string => part !== null,
  )
  return `${line.join(', ')} · ${booked} of ${capacity} booked`
}

/** 'Friday, December 4 · 7pm - 11pm: 12 waiting, 1 offered · 30 of 30 booked' */
export const placeLine = (place: WaitlistPlace) => `${placeName(place)}: ${placeCounts(place)}`

/** The people still in line for one day and slot (waiting or offered), in line order. */
export const lineOf = (waitlist: StaffWaitlist, place: WaitlistPlace): WaitlistEntry[] =>
  waitlist.entries.filter(
    (entry) =>
      entry.date === place.date &&
      entry.timeSlot === place.timeSlot &&
      (entry.status === 'waiting' || entry.status === 'offered'),
  )

const ORDINAL_ENDINGS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' })

/** '1st', '2nd', '3rd', '11th' */
const ordinal = (n: number) => `${n}${ORDINAL_ENDINGS[ordinals.select(n)] ?? 'th'}`

/**
 * Where someone stands: '1st in line', or 'Offered until 9:30pm' (with 'tomorrow' or the day
 * when the offer ends on another day than `now`'s in Lagos).
 */
export function standing(entry: WaitlistEntry, now: Date): string {
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    const day = lagosDay(entry.offerExpiresAt)
    const today = lagosDay(now)
    const when =
      day === today ? '' : day === addDaysToDay(today, 1) ? ' tomorrow' : ` on ${fullDay(day)}`
    return `Offered until ${formatTime(entry.offerExpiresAt)}${when}`
  }
  if (entry.position !== null) return `${ordinal(entry.position)} in line`
  return {
    waiting: 'Waiting',
    offered: 'Offered',
    booked: 'Booked',
    left: 'Left',
    expired: 'Offer expired',
  }[entry.status]
}

/** '12 waiting' beside an event people wait for; null when nobody does. */
export const waitingMark = ({ waiting }: Pick<StaffEvent, 'waiting'>) =>
  waiting > 0 ? `${waiting} waiting` : null

/**
 * The field a save with problems takes staff to: the first, in the form's order (as
 * eventFormProblems checks them, top to bottom); null when there is none.
 */
export function firstProblemField(form: EventForm): EventFormField | null {
  const [first] = Object.keys(eventFormProblems(form)) as EventFormField[]
  return first ?? null
}

/** The problems the form says beside their fields: none until a save was tried with some. */
export const shownFormProblems = ({
  form,
  showProblems,
}: Pick<EventEditorContext, 'form' | 'showProblems'>) =>
  showProblems ? eventFormProblems(form) : {}
