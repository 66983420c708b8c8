import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDaysToDay,
  bookableDays,
  calendarLabel,
  dayInFull,
  dayLabel,
  dayStart,
  daysBetween,
  eventDays,
  formatTime,
  formatTimeRange,
  isAfterToday,
  isEventDay,
  isMonday,
  isValidDay,
  LAGOS_TZ,
  lagosDay,
  shortDay,
} from '../../../machines/rules/dates'

// November 2026: Sunday 22, Monday 23, Tuesday 24, Wednesday 25. Lagos is UTC+1 all year.
const at = (iso: string) => new Date(iso)

// The machine's own time zone must not matter: every case below runs in each of these zones,
// from 8 hours behind UTC to 14 hours ahead of it (so 'local midnight' is never Lagos midnight).
const MACHINE_ZONES = [
  { zone: 'UTC', offsetMinutes: 0 },
  { zone: 'America/Los_Angeles', offsetMinutes: 480 },
  { zone: 'Pacific/Kiritimati', offsetMinutes: -840 },
]
const originalTZ = process.env.TZ
afterAll(() => {
  if (originalTZ === undefined) delete process.env.TZ
  else process.env.TZ = originalTZ
})

describe('the hotel time zone', () => {
  it('is Africa/Lagos', () => {
    expect(LAGOS_TZ).toBe('Africa/Lagos')
  })
})

