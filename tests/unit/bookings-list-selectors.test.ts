import { describe, expect, it } from 'vitest'
import type { Booking, PastBooking } from '../../machines/bookings-list/machine'
import {
  bookingDetails,
  bookingStub,
  bookingVenue,
  bookingWhen,
  cancelStandingOf,
  currentBookingRow,
  keptNote,
  pastBookingRow,
} from '../../machines/bookings-list/selectors'

// What /profile/bookings says of a booking: its lines, its date stub, and the details it opens to.

const now = new Date('2026-11-22T10:00:00Z')

const jazz: Booking = {
  id: 'b-1',
  Event: 'Rooftop Jazz',
  EventId: 'rooftop-jazz',
  Type: 'event',
  Date: '2026-11-22',
  'Time Slot': '4pm - 8pm',
  Venue: 'Rooftop Terrace',
  Amount: 800_000,
  'Paid with': 'sandbox',
  'Payment Reference': 'demo-jazz-ada',
  Visitors: 0,
  'Names of Visitors': null,
  Status: 'confirmed',
}

const spot: Booking = {
  ...jazz,
  id: 'b-2',
  Event: 'Book a spot',
  EventId: null,
  Type: 'spot',
  Date: '2026-11-24',
  'Time Slot': null,
  Venue: null,
  Amount: 500_000,
  'Paid with': 'wallet',
  'Payment Reference': null,
  Visitors: 2,
  'Names of Visitors': 'Tolu Adebayo, Ngozi Obi',
  Status: 'held',
}

const filmNight: PastBooking = {
  id: 'p-1',
  event: 'Film Night',
  type: 'event',
  date: '2026-11-19',
  timeSlot: '7pm - 10pm',
  venue: 'Screening Room',
}

describe('a current booking', () => {
  it('reads its day and slot, its venue, and is not held once paid', () => {
    const row = currentBookingRow(jazz)
    expect(bookingWhen(row, now)).toBe('Today · 4pm - 8pm')
    expect(bookingVenue(row)).toBe('Rooftop Terrace')
    expect(row.held).toBe(false)
  })

  it('waits for its card payment when held; an all-day booking at no venue is at Sixteen', () => {
    const row = currentBookingRow(spot)
    expect(row.held).toBe(true)
    expect(bookingWhen(row, now)).toBe('Tue, Nov 24')
    expect(bookingVenue(row)).toBe('Sixteen')
  })

  it('opens to what, when and where, then guests and payment; the reference when it has one', () => {
    expect(bookingDetails(currentBookingRow(spot), now)).toEqual([
      { label: 'Event', value: 'Book a spot', wide: true },
      { label: 'Type', value: 'Co-working' },
      { label: 'Date', value: 'Tue, Nov 24' },
      { label: 'Time Slot', value: 'All day' },
      { label: 'Venue', value: 'Sixteen' },
      { label: 'Guests', value: 'You + 2 guests: Tolu Adebayo, Ngozi Obi', wide: true },
      { label: 'Paid', value: '₦5,000.00' },
      { label: 'Paid with', value: 'Wallet' },
      { label: 'Status', value: 'Awaiting payment' },
    ])
    expect(bookingDetails(currentBookingRow(jazz), now).at(-1)).toEqual({
      label: 'Reference',
      value: 'demo-jazz-ada',
    })
  })
})

describe('a past booking', () => {
  it('opens to what, when and where only', () => {
    const row = pastBookingRow(filmNight)
    expect(bookingDetails(row, now).map((d) => d.label)).toEqual([
      'Event',
      'Type',
      'Date',
      'Time Slot',
      'Venue',
    ])
    expect(bookingWhen(row, now)).toBe('Thu, Nov 19 · 7pm - 10pm')
  })
})

describe('the date stub', () => {
  it("stands out for today's booking, is quiet for later ones and grey for past ones", () => {
    expect(bookingStub({ date: '2026-11-22' }, now, false)).toEqual({
      date: '22',
      month: 'Nov',
      tone: 'today',
    })
    expect(bookingStub({ date: '2026-11-24' }, now, false).tone).toBe('upcoming')
    expect(bookingStub({ date: '2026-11-22' }, now, true).tone).toBe('past')
  })
})

describe('the kept list', () => {
  it('says it is the one read last, in Lagos time, and nothing for a list just read', () => {
    expect(keptNote('2026-11-24T09:00:00.000Z')).toBe(
      "You're offline. These are your bookings as of Nov 24, 2026, 10am.",
    )
    expect(keptNote(null)).toBeNull()
  })
})

describe('Cancel in a listed booking (issue 51)', () => {
  const listed: Booking = {
    ...jazz,
    'Cancel until': '2026-11-21T15:00:00.000Z',
    'Checked in': null,
    'Ends at': '2026-11-22T19:00:00.000Z',
  }

  it('is offered until the cut-off, saying until when', () => {
    const row = currentBookingRow({ ...listed, 'Cancel until': '2026-11-22T12:00:00.000Z' })
    expect(cancelStandingOf(row, now)).toEqual({
      open: true,
      line: 'You can cancel until 1pm on Sunday, November 22, 2026.',
    })
  })

  it('is not offered after the cut-off, nor once checked in: the line says why', () => {
    expect(cancelStandingOf(currentBookingRow(listed), now)).toEqual({
      open: false,
      line: 'Cancellations closed at 4pm on Saturday, November 21, 2026.',
    })
    const checkedIn = currentBookingRow({
      ...listed,
      'Cancel until': '2026-11-23T15:00:00.000Z',
      'Checked in': '2026-11-22T09:30:00.000Z',
    })
    expect(cancelStandingOf(checkedIn, now)?.open).toBe(false)
    expect(cancelStandingOf(checkedIn, now)?.line).toMatch(/^Checked in at the door at 10:30am/)
  })

  it('asks the server as before for a list kept from before it said, and never for a past one', () => {
    expect(cancelStandingOf(currentBookingRow(jazz), now)).toBeNull()
    expect(cancelStandingOf(pastBookingRow(filmNight), now)).toBeNull()
  })

  it("reads 'Ended', greyed, once an event of today is over, not 'Today'", () => {
    const row = currentBookingRow(listed)
    const tonight = new Date('2026-11-22T21:30:00Z')
    expect(bookingWhen(row, tonight)).toBe('Ended · 4pm - 8pm')
    expect(bookingStub(row, tonight, false).tone).toBe('past')
    expect(bookingWhen(row, now)).toBe('Today · 4pm - 8pm')
  })
})
