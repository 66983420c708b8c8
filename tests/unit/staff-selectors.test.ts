import { describe, expect, it } from 'vitest'
import { APPROVED, DECLINED } from '../../machines/application-review/model'
import { CHECK_IN_ANSWERS } from '../../machines/check-in/model'
import {
  BLANK_CODE,
  codeProblem,
  guestsLine,
  isBlankCode,
  verdictView,
} from '../../machines/check-in/selectors'
import { EVENT_DRAFT, SAVED_EVENT, WAITLIST } from '../../machines/event-editor/model'
import { lineOf, placeLine, standing, waitingMark } from '../../machines/event-editor/selectors'
import { pendingApplication } from '../../machines/staff-applications/model'
import {
  listLead as applicationsLead,
  decidedMessage,
  decisionLine,
  noteRoom,
} from '../../machines/staff-applications/selectors'
import { actionLabel, changeText } from '../../machines/staff-audit/selectors'
import { chiamakaBooking } from '../../machines/staff-bookings/model'
import {
  bookingsLead,
  checkInLine,
  paidLine,
  partyLine,
  scanLine,
} from '../../machines/staff-bookings/selectors'
import type { StaffDay, StaffSession } from '../../machines/staff-day/machine'
import {
  dayLayout,
  dayTotals,
  expectedPlaces,
  freePlaces,
} from '../../machines/staff-day/selectors'
import { eventMarks, placesLine, whenLine } from '../../machines/staff-events/selectors'
import { EXTENDED, kemi } from '../../machines/staff-members/model'
import {
  extendedMessage,
  firstExtensionDay,
  membershipLine,
  membersLead,
} from '../../machines/staff-members/selectors'
import { REFUND_REASON, REFUNDED, walletPayment } from '../../machines/staff-payments/model'
import {
  isBlankReason,
  paymentLine,
  listLead as paymentsLead,
  refundedMessage,
  refundLine,
} from '../../machines/staff-payments/selectors'
import { gardenRoom, newItem } from '../../machines/staff-spaces/model'
import { savedMessage, spaceLine } from '../../machines/staff-spaces/selectors'

describe('the answer at the door', () => {
  it('is green for admitted, red for already (when and by whom), cancelled, refunded and unknown, yellow for another day', () => {
    expect(verdictView(CHECK_IN_ANSWERS.admitted)).toEqual({
      tone: 'green',
      headline: 'Admitted',
      detail: null,
      showDay: false,
    })
    expect(verdictView(CHECK_IN_ANSWERS.already)).toEqual({
      tone: 'red',
      headline: 'Already checked in',
      detail: 'At 10:05am by Oluwaseun Adebayo-Okonkwo.',
      showDay: false,
    })
    expect(verdictView(CHECK_IN_ANSWERS.elsewhere)).toEqual({
      tone: 'yellow',
      headline: 'Not for today',
      detail: 'Valid on the day it shows, not today: not checked in.',
      showDay: true,
    })
    expect(verdictView(CHECK_IN_ANSWERS.cancelled)).toEqual({
      tone: 'red',
      headline: 'Cancelled',
      detail: 'Cancelled at 6:30pm on Monday, November 23, 2026: not checked in.',
      showDay: true,
    })
    expect(verdictView(CHECK_IN_ANSWERS.refunded)).toEqual({
      tone: 'red',
      headline: 'Refunded',
      detail:
        'Refunded at 9:15am on Tuesday, November 24, 2026 by Oluwaseun Adebayo-Okonkwo: not checked in. Find the booking to see why.',
      showDay: false,
    })
    expect(verdictView(CHECK_IN_ANSWERS.unknown).tone).toBe('red')
    expect(verdictView(CHECK_IN_ANSWERS.unknown).headline).toBe('Unknown ticket')
  })

  it('notes when what an admitted ticket is for ended, and how long ago', () => {
    const late = { ...CHECK_IN_ANSWERS.admitted, endedAt: '2026-11-24T07:00:00.000Z' }
    expect(verdictView(late).detail).toBe('Note: it ended at 8am, 2 hours ago.')
    const justNow = { ...late, endedAt: '2026-11-24T08:59:00.000Z' }
    expect(verdictView(justNow).detail).toBe('Note: it ended at 9:59am, 1 minute ago.')
  })

  it('says why a typed code cannot be sent', () => {
    expect(codeProblem('   ')).toBe(BLANK_CODE)
    expect(codeProblem('K7QM-93XD-2HF')).toBe(
      'A ticket code has 16 letters and digits, like K7QM-93XD-2HFR-8NWB; this has 11.',
    )
    expect(codeProblem('k7qm 93xd 2hfr 8nwb')).toBeNull()
  })

  it('names the extra guests, or nothing without any', () => {
    const ticket = CHECK_IN_ANSWERS.admitted.ticket
    if (!ticket) throw new Error('The admitted answer has a ticket')
    expect(guestsLine(ticket)).toBe('with 2 guests: Tobi Adeyemi, Kemi Bello')
    expect(guestsLine({ ...ticket, visitors: 1, namesOfVisitors: null })).toBe('with 1 guest')
    expect(guestsLine({ ...ticket, visitors: 0 })).toBe('')
  })

  it('takes a code of spaces as blank', () => {
    expect(isBlankCode('  \t')).toBe(true)
    expect(isBlankCode(' e3b0 ')).toBe(false)
  })
})

