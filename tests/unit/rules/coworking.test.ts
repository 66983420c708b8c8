import { describe, expect, it } from 'vitest'
import { blockerSentence } from '../../../machines/rules/booking-fields'
import {
  BOOKED_COWORKING_PATH,
  bookedCoworkingPath,
  COWORKING_EVENT,
  COWORKING_HOURS_SHOWN,
  coworkingBlockers,
  coworkingBooking,
  coworkingCallbackUrl,
  coworkingFailureMessage,
  coworkingPriceLine,
  coworkingSupportMessage,
  dayButtonText,
  isFreeCoworking,
  parseBookedCoworkingQuery,
  resizeVisitorNames,
  visitorNameErrors,
  visitorNamesText,
} from '../../../machines/rules/coworking'

describe('the co-working constants', () => {
  it("name the booking 'Book a spot' and show the hours with an em dash", () => {
    expect(COWORKING_EVENT).toBe('Book a spot')
    expect(COWORKING_HOURS_SHOWN).toBe('10am — 10pm')
  })
})

describe('visitor names', () => {
  it('grow with blank inputs and shrink from the end, keeping what was typed', () => {
    expect(resizeVisitorNames([], 2)).toEqual(['', ''])
    expect(resizeVisitorNames(['Bola', 'Chidi'], 1)).toEqual(['Bola'])
    expect(resizeVisitorNames(['Bola'], 3)).toEqual(['Bola', '', ''])
    expect(() => resizeVisitorNames([], -1)).toThrow(RangeError)
  })

  it('are sent comma-joined and trimmed, blank ones dropped; none at all is null', () => {
    expect(visitorNamesText([' Bola ', '', 'Chidi'])).toBe('Bola, Chidi')
    expect(visitorNamesText(['  ', ''])).toBeNull()
    expect(visitorNamesText([])).toBeNull()
  })
})

describe('isFreeCoworking', () => {
  it('is free for an active member alone or with one guest, never for anyone else', () => {
    expect(isFreeCoworking(0, true)).toBe(true)
    expect(isFreeCoworking(1, true)).toBe(true)
    expect(isFreeCoworking(2, true)).toBe(false)
    expect(isFreeCoworking(0, false)).toBe(false)
  })
})

describe('what keeps Book disabled', () => {
  const ready = {
    day: '2026-11-25',
    space: 'Library',
    askDetails: true,
    email: 'bola@example.com',
    name: 'Bola',
    phone: '0803 000 0000',
    visitorNames: [],
  }

  it('needs a day and a space, and from a guest a valid email, a name and a phone', () => {
    expect(coworkingBlockers(ready)).toEqual([])
    expect(
      coworkingBlockers({ ...ready, day: null, space: null, email: 'bola@', name: ' ', phone: '' }),
    ).toEqual(['day', 'space', 'email', 'name', 'phone'])
  })

  it('asks for details the server takes: a name of at most 120 characters, a phone of 5 digits', () => {
    expect(coworkingBlockers({ ...ready, name: 'A'.repeat(5000), phone: '0803' })).toEqual([
      'fixName',
      'fixPhone',
    ])
    expect(coworkingBlockers({ ...ready, email: 'bola@example' })).toEqual(['email'])
  })

  it("asks for guests' names the booking can take", () => {
    expect(coworkingBlockers({ ...ready, visitorNames: ['Efe', 'A'.repeat(121)] })).toEqual([
      'fixGuests',
    ])
    expect(coworkingBlockers({ ...ready, visitorNames: ['Efe', ''] })).toEqual([])
  })

  it('does not ask a signed-in person with stored details for them', () => {
    expect(
      coworkingBlockers({ ...ready, askDetails: false, email: '', name: '', phone: '' }),
    ).toEqual([])
  })

  it('says why in one sentence', () => {
    expect(blockerSentence([])).toBeNull()
    expect(blockerSentence(['day', 'space'])).toBe('Choose a day and a space.')
    expect(blockerSentence(['email'])).toBe('Add a valid email address.')
    expect(blockerSentence(['space', 'name', 'phone'])).toBe(
      'Choose a space, then add your name and your phone number.',
    )
    expect(blockerSentence(['email', 'name', 'phone'])).toBe(
      'Add a valid email address, your name and your phone number.',
    )
    expect(blockerSentence(['day', 'name', 'fixPhone', 'fixGuests'])).toBe(
      "Choose a day, then add your name, then correct your phone number and your guests' names.",
    )
  })
})

