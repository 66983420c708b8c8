import { describe, expect, it } from 'vitest'
import {
  alreadyBookedText,
  bookingAmountLabel,
  bookingDayLabel,
  bookingStatusLabel,
  bookingTypeLabel,
  dayStub,
  guestsLabel,
  heldBookingOf,
  isAlreadyBookedText,
  isSoldOutRefusal,
  paidWithLabel,
  WALLET_REFERENCE,
  walletReference,
} from '../../../machines/rules/bookings'

// 23:30 UTC on 21 Nov 2026 is already 22 Nov in Lagos (UTC+1).
const now = new Date('2026-11-21T23:30:00Z')

describe('walletReference', () => {
  it('names a wallet payment, and nothing for a card or a free booking', () => {
    expect(walletReference('wallet')).toBe(WALLET_REFERENCE)
    expect(walletReference('community-wallet')).toBe('Wallet transaction')
    for (const paidWith of ['paystack', 'free', 'membership'] as const) {
      expect(walletReference(paidWith)).toBeNull()
    }
  })
})

describe('bookingTypeLabel', () => {
  it.each([
    ['event', 'Event'],
    ['spot', 'Co-working'],
    ['print-studio', 'Print studio'],
    ['tour', 'tour'],
  ])('%s reads %s', (type, label) => {
    expect(bookingTypeLabel(type)).toBe(label)
  })
})

describe('bookingDayLabel', () => {
  it('names the days around today in Lagos', () => {
    expect(bookingDayLabel('2026-11-22', now)).toBe('Today')
    expect(bookingDayLabel('2026-11-23', now)).toBe('Tomorrow')
    expect(bookingDayLabel('2026-11-21', now)).toBe('Yesterday')
  })

  it('shows other days of this year without the year', () => {
    expect(bookingDayLabel('2026-11-28', now)).toBe('Sat, Nov 28')
    expect(bookingDayLabel('2026-01-06', now)).toBe('Tue, Jan 6')
  })

  it('adds the year for another year', () => {
    expect(bookingDayLabel('2025-12-31', now)).toBe('Wed, Dec 31, 2025')
    expect(bookingDayLabel('2027-01-02', now)).toBe('Sat, Jan 2, 2027')
  })
})

describe('paidWithLabel', () => {
  it.each([
    ['free', 'Free'],
    ['membership', 'Membership'],
    ['wallet', 'Wallet'],
    ['community-wallet', 'Community wallet'],
    ['paystack', 'Card'],
    ['sandbox', 'Card'],
  ] as const)('%s reads %s', (paidWith, label) => {
    expect(paidWithLabel(paidWith)).toBe(label)
  })
})

describe('bookingAmountLabel', () => {
  it('shows kobo as naira, and nothing as Free', () => {
    expect(bookingAmountLabel(800_000)).toBe('₦8,000.00')
    expect(bookingAmountLabel(3_000_000)).toBe('₦30,000.00')
    expect(bookingAmountLabel(0)).toBe('Free')
  })
})

describe('bookingStatusLabel', () => {
  it.each([
    ['confirmed', 'Confirmed'],
    ['held', 'Awaiting payment'],
    ['cancelled', 'Cancelled'],
  ])('%s reads %s', (status, label) => {
    expect(bookingStatusLabel(status)).toBe(label)
  })
})

describe('guestsLabel', () => {
  it('counts and names the extra guests, dropping blanks', () => {
    expect(guestsLabel(0, null)).toBe('Just you')
    expect(guestsLabel(1, '')).toBe('You + 1 guest')
    expect(guestsLabel(2, 'Tolu Adebayo, , Ngozi Obi ')).toBe(
      'You + 2 guests: Tolu Adebayo, Ngozi Obi',
    )
  })
})

describe('dayStub', () => {
  it('splits a day into the date and the short month', () => {
    expect(dayStub('2026-11-02')).toEqual({ date: '2', month: 'Nov' })
    expect(dayStub('2027-01-31')).toEqual({ date: '31', month: 'Jan' })
  })
})

describe('isSoldOutRefusal', () => {
  it('tells a refusal for want of places from another refusal', () => {
    expect(isSoldOutRefusal(409, 'Sold out')).toBe(true)
    expect(isSoldOutRefusal(409, null)).toBe(true)
    expect(isSoldOutRefusal(409, "You're already booked for this")).toBe(false)
    expect(isSoldOutRefusal(400, 'Sold out')).toBe(false)
  })
})

describe('a booking already held', () => {
  const held = { Date: '2026-11-25', 'Time Slot': '7pm - 10pm' }

  it('is read from a 409 that says so and carries the booking', () => {
    expect(heldBookingOf(409, "You're already booked for this", held)).toEqual(held)
    expect(heldBookingOf(409, 'Sold out', held)).toBeNull()
    expect(heldBookingOf(400, "You're already booked for this", held)).toBeNull()
    expect(heldBookingOf(409, "You're already booked for this", { nope: 1 })).toBeNull()
  })

  it('is said with its day and time, and how to bring someone', () => {
    const text = alreadyBookedText(held)
    expect(text).toBe(
      "You're already booked for this: Wednesday, November 25, 7pm - 10pm. To bring someone, book with their e-mail.",
    )
    expect(isAlreadyBookedText(text)).toBe(true)
    expect(isAlreadyBookedText('Sold out')).toBe(false)
    expect(alreadyBookedText({ Date: '2026-11-25' })).toBe(
      "You're already booked for this: Wednesday, November 25. To bring someone, book with their e-mail.",
    )
  })
})
