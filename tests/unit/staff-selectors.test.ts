import { describe, expect, it } from 'vitest'
import { CHECK_IN_ANSWERS } from '../../machines/check-in/model'
import { guestsLine, isBlankCode, verdictView } from '../../machines/check-in/selectors'
import { actionLabel, auditChanges } from '../../machines/staff-audit/selectors'
import type { StaffSession } from '../../machines/staff-day/machine'
import { dayTotals, expectedPlaces, freePlaces } from '../../machines/staff-day/selectors'

describe('the answer at the door', () => {
  it('is green for admitted, red for already (when and by whom) and unknown, yellow for another day', () => {
    expect(verdictView(CHECK_IN_ANSWERS.admitted)).toEqual({
      tone: 'green',
      headline: 'Admitted',
      detail: null,
    })
    expect(verdictView(CHECK_IN_ANSWERS.already)).toEqual({
      tone: 'red',
      headline: 'Already checked in',
      detail: 'At 10:05 am by Oluwaseun Adebayo-Okonkwo.',
    })
    expect(verdictView(CHECK_IN_ANSWERS.elsewhere)).toEqual({
      tone: 'yellow',
      headline: 'Not for today',
      detail: 'Valid on the day it shows, not today: not checked in.',
    })
    expect(verdictView(CHECK_IN_ANSWERS.unknown).tone).toBe('red')
    expect(verdictView(CHECK_IN_ANSWERS.unknown).headline).toBe('Unknown ticket')
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
      }),
    ).toEqual({ booked: 16, checkedIn: 7 })
  })
})

describe('the audit log', () => {
  it('lists each changed field before and after, and leaves out what stayed', () => {
    expect(
      auditChanges({
        before: { checkedInAt: null, staff: true },
        after: { checkedInAt: '2026-11-24T09:05:00.000Z', staff: true, checkedInBy: 'Oluwaseun' },
      }),
    ).toEqual([
      { field: 'checkedInAt', before: '—', after: '2026-11-24T09:05:00.000Z' },
      { field: 'checkedInBy', before: '—', after: 'Oluwaseun' },
    ])
    expect(auditChanges({ before: null, after: { staff: true } })).toEqual([
      { field: 'staff', before: '—', after: 'true' },
    ])
  })

  it('names the actions in words, and keeps an unknown one as stored', () => {
    expect(actionLabel('check-in')).toBe('Checked a ticket in')
    expect(actionLabel('staff remove')).toBe('Took the staff role away')
    expect(actionLabel('event edit')).toBe('event edit')
  })
})
