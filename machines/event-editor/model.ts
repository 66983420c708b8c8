import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded, staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type EventDraft, formOf } from '../rules/event-draft'
import { eventEditorMachine, type StaffEvent, type StaffWaitlist } from './machine'

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
  cancelCutoffHours: 24,
  waitlistOfferHours: 12,
}

export const SAVED_EVENT: StaffEvent = {
  id: 'ankara-adire-an-evening-of-textile-printing-with-the-lagos',
  draft: EVENT_DRAFT,
  poster: null,
  booked: 3,
  past: false,
  waiting: 2,
}

const DAY = EVENT_DRAFT.startDay
const LATE = '7pm - 10pm'

/** Its waitlist: the late slot sold out, one place offered, two people in line behind. */
export const WAITLIST: StaffWaitlist = {
  eventId: SAVED_EVENT.id,
  eventName: EVENT_DRAFT.title,
  places: [{ date: DAY, timeSlot: LATE, capacity: 16, booked: 16, waiting: 2, offered: 1 }],
  entries: [
    {
      date: DAY,
      timeSlot: LATE,
      position: null,
      name: 'Oluwadamilola Chiamaka Adebayo-Nwachukwu',
      email: 'oluwadamilola.adebayo-nwachukwu@example.com',
      phone: '+234 803 555 0141',
      status: 'offered',
      joinedAt: '2026-11-20T09:12:00.000Z',
      offerExpiresAt: '2026-11-24T20:30:00.000Z',
    },
    {
      date: DAY,
      timeSlot: LATE,
      position: 1,
      name: 'Emeka Obi',
      email: 'emeka.obi@example.com',
      phone: '+234 809 555 0144',
      status: 'waiting',
      joinedAt: '2026-11-21T18:40:00.000Z',
      offerExpiresAt: null,
    },
    {
      date: DAY,
      timeSlot: LATE,
      position: 2,
      name: 'Ngozi Eze',
      email: 'ngozi.eze@example.com',
      phone: '+234 802 555 0145',
      status: 'waiting',
      joinedAt: '2026-11-22T07:05:00.000Z',
      offerExpiresAt: null,
    },
  ],
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

const WAITLIST_EVENTS = new Set([
  'xstate.done.actor.loadWaitlist',
  'xstate.error.actor.loadWaitlist',
  'waitlist.refreshed',
])

export const eventEditorModel = defineModel(eventEditorMachine, {
  description:
    'Staff write a new event or change one: every field checked as they type (problems shown when they save), saved in one call; a refused save (a title taken, a capacity below what is booked) says why; a failed one can be sent again; once the event exists its poster is uploaded from the camera roll, and a file that is not an image is refused; its waitlist is read beside the form, again after a save or when staff ask, and a failed read can be tried again; an unknown event says so; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'a new event': { id: null }, 'an event': { id: SAVED_EVENT.id } },
  events: {
    ...callEndings(
      'loadEvent',
      [SAVED_EVENT],
      [
        sessionEnded,
        connectionLost,
        notStaff,
        { error: new ApiError(404, 'No event has this id.') },
      ],
    ),
    // A new event's form is checked field by field (tests/unit); here a title cleared and typed
    // again, and a capacity lowered below what is booked.
    'field.changed': [
      { field: 'title', value: '' },
      { field: 'title', value: EVENT_DRAFT.title },
      { field: 'capacity', value: '2' },
    ],
    ...callEndings(
      'saveEvent',
      [SAVED_EVENT],
      [sessionEnded, connectionLost, notStaff, capacityBelowBooked],
    ),
    'poster.chosen': [{ file: POSTER_FILE }],
    ...callEndings(
      'uploadPoster',
      [WITH_POSTER],
      [sessionEnded, connectionLost, notStaff, notAnImage],
    ),
    ...callEndings('loadWaitlist', [WAITLIST], staffReadFailures),
  },
  // The waitlist is read beside the form, each on its own: while it is read (or its read failed)
  // only its own events are walked, and staff read it again from the form as it was loaded or
  // saved (not from every mix of fields typed and posters chosen, which it does not change).
  sendsWhen: (snapshot, event) => {
    const reading = ['loading', 'failed'].some((state) =>
      snapshot.matches({ ready: { waitlist: state } }),
    )
    if (reading) return WAITLIST_EVENTS.has(event.type)
    if (event.type !== 'waitlist.refreshed') return true
    const { form, event: loaded, showProblems } = snapshot.context
    const untouched =
      loaded !== null && JSON.stringify(form) === JSON.stringify(formOf(loaded.draft))
    return (
      snapshot.matches({ ready: { poster: 'idle' } }) &&
      !showProblems &&
      (snapshot.matches({ ready: { form: 'saved' } }) ||
        (snapshot.matches({ ready: { form: 'editing' } }) && untouched))
    )
  },
})
