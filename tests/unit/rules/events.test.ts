import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  canShare,
  cardActionLabel,
  detailActionLabel,
  type EventForAction,
  eventAction,
  friendsPriceLabel,
  hasEnded,
  isFreeEvent,
  isFreeFor,
  isHappeningToday,
  metadataFields,
  showsFriendsPrice,
  sortEvents,
  ticketPrice,
  ticketPriceLabel,
} from '../../../machines/rules/events'

// November 2026: Monday 23, Tuesday 24, Wednesday 25. Lagos is UTC+1.
const at = (iso: string) => new Date(iso)
const member = { isMember: true }
const visitor = { isMember: false }

/** An open, free, public event on Wednesday November 25, 7pm to 10pm in Lagos. */
function event(overrides: Partial<EventForAction> = {}): EventForAction {
  return {
    StartDate: '2026-11-25T18:00:00.000Z',
    EndDate: '2026-11-25T21:00:00.000Z',
    RSVP: true,
    'Members-only': false,
    Price: 0,
    FriendsPrice: null,
    ...overrides,
  }
}

const beforeIt = at('2026-11-24T12:00:00Z')
const afterIt = at('2026-11-25T21:00:00.001Z')

describe('eventAction', () => {
  it("is 'closed' once the event has ended, whatever else is true", () => {
    const e = event({ RSVP: false, 'Members-only': true })
    expect(eventAction(e, visitor, afterIt)).toBe('closed')
    expect(eventAction(e, member, afterIt)).toBe('closed')
  })

  it('stays open up to the very millisecond the event ends', () => {
    expect(eventAction(event(), visitor, at('2026-11-25T21:00:00.000Z'))).toBe('open')
    expect(hasEnded(event(), at('2026-11-25T21:00:00.000Z'))).toBe(false)
  })

  it("is 'soldOut' when RSVP is not true, before the members-only check", () => {
    expect(eventAction(event({ RSVP: false, 'Members-only': true }), visitor, beforeIt)).toBe(
      'soldOut',
    )
    expect(eventAction(event({ RSVP: false }), member, beforeIt)).toBe('soldOut')
  })

  it("is 'membersOnly' for a visitor or inactive member on a members-only event", () => {
    expect(eventAction(event({ 'Members-only': true }), visitor, beforeIt)).toBe('membersOnly')
  })

  it("is 'open' for a member on a members-only event, and for anyone on a public one", () => {
    expect(eventAction(event({ 'Members-only': true }), member, beforeIt)).toBe('open')
    expect(eventAction(event(), visitor, beforeIt)).toBe('open')
  })

  it('keeps an event running today open while it is still on', () => {
    expect(eventAction(event(), visitor, at('2026-11-25T20:00:00Z'))).toBe('open')
  })
})

describe('the buttons a viewer sees', () => {
  it("show 'Buy Ticket' for a paid event and 'Get Ticket' for a free one", () => {
    const paid = event({ Price: 15000 })
    expect(detailActionLabel(eventAction(paid, visitor, beforeIt), paid)).toBe('Buy Ticket')
    expect(detailActionLabel(eventAction(event(), visitor, beforeIt), event())).toBe('Get Ticket')
  })

  it("show 'Closed', 'Sold out' and 'Members only' on the detail page", () => {
    const paid = event({ Price: 15000 })
    expect(detailActionLabel('closed', paid)).toBe('Closed')
    expect(detailActionLabel('soldOut', paid)).toBe('Sold out')
    expect(detailActionLabel('membersOnly', paid)).toBe('Members only')
  })

  it("show 'RSVP' on a card, with ' - Members only' for an open members-only event", () => {
    const privateEvent = event({ 'Members-only': true })
    expect(cardActionLabel(eventAction(event(), visitor, beforeIt), event())).toBe('RSVP')
    expect(cardActionLabel(eventAction(privateEvent, member, beforeIt), privateEvent)).toBe(
      'RSVP - Members only',
    )
  })

  it("show 'Closed', 'Sold out' and 'Members only' on a card", () => {
    const privateEvent = event({ 'Members-only': true })
    expect(cardActionLabel(eventAction(privateEvent, visitor, afterIt), privateEvent)).toBe(
      'Closed',
    )
    expect(cardActionLabel('soldOut', event())).toBe('Sold out')
    expect(cardActionLabel(eventAction(privateEvent, visitor, beforeIt), privateEvent)).toBe(
      'Members only',
    )
  })
})

describe('isFreeEvent', () => {
  it("calls a Price of 0 or less free and anything above 0 'Paid'", () => {
    expect(isFreeEvent({ Price: 0 })).toBe(true)
    expect(isFreeEvent({ Price: -500 })).toBe(true)
    expect(isFreeEvent({ Price: 1 })).toBe(false)
    expect(isFreeEvent({ Price: 15000 })).toBe(false)
  })
})

