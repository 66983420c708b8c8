import { describe, expect, it } from 'vitest'
import {
  bookingEnds,
  cancelStanding,
} from '../../../machines/rules/cancel-cutoff'

// Until when a booking can be cancelled, when it is over, and how both are said (issue 51).
// Friday December 4, 2026; Lagos is UTC+1.

const night = { startAt: new Date('2026-12-05T20:00:00Z'), endAt: new Date('2026-12-06T01:00:00Z') }

describe('bookingEnds', () => {
  it("is a slot's end, an event's own end on the day booked, or the end of the day", () => {
    const slot = { type: 'event' as const, date: '2026-12-05', timeSlot: '4pm - 8pm' }
    expect(bookingEnds(slot, null).toISOString()).toBe('2026-12-05T19:00:00.000Z')
    // 9pm to 2am: over on the next day's early hours.
    const own = { type: 'event' as const, date: '2026-12-05', timeSlot: null }
    expect(bookingEnds(own, night).toISOString()).toBe('2026-12-06T01:00:00.000Z')
    const spot = { type: 'spot' as const, date: '2026-12-05', timeSlot: null }
    expect(bookingEnds(spot, null).toISOString()).toBe('2026-12-05T23:00:00.000Z')
  })
})

describe('cancelStanding', () => {
  const row = { type: 'event', date: '2026-12-05' }
  const cutoff = '2026-12-04T18:00:00.000Z'

  it('is open until the cut-off, saying until when', () => {
    expect(cancelStanding(row, cutoff, null, new Date('2026-12-04T17:59:59Z'))).toEqual({
      open: true,
      line: 'You can cancel until 7pm on Friday, December 4, 2026.',
    })
  })

  it('is closed from the cut-off on, saying when it closed', () => {
    expect(cancelStanding(row, cutoff, null, new Date(cutoff))).toEqual({
      open: false,
      line: 'Cancellations closed at 7pm on Friday, December 4, 2026.',
    })
    const spot = { type: 'spot', date: '2026-12-05' }
    expect(
      cancelStanding(spot, '2026-12-04T23:00:00Z', null, new Date('2026-12-05T08:00:00Z')).line,
    ).toBe('Cancellations closed at the end of Friday, December 4, 2026, the day before.')
  })

  it('is closed once checked in at the door, even before the cut-off', () => {
    expect(
      cancelStanding(row, cutoff, '2026-12-04T16:12:00Z', new Date('2026-12-04T16:30:00Z')),
    ).toEqual({
      open: false,
      line: 'Checked in at the door at 5:12pm on Friday, December 4, 2026: it can no longer be cancelled.',
    })
  })
})
