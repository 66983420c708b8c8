import { describe, expect, it } from 'vitest'
import {
  bookingEnds,
  boughtAfterCutoffLine,
  cancelCutoff,
  cancelStanding,
  ticketCancelTerms,
} from '../../../machines/rules/cancel-cutoff'

// Until when a booking can be cancelled, when it is over, and how both are said (issue 51).
// Friday December 4, 2026; Lagos is UTC+1.

const listening = { startAt: new Date('2026-12-05T18:00:00Z'), cancelCutoffHours: 24 }
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

describe('ticketCancelTerms', () => {
  const chosen = { date: '2026-12-05', timeSlot: null }

  it('says until when before the cut-off: free cancellation of a paid ticket', () => {
    const before = new Date('2026-12-03T10:00:00Z')
    expect(ticketCancelTerms(chosen, listening, false, before)).toEqual({
      cancellable: true,
      line: 'Free cancellation until 7pm on Friday, December 4, 2026.',
    })
    expect(ticketCancelTerms(chosen, listening, true, before).line).toBe(
      'You can cancel until 7pm on Friday, December 4, 2026.',
    )
  })

  it('says it cannot be cancelled once the cut-off has passed', () => {
    expect(ticketCancelTerms(chosen, listening, false, new Date('2026-12-04T18:00:00Z'))).toEqual({
      cancellable: false,
      line: 'This ticket cannot be cancelled: cancellations closed at 7pm on Friday, December 4, 2026.',
    })
  })

  it('reads the chosen slot: a later slot closes later', () => {
    const late = { date: '2026-12-05', timeSlot: '8pm - 10pm' }
    expect(ticketCancelTerms(late, listening, false, new Date('2026-12-04T18:30:00Z')).line).toBe(
      'Free cancellation until 8pm on Friday, December 4, 2026.',
    )
  })
})

describe('boughtAfterCutoffLine', () => {
  it("says why a receipt has no 'Manage your booking' link", () => {
    const row = { type: 'event' as const, date: '2026-12-05', timeSlot: null }
    expect(boughtAfterCutoffLine(row, cancelCutoff(row, listening), 24)).toBe(
      "This booking cannot be cancelled, so it has no 'Manage your booking' link: it was made after cancellations closed at 7pm on Friday, December 4, 2026.",
    )
  })
})
