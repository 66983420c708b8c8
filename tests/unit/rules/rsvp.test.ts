import { describe, expect, it } from 'vitest'
import { dayInFull } from '../../../machines/rules/dates'
import {
  extraAnswersError,
  extraAnswersJson,
  parseRegisteredSearch,
  problemsText,
  type RegisteredDetails,
  receiptSupportMessage,
  registeredPath,
  registeredSearch,
  rsvpDays,
  rsvpProblems,
  ticketCalendarEntry,
  ticketTimes,
} from '../../../machines/rules/rsvp'

// November 2026: Saturday 28, Sunday 29, Monday 30. Lagos is UTC+1.
const TUESDAY_10AM = new Date('2026-11-24T09:00:00Z')

describe('rsvpDays', () => {
  const run = { StartDate: '2026-11-28T11:00:00Z', EndDate: '2026-12-01T19:00:00Z' }

  it('offers every day of the event but Mondays', () => {
    expect(rsvpDays(run, TUESDAY_10AM)).toEqual(['2026-11-28', '2026-11-29', '2026-12-01'])
  })

  it('starts from today once the event has begun', () => {
    expect(rsvpDays(run, new Date('2026-11-29T08:00:00Z'))).toEqual(['2026-11-29', '2026-12-01'])
  })

  it('counts days on the Lagos calendar: 23:30 UTC on Saturday is already Sunday', () => {
    expect(rsvpDays(run, new Date('2026-11-28T23:30:00Z'))).toEqual(['2026-11-29', '2026-12-01'])
  })

  it('offers nothing for a one-day event on a Monday', () => {
    const monday = { StartDate: '2026-11-30T11:00:00Z', EndDate: '2026-11-30T15:00:00Z' }
    expect(rsvpDays(monday, TUESDAY_10AM)).toEqual([])
  })

  it('includes today for an event later today', () => {
    const tonight = { StartDate: '2026-11-24T15:00:00Z', EndDate: '2026-11-24T22:00:00Z' }
    expect(rsvpDays(tonight, TUESDAY_10AM)).toEqual(['2026-11-24'])
  })
})

describe('rsvpProblems', () => {
  const guest = { email: 'tolu@example.com', name: 'Tolu', phone: '0803 555 0199' }
  const chosen = { day: '2026-11-28', slot: '12pm - 4pm', hasSlots: true }

  it('has none for a guest with every detail, a day and a time', () => {
    expect(rsvpProblems({ guest, ...chosen })).toEqual([])
  })

  it('asks a guest for a name, a valid e-mail and a phone (section 5)', () => {
    expect(rsvpProblems({ guest: { email: 'tolu@', name: ' ', phone: '' }, ...chosen })).toEqual([
      'name',
      'email',
      'phone',
    ])
    expect(rsvpProblems({ guest: { ...guest, email: 'to lu@example.com' }, ...chosen })).toEqual([
      'email',
    ])
  })

  it('asks a guest for details the server takes, and answers it can keep', () => {
    expect(
      rsvpProblems({ guest: { ...guest, name: 'A'.repeat(5000), phone: '0803' }, ...chosen }),
    ).toEqual(['fixName', 'fixPhone'])
    expect(rsvpProblems({ guest, ...chosen, answersError: 'Shorten your answers' })).toEqual([
      'fixAnswers',
    ])
  })

  it('needs no details from a signed-in person', () => {
    expect(rsvpProblems({ guest: null, ...chosen })).toEqual([])
  })

  it('needs a day, and a time only when the event has slots', () => {
    expect(rsvpProblems({ guest: null, day: null, slot: null, hasSlots: true })).toEqual([
      'day',
      'time',
    ])
    expect(rsvpProblems({ guest: null, day: '2026-11-28', slot: null, hasSlots: false })).toEqual(
      [],
    )
  })
})

describe('problemsText', () => {
  it('says what is missing in one sentence', () => {
    expect(problemsText([])).toBeNull()
    expect(problemsText(['name'])).toBe('To continue, enter your name.')
    expect(problemsText(['name', 'email', 'phone'])).toBe(
      'To continue, enter your name, a valid email address and your phone number.',
    )
    expect(problemsText(['day', 'time', 'phone'])).toBe(
      'To continue, choose a day and a time, then enter your phone number.',
    )
    expect(problemsText(['fixPhone', 'fixAnswers'])).toBe(
      'To continue, correct your phone number, then shorten your answers.',
    )
  })
})

describe('extraAnswersJson', () => {
  const fields = ['Instagram handle', 'Camera type']

  it('sends only the filled answers, trimmed, in the order asked', () => {
    expect(
      extraAnswersJson(fields, { 'Camera type': ' Fuji X100 ', 'Instagram handle': '@tolu' }),
    ).toBe('{"Instagram handle":"@tolu","Camera type":"Fuji X100"}')
    expect(extraAnswersJson(fields, { 'Instagram handle': '   ', 'Camera type': 'Phone' })).toBe(
      '{"Camera type":"Phone"}',
    )
  })

  it('is null when nothing is filled, and ignores answers to questions not asked', () => {
    expect(extraAnswersJson(fields, {})).toBeNull()
    expect(extraAnswersJson([], { Other: 'x' })).toBeNull()
  })
})

