import { ApiError } from '../../openapi/client'
import { walletReadEvents } from '../checkout/model'
import { walletsAnswerFirst } from '../checkout/wallets'
import { defineModel } from '../flow-model'
import { printStudioMachine } from './machine'

const DAYS = ['2026-11-25', '2026-11-26']
const nobody = { email: '', name: '', phone: '' }
const ada = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Okafor',
  phone: '0803 000 1616',
}
const origin = 'https://sixteen.ng'

export const printStudioModel = defineModel(printStudioMachine, {
  description:
    "The print studio: 'Book' or 'Not available'; day, session and a guest's details; card (to the provider), or a wallet the balance covers ('Booking successful!'; a signed-in person's wallets are read as the panel opens, a 401 ends the session, another failure offers a retry); a failed wallet payment reloads after 5 s; a 401 hands over to session expiry.",
  inputs: {
    guest: { origin, user: null, guest: nobody },
    'signed in (her wallets read when the panel opens)': { origin, user: ada, guest: nobody },
  },
  sendsWhen: walletsAnswerFirst,
  events: {
    ...walletReadEvents,
    'xstate.done.actor.loadStudio': [
      { output: { items: [{ id: '5', Name: 'Print Studio', Coworking: true }], days: DAYS } },
      { output: { items: [{ id: '5', Name: 'Print Studio', Coworking: false }], days: DAYS } },
    ],
    'day.chosen': [{ day: '2026-11-25' }, { day: '2026-11-23' }],
    'slot.chosen': [{ slot: '2pm - 6pm' }, { slot: '12pm - 4pm' }],
    // The person leaves the phone field: a number too short says so from then on.
    'field.left': [{ field: 'phone' }],
    'field.changed': [
      { field: 'email', value: 'bola@example.com' },
      { field: 'email', value: 'bola@example' },
      { field: 'name', value: 'Bola Ade' },
      { field: 'phone', value: '0809 111 2222' },
    ],
    'wallet.chosen': [{ wallet: 'personal' }, { wallet: 'community' }],
    // How the checkout ended (its own model walks the card and the wallets): paid from a wallet,
    // the session over, or a card payment that could not start.
    'xstate.done.actor.checkout': [
      { output: { outcome: 'paid', error: null } },
      { output: { outcome: 'expired', error: new ApiError(401, 'Login session has expired') } },
      { output: { outcome: 'refused', error: new ApiError(409, 'Sold out') } },
      { output: { outcome: 'refused', error: new TypeError('Failed to fetch') } },
    ],
  },
})
