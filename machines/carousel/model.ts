import { defineModel } from '../flow-model'
import { carouselMachine } from './machine'

export const carouselModel = defineModel(carouselMachine, {
  description: 'Posters every 3 s and studio photos every 5 s; a single picture stands still.',
  inputs: {
    'three posters': { count: 3, intervalMs: 3000 },
    'one poster': { count: 1, intervalMs: 3000 },
  },
})
