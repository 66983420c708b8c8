import { defineModel } from '../flow-model'
import { venuesMachine } from './machine'

export const venuesModel = defineModel(venuesMachine, {
  description: "Spaces and studio items that decide the menu's 'Book a spot' and 'Print Studio'.",
  inputs: {
    menu: { venues: null },
    carried: {
      venues: {
        spaces: [{ id: '1', Name: 'The Garden Room', Coworking: true }],
        studioItems: [{ id: '5', Name: 'Print Studio', Coworking: true }],
      },
    },
  },
  events: {
    'xstate.done.actor.loadVenues': [
      {
        output: {
          spaces: [{ id: '1', Name: 'The Garden Room', Coworking: true }],
          studioItems: [{ id: '5', Name: 'Print Studio', Coworking: true }],
        },
      },
    ],
  },
})
