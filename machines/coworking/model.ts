import { ApiError } from '../../openapi/client'
import { walletReadEvents } from '../checkout/model'
import { walletsAnswerFirst } from '../checkout/wallets'
import { callEndings, defineModel } from '../flow-model'
import { type CoworkingInput, type CoworkingOptions, coworkingMachine } from './machine'

const options: CoworkingOptions = {
  spaces: [
    { id: 'garden-room', Name: 'The Garden Room', Coworking: true },
    { id: 'library', Name: 'Library. ', Coworking: true },
    { id: '8th-floor', Name: '8th Floor', Coworking: true },
  ],
  days: ['2026-11-24', '2026-11-25'],
}

// Finite payloads and a small guest cap keep the walk short: the member walks the counter and
// the visitors' names (two guests: her paid booking); the guest walks details and 'Remember me'.
const guest: CoworkingInput = {
  signedIn: false,
  isMember: false,
  userId: null,
  details: { email: 'bola@example.com', name: 'Bola Adeyemi', phone: '+234 803 000 0000' },
  remember: true,
  day: null,
  origin: 'https://sixteen.test',
  maxExtraGuests: 0,
}

const member: CoworkingInput = {
  signedIn: true,
  isMember: true,
  userId: '00000000-0000-4000-8000-000000000001',
  details: { email: 'ada@example.com', name: 'Ada Okafor', phone: '+234 801 234 5678' },
  remember: false,
  day: null,
  origin: 'https://sixteen.test',
  maxExtraGuests: 2,
}

const expired = new ApiError(401, 'Login session has expired')
const soldOut = new ApiError(409, 'Sold out')

export const coworkingModel = defineModel(coworkingMachine, {
  description:
    "Book a spot: day, space, extra guests and details; a signed-in person's wallets read as the panel opens (a 401 ends the session, another failure offers a retry); a member's free booking, card, or a wallet the balance covers.",
  inputs: { guest, member },
  sendsWhen: walletsAnswerFirst,
  events: {
    'xstate.done.actor.loadOptions': [
      { output: options },
      { output: { ...options, spaces: [{ id: 'hall', Name: 'Hall', Coworking: null }] } },
    ],
    'day.chosen': [{ day: '2026-11-25' }],
    'space.chosen': [{ space: 'Library' }],
    // The person leaves the phone field: a number too short says so from then on.
    'field.left': [{ field: 'phone' }],
    'field.changed': [{ field: 'email', value: 'bola@' }],
    'remember.changed': [{ remember: false }],
    'visitor.changed': [
      { index: 0, name: 'Chidi' },
      { index: 1, name: 'Ngozi' },
    ],
    'wallet.chosen': [{ wallet: 'personal' }, { wallet: 'community' }],
    ...walletReadEvents,
    ...callEndings('reserveSpot', [{}], [{ error: expired }, { error: soldOut }]),
    // How the checkout ended (its own model walks the card and the wallets): paid from a wallet,
    // the session over, back from the provider's page, or a card payment that could not start.
    'xstate.done.actor.checkout': [
      { output: { outcome: 'paid', error: null } },
      { output: { outcome: 'expired', error: expired } },
      { output: { outcome: 'returned', error: null } },
      { output: { outcome: 'refused', error: soldOut } },
    ],
  },
})
