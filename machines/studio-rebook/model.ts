import { ApiError } from '../../openapi/client'
import { defineModel } from '../flow-model'
import { studioRebookMachine } from './machine'

export const studioRebookModel = defineModel(studioRebookMachine, {
  description:
    "'Book again' on the booked print-studio page: Book only with a valid e-mail, name, day, session and phone; then 'Please wait' and the card provider.",
  inputs: {
    'from the booked page': {
      origin: 'https://sixteen.ng',
      guest: { email: 'bola@example.com', name: 'Bola Ade', phone: '' },
    },
  },
  events: {
    'xstate.done.actor.loadStudio': [
      {
        output: {
          items: [{ id: '5', Name: 'Print Studio', Coworking: true }],
          days: ['2026-11-25', '2026-11-26'],
        },
      },
      { output: { items: [], days: ['2026-11-25'] } },
    ],
    'day.chosen': [{ day: '2026-11-26' }, { day: '2026-11-30' }],
    'slot.chosen': [{ slot: '6pm - 10pm' }],
    // The person leaves the phone field: a number too short says so from then on.
    'field.left': [{ field: 'phone' }],
    'field.changed': [
      { field: 'phone', value: '0809 111 2222' },
      { field: 'email', value: 'bola@' },
    ],
    // How the checkout of the card payment ended (its own model walks it): the session over,
    // or a payment that could not start.
    'xstate.done.actor.checkout': [
      { output: { outcome: 'refused', error: new ApiError(409, 'Sold out') } },
      { output: { outcome: 'expired', error: new ApiError(401, 'Login session has expired') } },
    ],
  },
})
