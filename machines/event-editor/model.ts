import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { defineModel } from '../flow-model'
import type { EventDraft } from '../rules/event-draft'
import { eventEditorMachine, type StaffEvent } from './machine'

/** An event as staff write it: a long title, two slots, a friends' price. */
export const EVENT_DRAFT: EventDraft = {
  title: 'Ankara & Adire: An Evening of Textile Printing with the Lagos Print Collective',
  about: 'Print your own adire-inspired tote with the collective. Materials included.',
  startDay: '2026-12-05',
  endDay: '2026-12-05',
  startTime: '16:00',
  endTime: '22:00',
  slots: ['4pm - 7pm', '7pm - 10pm'],
  venue: 'Print Studio',
  address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  price: 15_000,
  friendsPrice: 12_000,
  capacity: 16,
  membersOnly: false,
  rsvp: true,
  url: null,
  extraQuestions: 'T-shirt size',
}

export const SAVED_EVENT: StaffEvent = {
  id: 'ankara-adire-an-evening-of-textile-printing-with-the-lagos',
  draft: EVENT_DRAFT,
  poster: null,
  booked: 3,
  past: false,
}

const WITH_POSTER: StaffEvent = { ...SAVED_EVENT, poster: '/media/3f9a2c-960x1280.jpg' }

/** A poster as the phone's camera roll gives it. */
export const POSTER_FILE = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], {
  type: 'image/jpeg',
})

const capacityBelowBooked = {
  error: new ApiError(
    409,
    '3 places are booked on Saturday, December 5, 4pm - 7pm: the capacity cannot be less.',
  ),
}
const notAnImage = { error: new ApiError(400, 'This file is not an image we can read.') }

export const eventEditorModel = defineModel({
  machine: eventEditorMachine,
  description:
    'Staff write a new event or change one: every field checked as they type (problems shown when they save), saved in one call; a refused save (a title taken, a capacity below what is booked) says why; a failed one can be sent again; once the event exists its poster is uploaded from the camera roll, and a file that is not an image is refused; an unknown event says so; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'a new event': { id: null }, 'an event': { id: SAVED_EVENT.id } },
  events: {
    'xstate.done.actor.loadEvent': [{ output: SAVED_EVENT }],
    'xstate.error.actor.loadEvent': [
      sessionEnded,
      connectionLost,
      notStaff,
      { error: new ApiError(404, 'No event has this id.') },
    ],
    // A new event's form is checked field by field (tests/unit); here a title cleared and typed
    // again, and a capacity lowered below what is booked.
    'field.changed': [
      { field: 'title', value: '' },
      { field: 'title', value: EVENT_DRAFT.title },
      { field: 'capacity', value: '2' },
    ],
    'xstate.done.actor.saveEvent': [{ output: SAVED_EVENT }],
    'xstate.error.actor.saveEvent': [sessionEnded, connectionLost, notStaff, capacityBelowBooked],
    'poster.chosen': [{ file: POSTER_FILE }],
    'xstate.done.actor.uploadPoster': [{ output: WITH_POSTER }],
    'xstate.error.actor.uploadPoster': [sessionEnded, connectionLost, notStaff, notAnImage],
  },
})
