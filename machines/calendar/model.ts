import { sampleEvent } from '../fixtures'
import { defineModel } from '../flow-model'
import { calendarMachine } from './machine'

export const calendarModel = defineModel({
  machine: calendarMachine,
  description:
    'The calendar: events from the page when it carried them, else loaded; refresh; retry.',
  inputs: {
    'HTML carried events': { initialEvents: [sampleEvent] },
    'HTML carried no events': { initialEvents: [] },
    'nothing carried': { initialEvents: null },
  },
  events: {
    'xstate.done.actor.loadEvents': [{ output: [sampleEvent] }, { output: [] }],
  },
})
