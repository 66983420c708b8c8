import { ApiError, type components } from '../../openapi/client'
import { walletReadEvents } from '../checkout/model'
import { walletsAnswerFirst } from '../checkout/wallets'
import { sampleEvent } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type RsvpInput, rsvpMachine } from './machine'

type Event = components['schemas']['Event']
type Booking = components['schemas']['Booking']

// Tuesday 24 November 2026, 10:00 in Lagos.
const now = new Date('2026-11-24T09:00:00Z')
const origin = 'https://sixteen.example'

/** Free, one day and one slot, with two extra questions. */
const freeEvent: Event = {
  ...sampleEvent,
  ID: 'poetry-and-palm-wine',
  Name: 'Poetry & Palm Wine',
  StartDate: '2026-11-26T15:00:00.000Z',
  EndDate: '2026-11-26T19:00:00.000Z',
  TimeSlots: ['4pm - 8pm'],
  Price: 0,
  FriendsPrice: null,
  metadata: 'Instagram handle, Camera type',
}

/** Paid, today only, one slot. */
const paidToday: Event = {
  ...sampleEvent,
  StartDate: '2026-11-24T15:00:00.000Z',
  EndDate: '2026-11-24T22:00:00.000Z',
}

/** Paid, Saturday to Monday (Monday left out), two slots; members pay a friends price. */
const workshop: Event = {
  ...sampleEvent,
  ID: 'risograph-workshop',
  Name: 'Risograph Workshop',
  StartDate: '2026-11-28T11:00:00.000Z',
  EndDate: '2026-11-30T19:00:00.000Z',
  TimeSlots: ['12pm - 4pm', '4pm - 8pm'],
  Price: 15000,
  FriendsPrice: 10000,
}

const guestViewer = {
  signedIn: false,
  isMember: false,
  userId: null,
  email: '',
  name: '',
  phone: '',
}
const ada = {
  signedIn: true,
  isMember: true,
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Okafor',
  phone: '+234 803 555 0101',
}
const remembered = { email: 'tolu@example.com', name: 'Tolu Ade', phone: '0803 555 0199' }
const nothingStored = { email: '', name: '', phone: '' }

const booking: Booking = {
  id: '00000000-0000-4000-8000-00000000b001',
  Event: 'Risograph Workshop',
  EventId: 'risograph-workshop',
  Type: 'event',
  Date: '2026-11-28',
  'Time Slot': '12pm - 4pm',
  Venue: 'Print Studio',
  Amount: 1_000_000,
  'Paid with': 'wallet',
  'Payment Reference': 'Wallet transaction',
  Visitors: 0,
  Status: 'confirmed',
}

const inputs: Record<string, RsvpInput> = {
  'a guest with remembered details, a free event with extra questions': {
    event: freeEvent,
    viewer: guestViewer,
    guest: remembered,
    now,
    origin,
  },
  'a guest with nothing remembered, a paid event today': {
    event: paidToday,
    viewer: guestViewer,
    guest: nothingStored,
    now,
    origin,
  },
  'a member (her wallets read when the panel opens), a paid event over two days with two slots': {
    event: workshop,
    viewer: ada,
    guest: nothingStored,
    now,
    origin,
  },
  'a signed-in person, not a member, a free event': {
    event: { ...freeEvent, metadata: null },
    viewer: { ...ada, isMember: false },
    guest: nothingStored,
    now,
    origin,
  },
  'a visitor, a members-only event': {
    event: { ...workshop, 'Members-only': true },
    viewer: guestViewer,
    guest: remembered,
    now,
    origin,
  },
}

export const rsvpModel = defineModel(rsvpMachine, {
  description:
    "The RSVP panel: guest details or the stored ones, extra questions, day and slot; a signed-in person's wallets read as it opens (a 401 ends the session, another failure offers a retry); a free ticket, a card payment (to the checkout) or a wallet payment that the balance covers (success overlay; failure reloads).",
  inputs,
  sendsWhen: walletsAnswerFirst,
  events: {
    // The person leaves the phone field: a number too short says so from then on.
    'field.left': [{ field: 'phone' }],
    'field.changed': [
      { field: 'email', value: 'tolu@' },
      { field: 'email', value: 'tolu@example.com' },
      { field: 'name', value: 'Tolu Ade' },
      { field: 'phone', value: '0803 555 0199' },
    ],
    'answer.changed': [{ field: 'Instagram handle', value: '@tolu.shoots' }],
    'day.chosen': [{ day: '2026-11-29' }],
    'slot.chosen': [{ slot: '4pm - 8pm' }],
    'wallet.chosen': [{ wallet: 'personal' }, { wallet: 'community' }],
    ...walletReadEvents,
    ...callEndings(
      'createBooking',
      [{ ...booking, 'Paid with': 'free' }],
      [
        { error: new ApiError(401, 'Login session has expired') },
        { error: new ApiError(409, 'Sold out') },
      ],
    ),
    // How the checkout ended (its own model walks the card and the wallets): paid from a wallet,
    // the session over, or a card payment that could not start.
    'xstate.done.actor.checkout': [
      { output: { outcome: 'paid', error: null } },
      { output: { outcome: 'expired', error: new ApiError(401, 'Login session has expired') } },
      { output: { outcome: 'refused', error: new TypeError('Failed to fetch') } },
    ],
  },
})
