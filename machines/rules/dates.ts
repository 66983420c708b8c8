import type { EventTiming } from './events'

/** The hotel's time zone: every 'day' in the product is a calendar day here, wherever you are. */
export const LAGOS_TZ = 'Africa/Lagos'

/**
 * Lagos keeps West Africa Time, UTC+1, all year: no daylight saving since 1919 (the time-zone
 * database's Africa/Lagos). A fixed offset gives the same answers as a time-zone library for
 * every date the product handles, and costs nothing at a page's first call, where loading a
 * zone's rules took a phone tens of milliseconds.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/**
 * An instant as seen on a Lagos clock: a Date whose UTC fields (getUTCFullYear, getUTCHours...)
 * are the Lagos wall clock's (date-fns `format` and its locale would triple the bundle).
 */
function inLagosClock(instant: Date): Date {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS)
}

/** The instant at which a Lagos wall clock shows the given fields (Date.UTC's arguments). */
function fromLagosClock(
  year: number,
  monthIndex: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
  ms = 0,
): Date {
  const clock = new Date(0)
  clock.setUTCFullYear(year, monthIndex, day)
  clock.setUTCHours(hours, minutes, seconds, ms)
  return new Date(clock.getTime() - LAGOS_OFFSET_MS)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'yyyy-MM-dd' of a Lagos clock (see inLagosClock). */
function dayOf(clock: Date): string {
  return `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`
}

/** The shape of a day string, 'yyyy-MM-dd'. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Turns an instant (Date or ISO 8601 text) into a Date, refusing text that is not a time. */
export function toInstant(instant: Date | string): Date {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`)
  return date
}

/** The Lagos calendar day ('yyyy-MM-dd') an instant falls on, whatever the machine's time zone. */
export function lagosDay(instant: Date | string): string {
  return dayOf(inLagosClock(toInstant(instant)))
}

/** Whether text is a real calendar day written 'yyyy-MM-dd' (rejects '2026-02-30'). */
export function isValidDay(day: string): boolean {
  return parseDayOrNull(day) !== null
}

/** Lagos midnight at the start of a 'yyyy-MM-dd' day, or null when the text is not a real day. */
function parseDayOrNull(day: string): Date | null {
  const match = DAY_PATTERN.exec(day)
  if (!match) return null
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = fromLagosClock(y, m - 1, d)
  return dayOf(inLagosClock(date)) === day ? date : null
}

/** Midnight in Lagos at the start of a 'yyyy-MM-dd' day; throws RangeError on anything else. */
export function dayStart(day: string): Date {
  const date = parseDayOrNull(day)
  if (!date) throw new RangeError(`Invalid day (expected yyyy-MM-dd): ${day}`)
  return date
}

/** The day `amount` calendar days after (or before, if negative) a 'yyyy-MM-dd' day. */
export function addDaysToDay(day: string, amount: number): string {
  // Every Lagos day is 24 hours long (no daylight saving).
  return dayOf(inLagosClock(new Date(dayStart(day).getTime() + amount * DAY_MS)))
}

/** Whether a 'yyyy-MM-dd' day is a Monday, the day the hotel is closed to bookings. */
export function isMonday(day: string): boolean {
  return inLagosClock(dayStart(day)).getUTCDay() === 1
}

/**
 * `amount` calendar months after an instant on the Lagos calendar, at the same Lagos clock time;
 * a day the target month lacks becomes its last day (Jan 31 + 1 month = Feb 28 or 29), as
 * date-fns's addMonths does.
 */
export function addMonthsInLagos(from: Date, amount: number): Date {
  const clock = inLagosClock(from)
  const year = clock.getUTCFullYear()
  const month = clock.getUTCMonth() + amount
  const lastDay = inLagosClock(fromLagosClock(year, month + 1, 0)).getUTCDate()
  return fromLagosClock(
    year,
    month,
    Math.min(clock.getUTCDate(), lastDay),
    clock.getUTCHours(),
    clock.getUTCMinutes(),
    clock.getUTCSeconds(),
    clock.getUTCMilliseconds(),
  )
}

/** Every day from startDay to endDay, both included; empty when endDay comes first. */
export function daysBetween(startDay: string, endDay: string): string[] {
  dayStart(startDay)
  dayStart(endDay)
  const days: string[] = []
  for (let day = startDay; day <= endDay; day = addDaysToDay(day, 1)) days.push(day)
  return days
}

/** The days a guest may pick for an event: its Lagos days from start to end, Mondays left out. */
export function eventDays(event: EventTiming): string[] {
  return daysBetween(lagosDay(event.StartDate), lagosDay(event.EndDate)).filter(
    (day) => !isMonday(day),
  )
}

/** Whether a day is one a guest may book for an event (so the server can check a chosen date). */
export function isEventDay(event: EventTiming, day: string): boolean {
  return eventDays(event).includes(day)
}

/** The next `count` bookable days from today in Lagos (today included), skipping Mondays. */
export function bookableDays(now: Date, count: number): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a whole number >= 0: ${count}`)
  }
  const days: string[] = []
  for (let day = lagosDay(now); days.length < count; day = addDaysToDay(day, 1)) {
    if (!isMonday(day)) days.push(day)
  }
  return days
}

