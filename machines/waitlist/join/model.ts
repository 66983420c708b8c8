import { ApiError } from '../../../openapi/client'
import { connectionLost, sampleEvent } from '../../fixtures'
import { callEndings, defineModel } from '../../flow-model'
import { type WaitlistEntry, waitlistJoinMachine } from './machine'

const NOW = new Date('2026-11-20T09:00:00.000Z')
const twoDays = { ...sampleEvent, RSVP: false, Waitlist: true, EndDate: '2026-11-23T19:00:00.000Z' }

const joined: WaitlistEntry = {
  token: '3f9c2a7be1d44c0f8a6b5e2d9c1f7a30',
  status: 'waiting',
  position: 4,
  eventId: sampleEvent.ID,
  eventName: sampleEvent.Name,
  date: '2026-11-22',
  timeSlot: '4pm - 8pm',
  name: 'Oluwaseun Adebayo-Ogunleye',
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  phone: '0803 555 0199',
  joinedAt: NOW.toISOString(),
  offerExpiresAt: null,
}

// A guest the phone remembers by name and e-mail (the RSVP panel's model walks empty details).
const remembered = {
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  name: 'Oluwaseun Adebayo-Ogunleye',
  phone: '',
}

export const waitlistJoinModel = defineModel(waitlistJoinMachine, {
  description:
    "'Join the waitlist' on a sold-out event: the day and slot to wait for, name, e-mail and phone checked as typed (the phone once left), joined once; the server's refusal ('There are places left…') or a lost connection said in the form; then the place in line, focused and kept on the phone; opened again, the kept entry's standing is asked (gone from the line: forgotten, the waitlist offered again).",
  inputs: {
    'a guest, one day': {
      event: { ...sampleEvent, RSVP: false, Waitlist: true },
      details: remembered,
      now: NOW,
    },
    'a signed-in member, two days': {
      event: twoDays,
      details: {
        email: 'ada@example.com',
        name: 'Ada Okafor',
        phone: '0803 555 0100',
      },
      now: NOW,
    },
    'a guest who joined from this phone before': {
      event: { ...sampleEvent, RSVP: false, Waitlist: true },
      details: remembered,
      now: NOW,
      keptToken: joined.token,
    },
  },
  events: {
    'day.chosen': [{ day: '2026-11-22' }],
    'slot.chosen': [{ slot: '4pm - 8pm' }],
    'field.changed': [
      { field: 'phone', value: '0803' },
      { field: 'phone', value: '0803 555 0199' },
    ],
    'field.left': [{ field: 'phone' }],
    ...callEndings(
      'joinWaitlist',
      [joined],
      [
        { error: new ApiError(409, 'There are places left for this day: book one instead.') },
        connectionLost,
      ],
    ),
    ...callEndings(
      'loadEntry',
      [joined, { ...joined, status: 'booked', position: null }],
      [{ error: new ApiError(404, 'We can’t find this waitlist link.') }, connectionLost],
    ),
  },
})
