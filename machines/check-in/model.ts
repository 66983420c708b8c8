import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import { type CheckIn, checkInMachine } from './machine'
import { NOTHING, type OfflineAnswer, type PartyAtDoor } from './offline'

/** The code the model reads: a ticket's, as stored (16 characters of Crockford's base32). */
export const CHECK_IN_CODE = 'K7QM93XD2HFR8NWB'

/** The same code as staff type it off the ticket: lower case, spaces between the groups. */
export const CHECK_IN_CODE_TYPED = 'k7qm 93xd 2hfr 8nwb'

/** Another guest's ticket, one of the first tickets' codes (32 hex digits). */
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

/** The server's six answers. */
export const CHECK_IN_ANSWERS: Record<CheckIn['result'], CheckIn> = {
  admitted: {
    result: 'admitted',
    ticket: holder,
    ...NOTHING,
    checkedInAt: '2026-11-24T09:00:00.000Z',
    checkedInBy: 'Oluwaseun Adebayo-Okonkwo',
    placesIn: 3,
    placesAdmitted: 3,
  },
  already: {
    result: 'already',
    ticket: holder,
    ...NOTHING,
    checkedInAt: '2026-11-24T09:05:00.000Z',
    checkedInBy: 'Oluwaseun Adebayo-Okonkwo',
    placesIn: 3,
  },
  elsewhere: { result: 'elsewhere', ticket: { ...holder, date: '2026-11-28' }, ...NOTHING },
  cancelled: {
    result: 'cancelled',
    ticket: holder,
    ...NOTHING,
    cancelledAt: '2026-11-23T17:30:00.000Z',
  },
  refunded: {
    result: 'refunded',
    ticket: holder,
    ...NOTHING,
    refundedAt: '2026-11-24T08:15:00.000Z',
    refundedBy: 'Oluwaseun Adebayo-Okonkwo',
  },
  unknown: { result: 'unknown', ticket: null, ...NOTHING },
}

/** The party of three let in part: one now, two to come. */
export const ADMITTED_IN_PART: CheckIn = {
  ...CHECK_IN_ANSWERS.admitted,
  placesIn: 1,
  placesAdmitted: 1,
}

/** The party the door asks about: three, nobody in yet. */
export const PARTY_AT_THE_DOOR: PartyAtDoor = { ticket: holder, party: 3, placesIn: 0 }

/** What the phone decides itself: from its list (let in, unknown) or its own scans; or nothing (no list). */
export const OFFLINE_ANSWERS: Array<OfflineAnswer | null> = [
  { by: 'list', check: { ...CHECK_IN_ANSWERS.admitted, checkedInBy: null } },
  { by: 'list', check: CHECK_IN_ANSWERS.unknown },
  {
    by: 'this phone',
    check: {
      ...CHECK_IN_ANSWERS.already,
      checkedInBy: null,
      checkedInAt: '2026-11-24T08:55:00.000Z',
    },
  },
  null,
]

/** The scan's own id and moment, as the page stamps it. */
const SCAN = { nonce: 'c0ffee00-1111-4222-8333-444455556666', at: '2026-11-24T09:00:00.000Z' }

export const checkInModel = defineModel(checkInMachine, {
  description:
    "Staff check a ticket in at the door by its code, read by the camera or typed (whatever its case and spacing): admitted, already checked in, another day, cancelled, refunded, or unknown; the camera reads a ticket once, a blank code or one of no ticket code's shape is refused in the form, with no answer within 1.5 s the phone decides from its list (a party with more than one still to come is asked how many come in now, all or some and the rest later; a guest it lets in is queued, marked not yet sent) or, with no list, keeps the code to send again by hand or when the browser is back online while the camera checks the next ticket, a 403 says the role does not open it; the camera can be refused, or its scanner fail to load offline, and be asked for again.",
  inputs: { 'at the door': { door: "Oluwaseun's phone", kept: null } },
  events: {
    'code.submitted': [
      { code: CHECK_IN_CODE_TYPED, ...SCAN },
      { code: '   ', ...SCAN },
      { code: 'K7QM-93XD-2HF', ...SCAN },
    ],
    // The next guest's ticket, read while the last answer shows.
    'code.scanned': [
      { code: CHECK_IN_CODE, ...SCAN },
      { code: NEXT_GUEST_CODE, ...SCAN, nonce: 'c0ffee00-7777-4888-9999-aaaabbbbcccc' },
    ],
    'xstate.done.actor.findParty': [{ output: null }, { output: PARTY_AT_THE_DOOR }],
    // One of the party coming in now, or all three.
    'places.chosen': [{ places: 1 }, { places: 3 }],
    'xstate.done.actor.checkIn': [...Object.values(CHECK_IN_ANSWERS), ADMITTED_IN_PART].map(
      (output) => ({ output }),
    ),
    'xstate.error.actor.checkIn': [sessionEnded, connectionLost, notStaff],
    'xstate.done.actor.decideOffline': OFFLINE_ANSWERS.map((output) => ({ output })),
  },
  sendsWhen: (snapshot, event) => {
    // A party is asked about with the camera off or looking, and it stays so while the party
    // comes in (the camera's other states are walked without one).
    const { party } = snapshot.context as { party: unknown }
    if (event.type === 'xstate.done.actor.findParty' && event.output !== null) {
      return snapshot.matches({ camera: 'off' }) || snapshot.matches({ camera: 'scanning' })
    }
    // The camera is turned on and off between guests (its states are the same beside any answer).
    if (event.type.startsWith('camera.')) {
      return (
        party === null &&
        (snapshot.matches({ door: 'waiting' }) || snapshot.matches({ door: 'answered' }))
      )
    }
    if (party !== null) {
      const { places } = snapshot.context as { places: number | null }
      // Another code is read instead only while the door asks; all three coming in are answered
      // by the server, one of them on every path of a slow or lost answer.
      if (event.type.startsWith('code.')) return snapshot.matches({ door: 'counting' })
      if (
        event.type === 'xstate.error.actor.checkIn' ||
        event.type.startsWith('xstate.after.') ||
        event.type === 'xstate.done.actor.decideOffline'
      ) {
        return places === 1
      }
    }
    // The server lets in what the door asked for: one of the three, all three, or (asked for
    // nothing) the whole party or any refusal.
    if (event.type === 'xstate.done.actor.checkIn') {
      const { places } = snapshot.context as { places: number | null }
      const output = event.output as CheckIn
      if (places === null) return output.placesAdmitted !== ADMITTED_IN_PART.placesAdmitted
      return output.result === 'admitted' && output.placesAdmitted === places
    }
    return true
  },
})
