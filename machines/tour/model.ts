import { defineModel } from '../flow-model'
import { tourMachine } from './machine'

export const tourModel = defineModel(tourMachine, {
  description:
    'Three steps (profile, bookings, payments), back and forth; Finish or Skip opens the profile.',
  inputs: { 'signed in': undefined },
})