describe("the front desk's day", () => {
  const session: StaffSession = {
    kind: 'event',
    id: 'rooftop-jazz',
    title: 'Rooftop Jazz',
    venue: 'The Rooftop',
    timeSlot: '4pm - 8pm',
    capacity: 40,
    booked: 12,
    checkedIn: 3,
  }

  it('counts free places, none below zero, and none where there is no limit', () => {
    expect(freePlaces(session)).toBe(28)
    expect(freePlaces({ ...session, booked: 41 })).toBe(0)
    expect(freePlaces({ ...session, capacity: null })).toBeNull()
    expect(expectedPlaces(session)).toBe(9)
  })

  it('adds up the day', () => {
    expect(
      dayTotals({
        date: '2026-11-24',
        sessions: [session, { ...session, id: 'b', booked: 4, checkedIn: 4 }],
        role: 'desk',
      }),
    ).toEqual({ booked: 16, checkedIn: 7 })
  })

  it('gives a card to every event and to what is booked; the empty spaces and sessions one line of each kind', () => {
    const space = (title: string, booked = 0): StaffSession => ({
      kind: 'coworking',
      id: title.toLowerCase(),
      title,
      venue: title,
      timeSlot: '10am - 10pm',
      capacity: 12,
      booked,
      checkedIn: 0,
    })
    const studio = (timeSlot: string): StaffSession => ({
      ...space('Print Studio Session'),
      kind: 'studio',
      id: 'risograph',
      venue: 'Risograph',
      timeSlot,
    })
    const quietEvent = { ...session, id: 'film-night', title: 'Film Night', booked: 0 }
    const day: StaffDay = {
      date: '2026-11-24',
      role: 'desk',
      sessions: [
        space('Library'),
        space('The Loft', 2),
        space('8th Floor'),
        studio('12pm - 4pm'),
        studio('4pm - 8pm'),
        session,
        quietEvent,
      ],
    }
    expect(dayLayout(day)).toEqual({
      cards: [space('The Loft', 2), session, quietEvent],
      quiet: [
        { kind: 'coworking', text: 'No other co-working bookings', places: 'Library · 8th Floor' },
        { kind: 'studio', text: 'No print studio bookings', places: 'Risograph' },
      ],
    })
    expect(dayLayout({ ...day, sessions: [session] }).quiet).toEqual([])
  })
})

describe('the audit log', () => {
  it("reads a change as 'before → after', only the new value where there was none", () => {
    expect(
      changeText({ field: 'Checked in', before: 'Not yet', after: 'Nov 24, 2026, 10:05am' }),
    ).toBe('Not yet → Nov 24, 2026, 10:05am')
    expect(changeText({ field: 'Amount refunded', before: null, after: '₦5,000.00' })).toBe(
      '₦5,000.00',
    )
    expect(
      changeText({ field: 'Web page about it', before: 'https://sixteen.ng', after: null }),
    ).toBe('https://sixteen.ng → —')
  })

  it('names the actions in words, and keeps an unknown one as stored', () => {
    expect(actionLabel('check-in')).toBe('Checked a ticket in')
    expect(actionLabel('staff remove')).toBe('Took the staff role away')
    expect(actionLabel('payment refund')).toBe('Refunded a payment')
    expect(actionLabel('event edit')).toBe('Changed an event')
    expect(actionLabel('space update')).toBe('Changed a space or studio item')
    expect(actionLabel('space hide')).toBe('space hide')
  })
})

describe('the applications', () => {
  it('says how many wait, and what the list holds', () => {
    expect(applicationsLead('pending', 2)).toBe('2 waiting for a decision, the oldest first.')
    expect(applicationsLead('pending', 0)).toBe(
      'Nobody is waiting: every application has been decided.',
    )
    expect(applicationsLead('decided', 0)).toBe('Nothing decided yet.')
  })

  it('says what a decision did, for whoever made it', () => {
    expect(decidedMessage(APPROVED)).toBe(
      'Approved. Chukwuemekaoluwaseun Adebayo-Nwachukwu has an account now, and a welcome e-mail with a login link is on its way to chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng.',
    )
    expect(decidedMessage(DECLINED)).toBe(
      'Declined. A polite e-mail is on its way to chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng, with your note.',
    )
    expect(decisionLine(APPROVED)).toBe('Approved Nov 24, 2026')
    expect(decisionLine(pendingApplication)).toBeNull()
    expect(noteRoom('a'.repeat(999))).toBe('1 character left')
  })
})

