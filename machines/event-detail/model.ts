import { ApiError } from '../../openapi/client'
import { sampleEvent } from '../fixtures'
import { defineModel } from '../flow-model'
import { eventDetailMachine } from './machine'

export const eventDetailModel = defineModel({
  machine: eventDetailMachine,
  description:
    'The event page: shown from navigation state or loaded by id; not found; retry; share.',
  inputs: {
    'event carried': { id: sampleEvent.ID, event: sampleEvent },
    'only the id': { id: sampleEvent.ID, event: null },
  },
  events: {
    'xstate.done.actor.loadEvent': [{ output: { ...sampleEvent, RSVP: false } }],
    'xstate.error.actor.loadEvent': [
      { error: new ApiError(404, 'This event does not exist.') },
      { error: new ApiError(500, 'Something went wrong on our side. Please try again.') },
    ],
  },
})