describe('coworkingBooking', () => {
  const fields = {
    email: ' bola@example.com ',
    name: 'Bola Adeyemi ',
    phone: '0803 000 0000',
    day: '2026-11-25',
    space: 'Library',
    extraGuests: 2,
    visitorNames: ['Chidi', ' ', 'Dayo'],
    isMember: false,
  }

  it("books a guest's card payment at the server's price, with the visitors' names", () => {
    expect(coworkingBooking({ ...fields, paidWith: 'paystack' })).toEqual({
      Email: 'bola@example.com',
      Name: 'Bola Adeyemi',
      Event: 'Book a spot',
      Type: 'spot',
      Venue: 'Library',
      Date: '2026-11-25',
      Amount: 1_500_000,
      'Time Slot': '10am - 10pm',
      'Paid with': 'paystack',
      'Payment Reference': null,
      Phone: '0803 000 0000',
      metadata: null,
      Visitors: 2,
      'Names of Visitors': 'Chidi, Dayo',
    })
  })

  it("marks a member's free booking and a wallet payment by their references", () => {
    const free = coworkingBooking({
      ...fields,
      extraGuests: 0,
      visitorNames: [],
      isMember: true,
      paidWith: 'membership',
    })
    expect(free).toMatchObject({
      Amount: 0,
      'Paid with': 'membership',
      'Payment Reference': 'Free booking',
      Visitors: 0,
      'Names of Visitors': null,
    })
    expect(
      coworkingBooking({ ...fields, isMember: true, paidWith: 'community-wallet' }),
    ).toMatchObject({ Amount: 500_000, 'Payment Reference': 'Wallet transaction' })
  })
})

describe('the booked page address', () => {
  const details = {
    email: 'bola@example.com',
    name: 'Bola Adeyemi',
    day: '2026-11-25',
    phone: '+234 803 000 0000',
  }

  it('carries email, name, day, time, type and phone, and reads back the same', () => {
    const path = bookedCoworkingPath(details)
    expect(path.startsWith(`${BOOKED_COWORKING_PATH}?`)).toBe(true)
    const search = path.slice(path.indexOf('?'))
    expect([...new URLSearchParams(search).keys()]).toEqual([
      'email',
      'name',
      'day',
      'time',
      'type',
      'phone',
    ])
    expect(parseBookedCoworkingQuery(search)).toEqual({
      ...details,
      time: '10am - 10pm',
      type: 'spot',
    })
  })

  it('sends a guest back to the booked page and a signed-in person to their bookings', () => {
    expect(coworkingCallbackUrl('https://sixteen.ng/', true, details)).toBe(
      'https://sixteen.ng/profile/bookings',
    )
    expect(coworkingCallbackUrl('https://sixteen.ng', false, details)).toMatch(
      /^https:\/\/sixteen\.ng\/booked-coworking\?email=bola%40example\.com&/,
    )
  })

  it('reads a provider reference alongside, and drops a day that is not a day', () => {
    const query = parseBookedCoworkingQuery('?email=a%40b.co&day=2026-02-30&reference=abc123')
    expect(query).toEqual({
      email: 'a@b.co',
      name: '',
      day: '',
      time: '10am - 10pm',
      type: 'spot',
      phone: '',
    })
  })
})