describe('ticketPrice', () => {
  const paid = event({ Price: 10000, FriendsPrice: 8000 })

  it('charges a member the friends price and a visitor the full price', () => {
    expect(ticketPrice(paid, true)).toBe(8000)
    expect(ticketPrice(paid, false)).toBe(10000)
  })

  it('charges a member the full price when there is no friends price', () => {
    expect(ticketPrice(event({ Price: 10000, FriendsPrice: null }), true)).toBe(10000)
    expect(ticketPrice({ Price: 10000 }, true)).toBe(10000)
  })

  it('lets a friends price of 0 make the ticket free for members', () => {
    expect(ticketPrice(event({ Price: 10000, FriendsPrice: 0 }), true)).toBe(0)
  })

  it('ignores a negative friends price', () => {
    expect(ticketPrice(event({ Price: 10000, FriendsPrice: -1 }), true)).toBe(10000)
  })

  it('charges nothing for a free event, even one with a friends price or a negative price', () => {
    expect(ticketPrice(event({ Price: 0, FriendsPrice: 500 }), true)).toBe(0)
    expect(ticketPrice(event({ Price: -5 }), false)).toBe(0)
  })
})

describe('showsFriendsPrice', () => {
  it("shows a member the friend's special price when it differs", () => {
    expect(showsFriendsPrice(event({ Price: 10000, FriendsPrice: 8000 }), true)).toBe(true)
  })

  it('hides it from visitors, when equal, missing or unusable, and on free events', () => {
    expect(showsFriendsPrice(event({ Price: 10000, FriendsPrice: 8000 }), false)).toBe(false)
    expect(showsFriendsPrice(event({ Price: 10000, FriendsPrice: 10000 }), true)).toBe(false)
    expect(showsFriendsPrice(event({ Price: 10000, FriendsPrice: null }), true)).toBe(false)
    expect(showsFriendsPrice(event({ Price: 10000, FriendsPrice: -1 }), true)).toBe(false)
    expect(showsFriendsPrice(event({ Price: 0, FriendsPrice: 500 }), true)).toBe(false)
  })
})

describe('a FriendsPrice of 0 on a paid event: free for members', () => {
  const freeForFriends = event({ Price: 3000, FriendsPrice: 0 })

  it('makes the ticket free for a member and full price for anyone else', () => {
    expect(isFreeFor(freeForFriends, true)).toBe(true)
    expect(isFreeFor(freeForFriends, false)).toBe(false)
    expect(isFreeEvent(freeForFriends)).toBe(false)
  })

  it("never shows '₦0': the member's price reads 'Free', the visitor's the full price", () => {
    expect(ticketPriceLabel(freeForFriends, true)).toBe('Free')
    expect(ticketPriceLabel(freeForFriends, false)).toBe('₦3,000')
  })

  it("reads 'Free for members' as the friend's special price, and is shown to members", () => {
    expect(friendsPriceLabel(freeForFriends)).toBe('Free for members')
    expect(showsFriendsPrice(freeForFriends, true)).toBe(true)
  })

  it('keeps the other prices as they were', () => {
    const paid = event({ Price: 10000, FriendsPrice: 8000 })
    expect(ticketPriceLabel(paid, true)).toBe('₦8,000')
    expect(ticketPriceLabel(paid, false)).toBe('₦10,000')
    expect(friendsPriceLabel(paid)).toBe('₦8,000')
    expect(isFreeFor(paid, true)).toBe(false)
    expect(ticketPriceLabel(event({ Price: 0, FriendsPrice: 500 }), true)).toBe('Free')
    expect(isFreeFor(event({ Price: 0 }), false)).toBe(true)
  })
})

describe('isHappeningToday', () => {
  const originalTZ = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles'
  })
  afterAll(() => {
    if (originalTZ === undefined) delete process.env.TZ
    else process.env.TZ = originalTZ
  })

  it('is true just after Lagos midnight for an event that evening, while UTC lags', () => {
    // 23:30 UTC on November 24 is 00:30 on Wednesday November 25 in Lagos.
    expect(isHappeningToday(event(), at('2026-11-24T23:30:00Z'))).toBe(true)
    expect(isHappeningToday(event(), at('2026-11-24T22:30:00Z'))).toBe(false)
  })

  it('is true for a multi-day event that is under way', () => {
    const festival = event({ StartDate: '2026-11-20T10:00:00Z', EndDate: '2026-11-28T20:00:00Z' })
    expect(isHappeningToday(festival, at('2026-11-24T12:00:00Z'))).toBe(true)
  })

  it('is false once the event has ended, even on its day', () => {
    expect(isHappeningToday(event(), afterIt)).toBe(false)
  })

  it('is false for an event tomorrow', () => {
    expect(isHappeningToday(event(), at('2026-11-24T12:00:00Z'))).toBe(false)
  })
})