describe('the payments', () => {
  it('describes a payment and its refund', () => {
    expect(paymentLine(walletPayment)).toBe('Wallet · Nov 23, 2026')
    expect(paymentLine({ ...walletPayment, method: 'card', reference: 'MEM-3F9K2Q7ZLA1' })).toBe(
      'Card · Nov 23, 2026 · ref MEM-3F9K2Q7ZLA1',
    )
    expect(refundLine(walletPayment)).toBeNull()
    expect(refundLine(REFUNDED)).toBe(
      `Refunded Nov 24, 2026 by Oluwaseun Adebayo-Okonkwo: ${REFUND_REASON}`,
    )
  })

  it('says where the money went', () => {
    expect(refundedMessage(REFUNDED)).toBe(
      'Refunded ₦10,000.00 to the wallet: its balance is ₦35,000.00. ada@example.com has an e-mail with your reason.',
    )
    expect(refundedMessage({ ...REFUNDED, method: 'card', status: 'refunding' })).toBe(
      'The refund of ₦10,000.00 is on its way to the card: the bank may take a few working days. ada@example.com has an e-mail with your reason.',
    )
  })

  it('says what the list holds', () => {
    expect(paymentsLead('', 3)).toBe('The latest 3 payments, the newest first.')
    expect(paymentsLead('ada', 1)).toBe("1 payment for 'ada', the newest first.")
    expect(paymentsLead('nobody@example.com', 0)).toBe("No payment matches 'nobody@example.com'.")
    expect(isBlankReason('  \n ')).toBe(true)
  })
})

describe('the events', () => {
  it('says when, how full, and what marks an event', () => {
    expect(whenLine(SAVED_EVENT)).toBe('Saturday, December 5, 2026 · 4pm - 7pm, 7pm - 10pm')
    expect(
      whenLine({ ...SAVED_EVENT, draft: { ...EVENT_DRAFT, endDay: '2026-12-06', slots: [] } }),
    ).toBe('Saturday, December 5, 2026 to Sunday, December 6, 2026')
    expect(placesLine(SAVED_EVENT)).toBe('3 of 16 places booked')
    expect(eventMarks(SAVED_EVENT)).toEqual([])
    expect(
      eventMarks({
        ...SAVED_EVENT,
        past: true,
        draft: { ...EVENT_DRAFT, membersOnly: true, rsvp: false },
      }),
    ).toEqual(['Past', 'Members only', 'Booking closed'])
  })
})

describe("an event's waitlist", () => {
  const [place] = WAITLIST.places
  if (!place) throw new Error('The waitlist has a place')
  const [offered, first, second] = WAITLIST.entries
  if (!offered || !first || !second) throw new Error('The waitlist has three people')
  /** 11am in Lagos on the day the offer ends (9:30pm). */
  const morning = new Date('2026-11-24T10:00:00Z')

  it('says each day and slot: who waits, who was offered, how full', () => {
    expect(placeLine(place)).toBe(
      'Saturday, December 5 · 7pm - 10pm: 2 waiting, 1 offered · 16 of 16 booked',
    )
    expect(
      placeLine({ ...place, timeSlot: null, waiting: 12, offered: 0, capacity: 30, booked: 30 }),
    ).toBe('Saturday, December 5: 12 waiting · 30 of 30 booked')
    expect(lineOf(WAITLIST, place)).toEqual([offered, first, second])
    expect(lineOf(WAITLIST, { ...place, timeSlot: '4pm - 7pm' })).toEqual([])
  })

  it('says where each person stands: in line, or offered until when', () => {
    expect(standing(first, morning)).toBe('1st in line')
    expect(standing(second, morning)).toBe('2nd in line')
    expect(standing({ ...second, position: 13 }, morning)).toBe('13th in line')
    expect(standing(offered, morning)).toBe('Offered until 9:30pm')
    expect(standing(offered, new Date('2026-11-23T10:00:00Z'))).toBe(
      'Offered until 9:30pm tomorrow',
    )
    expect(standing(offered, new Date('2026-11-21T10:00:00Z'))).toBe(
      'Offered until 9:30pm on Tuesday, November 24',
    )
    expect(standing({ ...first, status: 'left', position: null }, morning)).toBe('Left')
  })

  it('marks an event people wait for in the list of events', () => {
    expect(waitingMark({ waiting: 12 })).toBe('12 waiting')
    expect(waitingMark({ waiting: 0 })).toBeNull()
    expect(waitingMark(SAVED_EVENT)).toBe('2 waiting')
  })
})