describe('coworkingSupportMessage', () => {
  it('says in words what was booked, for which day and hours, and who booked it', () => {
    const message = coworkingSupportMessage({
      email: 'bola@example.com',
      name: 'Bola',
      day: '2026-11-27',
      time: '10am - 10pm',
      type: 'spot',
      phone: '08031234567',
    })
    expect(message).toBe(
      [
        "Hello Sixteen, I booked a co-working spot for Friday, November 27, 2026 (10am - 10pm) but I didn't get a receipt.",
        'Name: Bola',
        'Email: bola@example.com',
        'Phone: 08031234567',
        'Could you send it again, please?',
      ].join('\n'),
    )
    // Neither the day's code nor the booking type's.
    expect(message).not.toMatch(/2026-11-27|Type: spot/)
    expect(
      coworkingSupportMessage({ email: '', name: '', day: '', time: '', type: 'spot', phone: '' }),
    ).toBe(
      "Hello Sixteen, I booked a co-working spot but I didn't get a receipt.\nEmail: not given\nCould you send it again, please?",
    )
  })
})

describe('coworkingFailureMessage', () => {
  it('says shortly what went wrong, with the server’s own words for a refused booking', () => {
    expect(coworkingFailureMessage(409, 'Sold out')).toMatch(/^Sold out/)
    // Another refusal of the same kind is said in the server's words.
    expect(coworkingFailureMessage(409, "You're already booked for this")).toBe(
      "You're already booked for this",
    )
    expect(coworkingFailureMessage(400, 'Please choose a space.')).toBe('Please choose a space.')
    expect(coworkingFailureMessage(null, null)).toMatch(/could not reach/)
    const wait = 'Too many requests came from this network. Please try again in 10 minutes.'
    expect(coworkingFailureMessage(429, wait)).toBe(wait)
    expect(coworkingFailureMessage(429, null)).toMatch(/wait a few minutes/)
    // The same booking held already: when it is, and how to bring someone.
    expect(
      coworkingFailureMessage(409, "You're already booked for this", {
        Date: '2026-11-25',
        'Time Slot': '10am - 10pm',
      }),
    ).toBe(
      "You're already booked for this: Wednesday, November 25, 10am - 10pm. To bring someone, book with their e-mail.",
    )
    expect(coworkingFailureMessage(500, 'boom')).toMatch(/on our side/)
    expect(coworkingFailureMessage(502, 'bad gateway')).toMatch(/payment provider/)
  })
})

describe('coworkingPriceLine', () => {
  it('explains the price: everyone pays without membership, a member and one guest go free', () => {
    expect(coworkingPriceLine(0, false)).toBe('1 person × ₦5,000')
    expect(coworkingPriceLine(2, false)).toBe('3 people × ₦5,000')
    expect(coworkingPriceLine(0, true)).toBe('Free with your membership')
    expect(coworkingPriceLine(1, true)).toBe('You and your guest: free')
    expect(coworkingPriceLine(2, true)).toBe('1 guest × ₦5,000 · you and one guest free')
    expect(coworkingPriceLine(3, true)).toBe('2 guests × ₦5,000 · you and one guest free')
  })
})

describe('dayButtonText', () => {
  const now = new Date('2026-11-24T09:00:00Z') // a Tuesday in Lagos
  it("reads 'Today', 'Tomorrow' or the weekday, over the short date", () => {
    expect(dayButtonText('2026-11-24', now)).toEqual({
      label: 'Today',
      title: 'Today',
      date: 'Nov 24',
    })
    expect(dayButtonText('2026-11-25', now)).toEqual({
      label: 'Tomorrow',
      title: 'Tomorrow',
      date: 'Nov 25',
    })
    expect(dayButtonText('2026-12-01', now)).toEqual({
      label: 'Tuesday, December 1',
      title: 'Tuesday',
      date: 'Dec 1',
    })
  })
})

describe("what the extra guests' names say", () => {
  it('says a name pasted 5,000 characters long is too long, under that guest', () => {
    expect(visitorNameErrors(['Efe Okoro', 'A'.repeat(5000)])).toEqual({
      each: [null, 'Use at most 120 characters; this has 5,000.'],
      together: null,
    })
  })

  it('says when the names together are more than the booking takes', () => {
    const names = Array.from({ length: 20 }, () => 'A'.repeat(110))
    expect(visitorNameErrors(names)).toEqual({
      each: names.map(() => null),
      together: "Together your guests' names come to 2,238 characters; keep them to 2,000.",
    })
  })
})