describe('extraAnswersError', () => {
  const fields = ['Instagram handle', 'Camera type']

  it('says by how much answers pasted 5,000 characters long go over what the booking takes', () => {
    // {"Instagram handle":"AAA…"} is 5,023 characters; the booking's metadata takes 4,000.
    expect(extraAnswersError(fields, { 'Instagram handle': 'A'.repeat(5000) })).toBe(
      'Shorten your answers by at least 1,023 characters.',
    )
    expect(extraAnswersError(fields, { 'Instagram handle': 'A'.repeat(3977) })).toBeNull()
    expect(extraAnswersError(fields, {})).toBeNull()
  })
})

const details: RegisteredDetails = {
  email: 'tolu+lagos@example.com',
  name: 'Tolu Adé',
  time: '12pm - 4pm',
  date: '2026-11-28',
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  imgUrl: '/images/posters/riso-workshop.svg',
  starts: '2026-11-28T11:00:00.000Z',
  ends: '2026-11-28T19:00:00.000Z',
  type: 'event',
  rsvp: true,
  price: 15000,
  venue: 'Print Studio',
  timeslots: ['12pm - 4pm', '4pm - 8pm'],
  ticket: '9f2c4e1ab07d4c3e8e1f5a6b7c8d9e0f',
}

describe('the registered page query', () => {
  it('carries every field of the spec and the ticket, the slots as an encoded list', () => {
    const params = new URLSearchParams(registeredSearch(details))
    expect([...params.keys()]).toEqual([
      'email',
      'name',
      'time',
      'date',
      'address',
      'imgUrl',
      'starts',
      'ends',
      'type',
      'rsvp',
      'price',
      'venue',
      'timeslots',
      'ticket',
    ])
    expect(params.get('timeslots')).toBe('["12pm - 4pm","4pm - 8pm"]')
    expect(registeredSearch(details)).not.toMatch(/[ "@[\]]/)
  })

  it('reads back exactly what it wrote, plus signs and accents included', () => {
    expect(parseRegisteredSearch(registeredSearch(details))).toEqual(details)
    expect(parseRegisteredSearch(`?${registeredSearch(details)}`)).toEqual(details)
  })

  it('puts it under the event', () => {
    expect(registeredPath('risograph-workshop', details)).toMatch(
      /^\/event\/risograph-workshop\/registered\?email=tolu%2Blagos%40example\.com&/,
    )
  })

  it('survives a hand-made or broken query', () => {
    const parsed = parseRegisteredSearch('email=a%40b.co&price=abc&timeslots=7pm%20-%2010pm,x')
    expect(parsed).toMatchObject({
      email: 'a@b.co',
      name: '',
      price: 0,
      rsvp: true,
      timeslots: ['7pm - 10pm', 'x'],
    })
    expect(parseRegisteredSearch('rsvp=false').rsvp).toBe(false)
  })
})

describe('receiptSupportMessage', () => {
  it('names the e-mail, the event, the day in full and the time', () => {
    const message = receiptSupportMessage({
      email: 'tolu@example.com',
      event: 'Risograph Workshop',
      date: '2026-11-28',
      time: '12pm - 4pm',
    })
    expect(message).toContain('Risograph Workshop on Saturday, November 28, 2026 (12pm - 4pm)')
    expect(message).toContain('tolu@example.com')
    expect(message).toContain("didn't get a receipt")
  })

  it('still reads well with parts missing', () => {
    expect(receiptSupportMessage({ email: '', event: 'Jazz', date: '', time: '' })).toContain(
      'Event: Jazz\nEmail: not given',
    )
  })

  it('writes days the same whatever the day today', () => {
    expect(dayInFull('2026-11-24')).toBe('Tuesday, November 24, 2026')
    expect(dayInFull('not a day')).toBe('not a day')
  })
})

describe('ticketTimes and the calendar entry', () => {
  it('uses the booked slot on the booked day, in Lagos time', () => {
    expect(ticketTimes('2026-11-29', '4pm - 8pm', details.starts, details.ends)).toEqual({
      start: new Date('2026-11-29T15:00:00Z'),
      end: new Date('2026-11-29T19:00:00Z'),
    })
  })

  it("falls back to the event's clock times when there is no slot", () => {
    expect(
      ticketTimes('2026-12-06', '', '2026-12-06T09:00:00.000Z', '2026-12-06T17:00:00.000Z'),
    ).toEqual({ start: new Date('2026-12-06T09:00:00Z'), end: new Date('2026-12-06T17:00:00Z') })
    expect(ticketTimes('', '4pm - 8pm', details.starts, details.ends)).toBeNull()
  })

  it('makes an entry with the event, the place and a stable id', () => {
    const entry = ticketCalendarEntry({
      eventId: 'risograph-workshop',
      eventName: 'Risograph Workshop',
      details,
      stamp: TUESDAY_10AM,
    })
    expect(entry).toEqual({
      uid: 'risograph-workshop-2026-11-28-12pm-4pm@sixteen.ng',
      title: 'Risograph Workshop',
      start: new Date('2026-11-28T11:00:00Z'),
      end: new Date('2026-11-28T15:00:00Z'),
      location: 'Print Studio, 16 Akin Olugbade Street, Victoria Island, Lagos',
      description: 'Your ticket for Risograph Workshop, Tolu Adé. See you there.',
      stamp: TUESDAY_10AM,
    })
  })
})