describe('the members', () => {
  it('says what is known of a membership, and the first day it can be extended to', () => {
    expect(membershipLine(kemi)).toBe('Individual · 1 year · ends Dec 6, 2026')
    expect(membershipLine({ ...kemi, plan: null, expiry: null })).toBe('no end date')
    // Her membership runs to the end of 6 Dec (Lagos): the 7th is the first day after.
    expect(firstExtensionDay(kemi, new Date('2026-11-24T09:00:00Z'))).toBe('2026-12-07')
    // An end already past: from tomorrow.
    expect(firstExtensionDay(kemi, new Date('2026-12-20T09:00:00Z'))).toBe('2026-12-21')
    expect(firstExtensionDay({ expiry: null }, new Date('2026-11-24T09:00:00Z'))).toBe('2026-11-25')
  })

  it('says what the list holds and what an extension did', () => {
    expect(membersLead('', 2)).toBe('2 members, the soonest to end first.')
    expect(membersLead('kemi', 1)).toBe("1 member for 'kemi', the soonest to end first.")
    expect(membersLead('nobody', 0)).toBe("No member matches 'nobody'.")
    expect(extendedMessage(EXTENDED)).toBe('Extended: Kemi Adeyemi is a member until Jan 6, 2027.')
  })
})

describe("the front desk's words for spaces and bookings", () => {
  it("says a space's places, and how full its fullest coming day is", () => {
    expect(spaceLine(gardenRoom)).toBe('20 places a day · nothing booked ahead')
    expect(spaceLine({ ...newItem, capacity: 1, booked: 1 })).toBe(
      '1 place a session · 1 booked on its fullest coming session',
    )
    expect(savedMessage({ ...gardenRoom, bookable: false })).toBe(
      'Saved: The Garden Room is hidden from booking.',
    )
  })

  it("says a booking's guests, payment and check-in as the desk reads them", () => {
    expect(partyLine(chiamakaBooking)).toBe('With 2 guests: Ifeoma Okonkwo, Nnamdi Okonkwo')
    expect(partyLine({ visitors: 0, namesOfVisitors: null })).toBe('Alone')
    expect(paidLine(chiamakaBooking)).toBe('Card (sandbox) · ₦15,000.00 · ref SIXTEEN-RJ-0001')
    expect(
      paidLine({ ...chiamakaBooking, paidWith: 'free', amountMinor: 0, paymentReference: null }),
    ).toBe('Free')
    // The person's own words for how it was paid (their bookings list says the same).
    expect(
      paidLine({ ...chiamakaBooking, paidWith: 'community-wallet', paymentReference: null }),
    ).toBe('Community wallet · ₦15,000.00')
    expect(checkInLine(chiamakaBooking)).toBe('Not checked in')
    // 15:12 UTC is 16:12 in Lagos.
    expect(
      checkInLine({
        checkedInAt: '2026-11-24T15:12:00.000Z',
        checkedInBy: 'Oluwaseun Adebayo-Okonkwo',
        visitors: 0,
        placesIn: 1,
      }),
    ).toBe('Checked in Nov 24, 2026, 4:12pm by Oluwaseun Adebayo-Okonkwo')
    // A party of four, two of it in so far.
    expect(
      checkInLine({
        checkedInAt: '2026-11-24T15:12:00.000Z',
        checkedInBy: null,
        visitors: 3,
        placesIn: 2,
      }),
    ).toBe('Checked in Nov 24, 2026, 4:12pm · 2 of 4 in')
    expect(bookingsLead('2026-11-24', 'okonkwo', 0)).toBe(
      "No booking on Tuesday, November 24, 2026 matches 'okonkwo'.",
    )
    expect(bookingsLead('2026-11-24', '', 1)).toBe('1 booking on Tuesday, November 24, 2026.')
  })
})

describe("a door's scan on the booking's page", () => {
  it('says when, where, who and what it decided, and whether offline', () => {
    expect(
      scanLine({
        scannedAt: '2026-11-24T18:42:00.000Z',
        door: 'Garden gate',
        staff: 'Chidiebube Okwuosa-Adeyemi',
        offline: true,
        result: 'admitted',
      }),
    ).toBe(
      'Nov 24, 2026, 7:42pm · Garden gate · Chidiebube Okwuosa-Adeyemi · Let in, decided offline',
    )
    expect(
      scanLine({
        scannedAt: '2026-11-24T18:43:00.000Z',
        door: 'Rooftop stairs',
        staff: null,
        offline: false,
        result: 'already',
      }),
    ).toBe('Nov 24, 2026, 7:43pm · Rooftop stairs · Already in: not let in again')
  })
})