/** Whether a day comes after today in Lagos (a date of birth may not). */
export function isAfterToday(day: string, now: Date): boolean {
  dayStart(day)
  return day > lagosDay(now)
}

/** A day written out in full, the same tomorrow as today: 'Wednesday, November 25'. */
export function fullDay(day: string): string {
  const date = inLagosClock(dayStart(day))
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`
}

/**
 * A day for a message read later, by staff, perhaps another week: 'Friday, November 27, 2026'
 * (never 'Today'); text that is not a day (a hand-edited link) as it came.
 */
export function dayInFull(day: string): string {
  return isValidDay(day) ? `${fullDay(day)}, ${day.slice(0, 4)}` : day
}

/** How a day choice reads to people: 'Today', 'Tomorrow' or 'Wednesday, November 25'. */
export function dayLabel(day: string, now: Date): string {
  const today = lagosDay(now)
  if (day === today) return 'Today'
  if (day === addDaysToDay(today, 1)) return 'Tomorrow'
  return fullDay(day)
}

/** A day in a list's short form: 'Sat, Nov 22', with ', 2026' when it is not `thisYear`. */
export function shortWeekdayDay(day: string, thisYear: string): string {
  const date = inLagosClock(dayStart(day))
  const label = `${WEEKDAYS[date.getUTCDay()]?.slice(0, 3)}, ${shortDay(day)}`
  return day.slice(0, 4) === thisYear ? label : `${label}, ${day.slice(0, 4)}`
}

/** A day in the short 'Nov 25' form used by the Calendar heading. */
export function shortDay(day: string): string {
  const date = inLagosClock(dayStart(day))
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}`
}

/** The Calendar heading's label for the event in view: 'Today', 'Nov 25' or 'Nov 24 - Nov 27'. */
export function calendarLabel(event: EventTiming, now: Date): string {
  const start = lagosDay(event.StartDate)
  const end = lagosDay(event.EndDate)
  if (start !== end) return `${shortDay(start)} - ${shortDay(end)}`
  return start === lagosDay(now) ? 'Today' : shortDay(start)
}

/** Hours and minutes of a clock the way the product writes slots: '12pm', '4:30pm'. */
function twelveHour(hours: number, minutes: number): string {
  const suffix = hours < 12 ? 'am' : 'pm'
  const hour = hours % 12 || 12
  return minutes === 0 ? `${hour}${suffix}` : `${hour}:${pad(minutes)}${suffix}`
}

/** A Lagos clock time the way the product writes slots: '12pm', '4:30pm'. */
export function formatTime(instant: Date | string): string {
  const date = inLagosClock(toInstant(instant))
  return twelveHour(date.getUTCHours(), date.getUTCMinutes())
}

/** A wall-clock time typed 'HH:mm' (a form's, the command line's) as slots write it: '16:00' → '4pm'. */
export function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return twelveHour(hours, minutes)
}

/**
 * When something happens or ends ('until when', 'checked in when'), read later and elsewhere:
 * '4:30pm on Friday, November 27, 2026'. The page, its e-mail and the door all say it so.
 */
export function whenInFull(instant: Date | string): string {
  return `${formatTime(instant)} on ${dayInFull(lagosDay(instant))}`
}

/** The Lagos date of an instant in a list's short form, month first as every day: 'Apr 30, 2027'. */
export function shortDate(instant: Date | string): string {
  const date = inLagosClock(toInstant(instant))
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** A Lagos clock time as a form or the command line types it, 24-hour: '14:05', '00:30'. */
export function clockTime(instant: Date | string): string {
  const date = inLagosClock(toInstant(instant))
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
}

/** A moment in a list or a record, in its short form: 'Nov 24, 2026, 10:05am' (Lagos clock). */
export function dateAndClock(instant: Date | string): string {
  return `${shortDate(instant)}, ${formatTime(instant)}`
}

/** A Lagos time range in the product's slot style, e.g. '12pm - 4pm'. */
export function formatTimeRange(start: Date | string, end: Date | string): string {
  return `${formatTime(start)} - ${formatTime(end)}`
}
