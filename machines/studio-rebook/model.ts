import { ApiError } from '../../openapi/client'
import { defineModel } from '../flow-model'
import { studioRebookMachine } from './machine'

export const studioRebookModel = defineModel({
  machine: studioRebookMachine,
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
    'day.selected': [{ day: '2026-11-26' }, { day: '2026-11-30' }],
    'slot.selected': [{ slot: '6pm - 10pm' }],
    'guest.changed': [
      { field: 'phone', value: '0809 111 2222' },
      { field: 'email', value: 'bola@' },
    ],
    'xstate.done.actor.initiatePayment': [
      { output: 'https://sixteen.ng/sandbox/checkout/SBX-4f1c2a9e7d' },
    ],
    'xstate.error.actor.initiatePayment': [
      { error: new ApiError(409, 'Sold out') },
      { error: new ApiError(401, 'Login session has expired') },
    ],
  },
})
