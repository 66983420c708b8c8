import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import { type CheckIn, checkInMachine } from './machine'

/** The code the model types: a ticket's, as the database makes them (32 hex digits). */
export const CHECK_IN_CODE = 'e3b0c44298fc1c149afbf4c8996fb924'

/** Another guest's ticket. */
const NEXT_GUEST_CODE = '0d6f1e8a2b4c4e7f9a3b5c7d9e1f2a4b'

const holder: NonNullable<CheckIn['ticket']> = {
  name: 'Oluwadamilare Chukwuemeka-Babatunde',
  what: 'Rooftop Jazz',
  type: 'event',
  date: '2026-11-24',
  timeSlot: '4pm - 8pm',
  venue: 'The Rooftop',
  visitors: 2,
  namesOfVisitors: 'Tobi Adeyemi, Kemi Bello',
}

/** The server's four answers. */
export const CHECK_IN_ANSWERS: Record<CheckIn['result'], CheckIn> = {
  admitted: { result: 'admitted', ticket: holder, checkedInAt: null, checkedInBy: null },
  already: {
    result: 'already',
    ticket: holder,
    checkedInAt: '2026-11-24T09:05:00.000Z',
    checkedInBy: 'Oluwaseun Adebayo-Okonkwo',
  },
  elsewhere: {
    result: 'elsewhere',
    ticket: { ...holder, date: '2026-11-28' },
    checkedInAt: null,
    checkedInBy: null,
  },
  unknown: { result: 'unknown', ticket: null, checkedInAt: null, checkedInBy: null },
}

export const checkInModel = defineModel({
  machine: checkInMachine,
  description:
    'Staff check a ticket in at the door by its code, read by the camera or typed: admitted, already checked in, another day, or unknown; the camera reads a ticket once, a blank code is refused in the form, a failed call can be sent again, a 403 says it is for staff; the camera can be refused and asked for again.',
  inputs: { 'at the door': undefined },
  events: {
    'code.submitted': [{ code: CHECK_IN_CODE }, { code: '   ' }],
    // The next guest's ticket, read while the last answer shows.
    'code.scanned': [{ code: CHECK_IN_CODE }, { code: NEXT_GUEST_CODE }],
    'xstate.done.actor.checkIn': Object.values(CHECK_IN_ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.checkIn': [sessionEnded, connectionLost, notStaff],
  },
})
