import { ApiError } from '../../../openapi/client'
import { connectionLost, sampleEvent } from '../../fixtures'
import { callEndings, defineModel } from '../../flow-model'
import { type WaitlistEntry, waitlistOfferMachine } from './machine'

const TOKEN = '3f9c2a7be1d44c0f8a6b5e2d9c1f7a30'

/**
 * The entry the model loads: for the demo's Rooftop Jazz today (its 4pm slot), as the browser
 * replay puts it on the server (its token cannot be chosen through the app).
 */
export const waitlistOfferEntry: WaitlistEntry = {
  token: TOKEN,
  status: 'waiting',
  position: 1,
  eventId: sampleEvent.ID,
  eventName: sampleEvent.Name,
  date: '2026-11-24',
  timeSlot: '4pm - 8pm',
  name: 'Oluwaseun Adebayo-Ogunleye',
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  phone: '0803 555 0199',
  joinedAt: '2026-11-23T09:00:00.000Z',
  offerExpiresAt: null,
}

const entry = (status: WaitlistEntry['status']): WaitlistEntry => ({
  ...waitlistOfferEntry,
  status,
  position: status === 'waiting' ? 1 : null,
  offerExpiresAt: status === 'offered' ? '2026-11-24T21:00:00.000Z' : null,
})

/** A free event's offer (the demo's Poetry & Palm Wine, in the browser): booked with one tap. */
export const freeOfferEvent = { ...sampleEvent, Price: 0, FriendsPrice: null }

const loaded = (status: WaitlistEntry['status'], event = sampleEvent) => ({
  output: { entry: entry(status), event },
})

const guest = { signedIn: false, isMember: false, userId: null }

export const waitlistOfferModel = defineModel(waitlistOfferMachine, {
  description:
    "The page of a waitlist entry's e-mails: where the person stands (and Leave, asked first), and a place offered to them, held until a time: booked at once when free for them, else paid by card; a refusal (the offer ran out, the place taken) reads the entry again and says why; an unknown link says so; a lost connection offers a retry.",
  inputs: {
    'a guest': { token: TOKEN, viewer: guest, origin: 'https://sixteen.ng' },
    'a signed-in member': {
      token: TOKEN,
      viewer: { signedIn: true, isMember: true, userId: '00000000-0000-4000-8000-000000000001' },
      origin: 'https://sixteen.ng',
    },
  },
  events: {
    'xstate.done.actor.loadOffer': [
      loaded('waiting'),
      loaded('offered'),
      loaded('offered', freeOfferEvent),
      loaded('booked'),
      loaded('left'),
      loaded('expired'),
    ],
    'xstate.error.actor.loadOffer': [
      { error: new ApiError(404, 'No waitlist entry has this link.') },
      connectionLost,
    ],
    'xstate.done.actor.reloadOffer': [
      loaded('offered'),
      loaded('offered', freeOfferEvent),
      loaded('expired'),
    ],
    'xstate.error.actor.reloadOffer': [connectionLost],
    ...callEndings('leaveWaitlist', [entry('left')], [connectionLost]),
    ...callEndings(
      'createBooking',
      [
        {
          id: '00000000-0000-4000-8000-0000000000b1',
          Event: sampleEvent.Name,
          EventId: sampleEvent.ID,
          Type: 'event',
          Date: '2026-11-22',
          'Time Slot': '4pm - 8pm',
          Venue: sampleEvent.Venue,
          Amount: 0,
          'Paid with': 'free',
          Visitors: 0,
          Status: 'confirmed',
          Ticket: '9b1e7c2a4d5f46e8a0c3b7d9e1f2a4c6',
        },
      ],
      [{ error: new ApiError(409, 'Sold out') }, connectionLost],
    ),
    'xstate.done.actor.checkout': [
      { output: { outcome: 'returned', error: null } },
      { output: { outcome: 'expired', error: new ApiError(401, 'Login session has expired') } },
      { output: { outcome: 'refused', error: new TypeError('Failed to fetch') } },
    ],
  },
})
