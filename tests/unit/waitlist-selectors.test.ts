import { describe, expect, it } from 'vitest'
import { sampleEvent } from '../../machines/fixtures'
import { cancelUntilLine } from '../../machines/manage-booking/selectors'
import { placeLine, standingLine } from '../../machines/rules/waitlist'
import { joinBlockerText, joinFieldErrors } from '../../machines/waitlist/join/selectors'
import type { WaitlistEntry } from '../../machines/waitlist/offer/machine'
import {
  offerBooking,
  offerPayment,
  registeredPathOfOffer,
  takeLabel,
} from '../../machines/waitlist/offer/selectors'

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  token: '3f9c2a7be1d44c0f8a6b5e2d9c1f7a30',
  status: 'waiting',
  position: 3,
  eventId: sampleEvent.ID,
  eventName: sampleEvent.Name,
  date: '2026-11-27',
  timeSlot: '4pm - 8pm',
  name: 'Oluwaseun Adebayo-Ogunleye',
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  phone: '0803 555 0199',
  joinedAt: '2026-11-20T09:00:00.000Z',
  offerExpiresAt: null,
  ...over,
})

const guest = { signedIn: false, isMember: false, userId: null }
const member = { signedIn: true, isMember: true, userId: '00000000-0000-4000-8000-000000000001' }

describe('what a waitlist entry says of itself', () => {
  it('names the day and slot waited for, and where the person stands', () => {
    expect(placeLine(entry())).toBe('Friday, November 27, 2026 · 4pm - 8pm')
    expect(placeLine(entry({ timeSlot: null }))).toBe('Friday, November 27, 2026')
    expect(standingLine(entry())).toBe(
      "You're number 3 in line. If places free up, we'll e-mail you when it's your turn.",
    )
    expect(standingLine(entry({ position: 1 }))).toMatch(/^You're next in line\./)
    expect(
      standingLine(
        entry({ status: 'offered', position: null, offerExpiresAt: '2026-11-26T20:30:00.000Z' }),
      ),
    ).toBe(
      'A place is held for you until 9:30pm on Thursday, November 26, 2026. After that it goes to the next person waiting.',
    )
    expect(standingLine(entry({ status: 'expired', position: null }))).toMatch(
      /went to the next person waiting/,
    )
  })
})

describe('taking an offer', () => {
  const offered = entry({ status: 'offered', position: null })
  const context = { entry: offered, event: sampleEvent, origin: 'https://sixteen.ng' }

  it("books the entry's person, day and slot at the price they would pay", () => {
    expect(takeLabel({ event: sampleEvent, viewer: guest })).toBe('Pay ₦10,000 and book')
    expect(takeLabel({ event: sampleEvent, viewer: member })).toBe('Pay ₦8,000 and book')
    expect(takeLabel({ event: { ...sampleEvent, Price: 0 }, viewer: guest })).toBe('Book my place')
    const booking = offerBooking({ ...context, viewer: member }, 'paystack')
    expect(booking).toMatchObject({
      Email: offered.email,
      Name: offered.name,
      Phone: offered.phone,
      Event: sampleEvent.ID,
      Date: '2026-11-27',
      'Time Slot': '4pm - 8pm',
      Amount: 800_000,
      Visitors: 0,
    })
  })

  it('comes back from the card to the ticket (a guest) or to their bookings (signed in)', () => {
    const path = registeredPathOfOffer({ ...context, viewer: guest }, 'abc')
    expect(path).toMatch(/^\/event\/rooftop-jazz\/registered\?/)
    expect(new URLSearchParams(path.split('?')[1]).get('ticket')).toBe('abc')
    expect(offerPayment({ ...context, viewer: guest }).callbackUrl).toBe(
      `https://sixteen.ng${registeredPathOfOffer({ ...context, viewer: guest })}`,
    )
    expect(offerPayment({ ...context, viewer: member })).toMatchObject({
      callbackUrl: 'https://sixteen.ng/profile/bookings',
      payment: { Amount: 800_000, Account: [member.userId] },
    })
  })
})

describe('joining a waitlist', () => {
  const form = {
    event: sampleEvent,
    day: '2026-11-22',
    slot: '4pm - 8pm',
    details: { email: 'ada@example.com', name: 'Ada Okafor', phone: '0803' },
  }

  it('says what keeps Join closed, in the words of the booking forms', () => {
    expect(joinBlockerText(form)).toBe('To continue, correct your phone number.')
    expect(joinBlockerText({ ...form, day: null, details: { ...form.details, name: '' } })).toBe(
      'To continue, choose a day, then enter your name, then correct your phone number.',
    )
    expect(joinBlockerText({ ...form, details: { ...form.details, phone: '0803 555 0100' } })).toBe(
      null,
    )
  })

  it('judges a short phone only once the person has left it', () => {
    expect(joinFieldErrors({ details: form.details, left: [] })).toEqual({})
    expect(joinFieldErrors({ details: form.details, left: ['phone'] }).phone).toBeTruthy()
  })
})

describe("the 'Manage your booking' page", () => {
  it('says until when the booking can be cancelled, in Lagos time', () => {
    expect(cancelUntilLine({ cutoff: '2026-11-27T15:00:00.000Z' })).toBe(
      'You can cancel until 4pm on Friday, November 27, 2026.',
    )
  })
})