describe('sortEvents', () => {
  // 11:00 on Tuesday November 24 in Lagos.
  const now = at('2026-11-24T10:00:00Z')
  const named = (name: string, StartDate: string, EndDate: string) => ({ name, StartDate, EndDate })
  const events = [
    named('ended long ago', '2026-11-10T18:00:00Z', '2026-11-10T21:00:00Z'),
    named('later upcoming', '2026-12-05T18:00:00Z', '2026-12-05T21:00:00Z'),
    named('tie A', '2026-11-27T18:00:00Z', '2026-11-27T20:00:00Z'),
    named('tonight', '2026-11-24T18:00:00Z', '2026-11-24T21:00:00Z'),
    named('ended yesterday', '2026-11-23T18:00:00Z', '2026-11-23T21:00:00Z'),
    named('tie B', '2026-11-27T18:00:00Z', '2026-11-27T23:00:00Z'),
    named('ended this morning', '2026-11-24T06:00:00Z', '2026-11-24T08:00:00Z'),
    named('festival under way', '2026-11-20T10:00:00Z', '2026-11-28T20:00:00Z'),
    named('soon upcoming', '2026-11-26T18:00:00Z', '2026-11-26T21:00:00Z'),
  ]

  it("puts today's events first, then upcoming by start, then ended, latest first", () => {
    expect(sortEvents(events, now).map((e) => e.name)).toEqual([
      'festival under way',
      'tonight',
      'soon upcoming',
      'tie A',
      'tie B',
      'later upcoming',
      'ended this morning',
      'ended yesterday',
      'ended long ago',
    ])
  })

  it('keeps the input order for events starting at the same time', () => {
    const tieA = named('tie A', '2026-11-27T18:00:00Z', '2026-11-27T20:00:00Z')
    const tieB = named('tie B', '2026-11-27T18:00:00Z', '2026-11-27T23:00:00Z')
    expect(sortEvents([tieB, tieA], now).map((e) => e.name)).toEqual(['tie B', 'tie A'])
  })

  it('returns a new array and leaves the original alone', () => {
    const copy = [...events]
    const sorted = sortEvents(events, now)
    expect(sorted).not.toBe(events)
    expect(events).toEqual(copy)
  })

  it('returns an empty list for no events', () => {
    expect(sortEvents([], now)).toEqual([])
  })
})

describe('metadataFields', () => {
  it('reads the extra fields an event asks for, trimmed, without blanks or repeats', () => {
    expect(metadataFields(' Instagram handle, , Company ,Dietary needs,Company,')).toEqual([
      'Instagram handle',
      'Company',
      'Dietary needs',
    ])
  })

  it('asks for nothing extra when there is no metadata', () => {
    expect(metadataFields(null)).toEqual([])
    expect(metadataFields(undefined)).toEqual([])
    expect(metadataFields('')).toEqual([])
    expect(metadataFields(' , ')).toEqual([])
  })
})

describe('canShare', () => {
  const open = {
    StartDate: '2026-11-25T15:00:00.000Z',
    EndDate: '2026-11-25T19:00:00.000Z',
    RSVP: true,
    'Members-only': false,
    Price: 0,
  }
  const now = new Date('2026-11-24T09:00:00Z')
  it('offers sharing for an open public event', () => {
    expect(canShare(open, { isMember: false }, now)).toBe(true)
  })
  it('never offers sharing for a members-only event, even to a member', () => {
    expect(canShare({ ...open, 'Members-only': true }, { isMember: true }, now)).toBe(false)
  })
  it('does not offer sharing for a sold-out or ended event', () => {
    expect(canShare({ ...open, RSVP: false }, { isMember: false }, now)).toBe(false)
    expect(canShare(open, { isMember: false }, new Date('2026-11-26T09:00:00Z'))).toBe(false)
  })
})

describe('an event staff closed for booking', () => {
  const closed = event({ RSVP: false, BookingClosed: true })

  it("is 'bookingClosed', not 'soldOut', and says 'Booking closed'", () => {
    expect(eventAction(closed, visitor, beforeIt)).toBe('bookingClosed')
    expect(cardActionLabel('bookingClosed', closed)).toBe('Booking closed')
    expect(detailActionLabel('bookingClosed', closed)).toBe('Booking closed')
  })

  it("is 'closed' once it has ended, and a full event is still 'soldOut'", () => {
    expect(eventAction(closed, visitor, afterIt)).toBe('closed')
    expect(eventAction(event({ RSVP: false, BookingClosed: false }), visitor, beforeIt)).toBe(
      'soldOut',
    )
  })
})
