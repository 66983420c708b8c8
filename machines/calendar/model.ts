import { sampleEvent } from '../fixtures'
import { defineModel } from '../flow-model'
import { calendarMachine } from './machine'

export const calendarModel = defineModel(calendarMachine, {
  description:
    'The calendar: events from the page when it carried them, else loaded; a kept page says since when and updates in place; refresh; retry.',
  inputs: {
    'HTML carried events': { initialEvents: [sampleEvent] },
    'HTML carried no events': { initialEvents: [] },
    'nothing carried': { initialEvents: null },
    'a page the phone kept': { initialEvents: [sampleEvent], knownAt: '2026-11-20T10:00:00.000Z' },
  },
  events: {
    'xstate.done.actor.loadEvents': [{ output: [sampleEvent] }, { output: [] }],
  },
})
