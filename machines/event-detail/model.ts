import { ApiError } from '../../openapi/client'
import { sampleEvent } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { eventDetailMachine } from './machine'

export const eventDetailModel = defineModel(eventDetailMachine, {
  description:
    'The event page: shown from navigation state or loaded by id; not found; retry; read again after a booking; share by the share sheet, or the link copied and said so.',
  inputs: {
    'event carried': { id: sampleEvent.ID, event: sampleEvent },
    'only the id': { id: sampleEvent.ID, event: null },
  },
  events: {
    ...callEndings(
      'loadEvent',
      [{ ...sampleEvent, RSVP: false }],
      [
        { error: new ApiError(404, 'This event does not exist.') },
        { error: new ApiError(500, 'Something went wrong on our side. Please try again.') },
      ],
    ),
    ...callEndings(
      'shareEvent',
      ['copied', 'shared'],
      [{ error: new DOMException('Denied', 'NotAllowedError') }],
    ),
  },
})
