import { TZDate, tz } from '@date-fns/tz'
import { addDays, addMonths } from 'date-fns'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDaysToDay,
  addMonthsInLagos,
  clockTime,
  dayStart,
  formatTime,
  fullDay,
  isMonday,
  isValidDay,
  LAGOS_TZ,
  lagosDay,
  shortDate,
} from '../../../machines/rules/dates'

// The rules read Lagos clocks with a fixed UTC+1 offset. These cases hold them to the time-zone
// database (the reference the product used before), over every instant from 1920 to 2200.
const inLagos = tz(LAGOS_TZ)
const pad = (n: number) => String(n).padStart(2, '0')
const referenceDay = (date: TZDate) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

const instants = fc.date({
  min: new Date('1920-01-01T00:00:00Z'),
  max: new Date('2200-01-01T00:00:00Z'),
  noInvalidDate: true,
})
const days = instants.map((instant) => referenceDay(new TZDate(instant.getTime(), LAGOS_TZ)))

describe('Lagos dates without a time-zone library agree with the time-zone database', () => {
  it('on the Lagos day of an instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(lagosDay(instant)).toBe(referenceDay(new TZDate(instant.getTime(), LAGOS_TZ)))
      }),
      { numRuns: 2000 },
    )
  })

  it('on the midnight a day starts at, and on its weekday', () => {
    fc.assert(
      fc.property(days, (day) => {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number]
        const reference = new TZDate(y, m - 1, d, LAGOS_TZ)
        expect(dayStart(day).getTime()).toBe(reference.getTime())
        expect(isMonday(day)).toBe(reference.getDay() === 1)
        expect(isValidDay(day)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('on adding days', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -800, max: 800 }), (day, amount) => {
        const reference = addDays(new TZDate(dayStart(day).getTime(), LAGOS_TZ), amount, {
          in: inLagos,
        })
        expect(addDaysToDay(day, amount)).toBe(referenceDay(reference))
      }),
      { numRuns: 2000 },
    )
  })

  it('on adding months, the end of a month included', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 36 }), (instant, amount) => {
        const reference = addMonths(instant, amount, { in: inLagos })
        expect(addMonthsInLagos(instant, amount).getTime()).toBe(reference.getTime())
      }),
      { numRuns: 2000 },
    )
    // Jan 31 at 00:30 in Lagos (Jan 30 in UTC): one month on is Feb 28 in Lagos, not Mar 2.
    expect(addMonthsInLagos(new Date('2026-01-30T23:30:00Z'), 1).toISOString()).toBe(
      '2026-02-27T23:30:00.000Z',
    )
  })

  it('on the clock time of an instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const clock = new TZDate(instant.getTime(), LAGOS_TZ)
        const hours = clock.getHours() % 12 || 12
        const suffix = clock.getHours() < 12 ? 'am' : 'pm'
        const expected =
          clock.getMinutes() === 0
            ? `${hours}${suffix}`
            : `${hours}:${pad(clock.getMinutes())}${suffix}`
        expect(formatTime(instant)).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })

  // The words the product writes were Intl.DateTimeFormat's in Lagos before; they must not change.
  const intlInLagos = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TZ, ...options })
  it("on a day written out, as Intl's en-US long weekday, month and day", () => {
    const reference = new Intl.DateTimeFormat('en-US', {
      timeZone: LAGOS_TZ,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    })
    fc.assert(
      fc.property(days, (day) => {
        expect(fullDay(day)).toBe(reference.format(dayStart(day)))
      }),
      { numRuns: 2000 },
    )
  })

  it("on a short date, month first, as Intl's en-US; a 24-hour time as en-GB's", () => {
    const date = new Intl.DateTimeFormat('en-US', {
      timeZone: LAGOS_TZ,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
    const time = intlInLagos({ hour: '2-digit', minute: '2-digit', hour12: false })
    fc.assert(
      fc.property(instants, (instant) => {
        expect(shortDate(instant)).toBe(date.format(instant))
        expect(clockTime(instant)).toBe(time.format(instant))
      }),
      { numRuns: 2000 },
    )
  })
})