describe.each(MACHINE_ZONES)('on a machine set to $zone', ({ zone, offsetMinutes }) => {
  beforeAll(() => {
    process.env.TZ = zone
  })

  it('really runs in that time zone (so the cases below prove something)', () => {
    expect(at('2026-11-24T00:00:00Z').getTimezoneOffset()).toBe(offsetMinutes)
  })

  describe('lagosDay', () => {
    it('says 23:30 UTC on November 23 is already November 24 in Lagos', () => {
      expect(lagosDay(at('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
      expect(lagosDay('2026-11-23T23:30:00.000Z')).toBe('2026-11-24')
    })

    it('turns the day over exactly at Lagos midnight (23:00 UTC)', () => {
      expect(lagosDay('2026-11-23T22:59:59.999Z')).toBe('2026-11-23')
      expect(lagosDay('2026-11-23T23:00:00.000Z')).toBe('2026-11-24')
    })

    it('reads instants written with another offset', () => {
      expect(lagosDay('2026-11-24T07:30:00+08:00')).toBe('2026-11-24')
      expect(lagosDay('2026-11-23T16:30:00-07:00')).toBe('2026-11-24')
    })

    it('refuses text that is not a time', () => {
      expect(() => lagosDay('next Tuesday')).toThrow(RangeError)
    })
  })

  describe('isMonday', () => {
    it('knows November 23, 2026 is a Monday and its neighbours are not', () => {
      expect(isMonday('2026-11-23')).toBe(true)
      expect(isMonday('2026-11-22')).toBe(false)
      expect(isMonday('2026-11-24')).toBe(false)
    })

    it('refuses a day that is not written yyyy-MM-dd', () => {
      expect(() => isMonday('23/11/2026')).toThrow(RangeError)
    })
  })

  describe('daysBetween', () => {
    it('lists every day from start to end, both included', () => {
      expect(daysBetween('2026-11-22', '2026-11-25')).toEqual([
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
      ])
    })

    it('gives a single day when start and end are the same', () => {
      expect(daysBetween('2026-11-24', '2026-11-24')).toEqual(['2026-11-24'])
    })

    it('gives nothing when the end comes before the start', () => {
      expect(daysBetween('2026-11-25', '2026-11-24')).toEqual([])
    })

    it('crosses a year end and a leap day', () => {
      expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
        '2026-12-30',
        '2026-12-31',
        '2027-01-01',
        '2027-01-02',
      ])
      expect(daysBetween('2028-02-28', '2028-03-01')).toEqual([
        '2028-02-28',
        '2028-02-29',
        '2028-03-01',
      ])
    })
  })

  describe('eventDays', () => {
    it('leaves out the Monday of an event running Saturday to Tuesday', () => {
      const event = { StartDate: '2026-11-21T11:00:00.000Z', EndDate: '2026-11-24T19:00:00.000Z' }
      expect(eventDays(event)).toEqual(['2026-11-21', '2026-11-22', '2026-11-24'])
    })

    it('offers no day for a single-day event on a Monday', () => {
      const event = { StartDate: '2026-11-23T11:00:00.000Z', EndDate: '2026-11-23T15:00:00.000Z' }
      expect(eventDays(event)).toEqual([])
    })

    it('counts an event at 00:15 Lagos time on Monday as Monday, though UTC says Sunday', () => {
      const event = { StartDate: '2026-11-22T23:15:00.000Z', EndDate: '2026-11-22T23:45:00.000Z' }
      expect(eventDays(event)).toEqual([])
    })

    it('counts an event at 00:30 Lagos time on Tuesday as Tuesday, though UTC says Monday', () => {
      const event = { StartDate: '2026-11-23T23:30:00.000Z', EndDate: '2026-11-24T03:00:00.000Z' }
      expect(eventDays(event)).toEqual(['2026-11-24'])
    })

    it('lets the server check a chosen day against the event', () => {
      const event = { StartDate: '2026-11-21T11:00:00.000Z', EndDate: '2026-11-24T19:00:00.000Z' }
      expect(isEventDay(event, '2026-11-22')).toBe(true)
      expect(isEventDay(event, '2026-11-23')).toBe(false)
      expect(isEventDay(event, '2026-11-25')).toBe(false)
    })
  })

  describe('bookableDays', () => {
    it('starts today and skips Monday', () => {
      expect(bookableDays(at('2026-11-22T12:00:00Z'), 3)).toEqual([
        '2026-11-22',
        '2026-11-24',
        '2026-11-25',
      ])
    })

    // 23:30 UTC on Sunday is already Monday in Lagos.
    it('starts from the Lagos day, so late on Sunday UTC it begins with Tuesday', () => {
      expect(bookableDays(at('2026-11-22T23:30:00Z'), 2)).toEqual(['2026-11-24', '2026-11-25'])
    })

    it('always returns the number of days asked for', () => {
      const days = bookableDays(at('2026-11-22T12:00:00Z'), 14)
      expect(days).toHaveLength(14)
      expect(days.some(isMonday)).toBe(false)
      expect(days.at(-1)).toBe('2026-12-08') // Monday December 7 is skipped
    })

    it('returns nothing for zero days and refuses a negative or fractional count', () => {
      expect(bookableDays(at('2026-11-22T12:00:00Z'), 0)).toEqual([])
      expect(() => bookableDays(at('2026-11-22T12:00:00Z'), -1)).toThrow(RangeError)
      expect(() => bookableDays(at('2026-11-22T12:00:00Z'), 1.5)).toThrow(RangeError)
    })
  })

  describe('dayLabel', () => {
    // 23:30 UTC on Monday November 23 is 00:30 on Tuesday November 24 in Lagos.
    const now = at('2026-11-23T23:30:00Z')

    it("says 'Today' and 'Tomorrow' by the Lagos calendar", () => {
      expect(dayLabel('2026-11-24', now)).toBe('Today')
      expect(dayLabel('2026-11-25', now)).toBe('Tomorrow')
    })

    it('writes other days as weekday, month and day', () => {
      expect(dayLabel('2026-11-26', now)).toBe('Thursday, November 26')
      expect(dayLabel('2026-11-23', now)).toBe('Monday, November 23')
    })

    it("knows 'Tomorrow' across a year end", () => {
      const newYear = at('2026-12-31T23:30:00Z')
      expect(dayLabel('2027-01-01', newYear)).toBe('Today')
      expect(dayLabel('2027-01-02', newYear)).toBe('Tomorrow')
      expect(dayLabel('2026-12-31', newYear)).toBe('Thursday, December 31')
    })
  })

  describe('shortDay', () => {
    it("writes 'Nov 25' and 'Jan 5'", () => {
      expect(shortDay('2026-11-25')).toBe('Nov 25')
      expect(shortDay('2027-01-05')).toBe('Jan 5')
    })
  })

  describe('calendarLabel', () => {
    const now = at('2026-11-24T09:00:00Z')

    it("says 'Today' for a single-day event today, even before it starts", () => {
      const tonight = { StartDate: '2026-11-24T18:00:00.000Z', EndDate: '2026-11-24T21:00:00.000Z' }
      expect(calendarLabel(tonight, now)).toBe('Today')
    })

    it("says 'Nov 25' for a single-day event on another day", () => {
      const event = { StartDate: '2026-11-25T18:00:00.000Z', EndDate: '2026-11-25T22:30:00.000Z' }
      expect(calendarLabel(event, now)).toBe('Nov 25')
    })

    it('shows start and end for an event running past Lagos midnight', () => {
      const event = { StartDate: '2026-11-25T18:00:00.000Z', EndDate: '2026-11-25T23:30:00.000Z' }
      expect(calendarLabel(event, now)).toBe('Nov 25 - Nov 26')
    })

    it("shows 'Nov 24 - Nov 27' for a multi-day event, even one running today", () => {
      const event = { StartDate: '2026-11-24T11:00:00.000Z', EndDate: '2026-11-27T19:00:00.000Z' }
      expect(calendarLabel(event, now)).toBe('Nov 24 - Nov 27')
    })

    it("says 'Today' when Lagos is already on the event's day though UTC is not", () => {
      const event = { StartDate: '2026-11-24T11:00:00.000Z', EndDate: '2026-11-24T15:00:00.000Z' }
      expect(calendarLabel(event, at('2026-11-23T23:30:00Z'))).toBe('Today')
      expect(calendarLabel(event, at('2026-11-23T22:30:00Z'))).toBe('Nov 24')
    })
  })

  describe('formatTimeRange', () => {
    it("writes the product's slots in Lagos time", () => {
      expect(formatTimeRange('2026-11-25T11:00:00.000Z', '2026-11-25T15:00:00.000Z')).toBe(
        '12pm - 4pm',
      )
      expect(formatTimeRange('2026-11-25T15:00:00.000Z', '2026-11-25T19:00:00.000Z')).toBe(
        '4pm - 8pm',
      )
    })

    it('shows minutes only when there are some', () => {
      expect(formatTime('2026-11-25T09:30:00.000Z')).toBe('10:30am')
      expect(formatTime('2026-11-25T23:00:00.000Z')).toBe('12am')
    })
  })

  describe('day helpers', () => {
    it('places a day at Lagos midnight', () => {
      expect(dayStart('2026-11-24').toISOString()).toBe('2026-11-23T23:00:00.000Z')
    })

    it('accepts only real days written yyyy-MM-dd', () => {
      expect(isValidDay('2028-02-29')).toBe(true)
      expect(isValidDay('2026-02-29')).toBe(false)
      expect(isValidDay('2026-11-31')).toBe(false)
      expect(isValidDay('2026-1-5')).toBe(false)
      expect(isValidDay('')).toBe(false)
    })

    it('moves a day forwards and backwards across month ends', () => {
      expect(addDaysToDay('2026-11-30', 1)).toBe('2026-12-01')
      expect(addDaysToDay('2026-03-01', -1)).toBe('2026-02-28')
    })

    it('writes a day for a message read later in full, with its year, never as Today', () => {
      expect(dayInFull('2026-11-27')).toBe('Friday, November 27, 2026')
      expect(dayInFull('2027-01-01')).toBe('Friday, January 1, 2027')
      expect(dayInFull('next week')).toBe('next week')
    })

    it('refuses a date of birth after today in Lagos, and accepts today', () => {
      const now = at('2026-11-23T23:30:00Z')
      expect(isAfterToday('2026-11-25', now)).toBe(true)
      expect(isAfterToday('2026-11-24', now)).toBe(false)
      expect(isAfterToday('1990-05-17', now)).toBe(false)
    })
  })
})
