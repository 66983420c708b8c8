import { describe, expect, it } from 'vitest'
import { CHECK_IN_ANSWERS } from '../../machines/check-in/model'
import { ticketDay, verdictView } from '../../machines/check-in/selectors'
import { cancelUntilLine } from '../../machines/manage-booking/selectors'
import { cutoffWords } from '../../machines/rules/cancel-cutoff'
import {
  clockText,
  dateAndClock,
  dayInFull,
  formatTime,
  shortDate,
  shortWeekdayDay,
  whenInFull,
} from '../../machines/rules/dates'
import { offerEndsLine, placeLine, standingLine } from '../../machines/rules/waitlist'
import type { Booking } from '../../machines/ticket-request/machine'
import { bookedWhat } from '../../machines/ticket-request/selectors'
import { offerMail, waitlistWhat } from '../../server/waitlist/waitlist-mail'

// One voice (docs/decisions/048): a fact reads the same on the page, in its e-mail and at the
// door, because all three ask the one formatter in machines/rules/dates.ts.

/** 6:30pm in Lagos (UTC+1) on Monday, November 23, 2026. */
const INSTANT = '2026-11-23T17:30:00.000Z'
const SAID = '6:30pm on Monday, November 23, 2026'

const BOOKING: Booking = {
  id: '00000000-0000-4000-8000-0000000000c1',
  Event: 'Rooftop Jazz',
  EventId: 'rooftop-jazz',
  Type: 'event',
  Date: '2026-11-26',
  'Time Slot': '7pm - 10pm',
  Venue: 'Courtyard',
  Amount: 0,
  'Paid with': 'free',
  'Payment Reference': 'Free booking',
  Visitors: 0,
  'Names of Visitors': null,
  Status: 'confirmed',
  Ticket: 'a4c9e2b7d1f84a6c9e3b5d7f1a2c4e6b',
}

describe('the one voice of days and times', () => {
  it('writes times compact and lower-case, as the spec writes slots', () => {
    expect(formatTime('2026-11-23T11:00:00.000Z')).toBe('12pm')
    expect(formatTime('2026-11-23T15:30:00.000Z')).toBe('4:30pm')
    expect(formatTime('2026-11-23T09:05:00.000Z')).toBe('10:05am')
    expect(clockText('16:00')).toBe('4pm')
    expect(clockText('00:30')).toBe('12:30am')
  })

  it('writes days weekday, month, day, with the year where a message is read later', () => {
    expect(dayInFull('2026-11-27')).toBe('Friday, November 27, 2026')
    expect(whenInFull(INSTANT)).toBe(SAID)
  })

  it("writes a list's and a record's short forms month first, with the same times", () => {
    expect(shortDate(INSTANT)).toBe('Nov 23, 2026')
    expect(dateAndClock(INSTANT)).toBe('Nov 23, 2026, 6:30pm')
    expect(shortWeekdayDay('2026-11-23', '2026')).toBe('Mon, Nov 23')
  })

  it("says an offer's end the same on its page and in its e-mail", () => {
    const entry = { status: 'offered' as const, position: null, offerExpiresAt: INSTANT }
    expect(offerEndsLine(entry)).toBe(SAID)
    expect(standingLine({ ...entry, date: '2026-11-26', timeSlot: '7pm - 10pm' })).toContain(
      `until ${SAID}.`,
    )
    const mail = offerMail({
      to: 'ada@example.com',
      name: 'Ada',
      what: waitlistWhat('Rooftop Jazz', '2026-11-26', '7pm - 10pm'),
      site: 'https://sixteen.example',
      token: 't',
      until: new Date(INSTANT),
    })
    expect(mail.text).toContain(`until ${SAID}.`)
  })

  it('says a moment the same at the door, on the manage page and in the receipt', () => {
    const door = verdictView({ ...CHECK_IN_ANSWERS.cancelled, cancelledAt: INSTANT }).detail
    expect(door).toBe(`Cancelled at ${SAID}: not checked in.`)
    expect(cancelUntilLine({ cutoff: INSTANT })).toBe(`You can cancel until ${SAID}.`)
    expect(cutoffWords({ type: 'event', date: '2026-11-24' }, new Date(INSTANT), 24)).toBe(SAID)
  })

  it('says a booked day the same on the page, in the e-mail and at the door', () => {
    const day = 'Thursday, November 26, 2026'
    expect(placeLine({ date: '2026-11-26', timeSlot: null })).toBe(day)
    expect(bookedWhat(BOOKING)).toBe(`Rooftop Jazz · ${day} · 7pm - 10pm`)
    expect(waitlistWhat('Rooftop Jazz', '2026-11-26', '7pm - 10pm')).toBe(
      `Rooftop Jazz, ${day}, 7pm - 10pm`,
    )
    expect(ticketDay({ date: '2026-11-26' })).toBe(day)
  })
})
