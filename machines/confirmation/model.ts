import { defineModel } from '../flow-model'
import { confirmationMachine } from './machine'

export const confirmationModel = defineModel(confirmationMachine, {
  description:
    'A confirmation page: the banner shows for 6 s; the support or book-again panel opens and closes.',
  inputs: { 'just booked': undefined },
})
