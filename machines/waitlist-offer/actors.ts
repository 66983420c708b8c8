import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'
import { checkoutWithCalls } from '../checkout/actors'
import type { LoadedOffer, WaitlistEntry } from './machine'

type Booking = components['schemas']['Booking']
type BookingInput = components['schemas']['BookingInput']

export const waitlistOfferActors = (api: Api) => ({
  // The entry first (its event's id is in it), then the event.
  loadOffer: fromPromise<LoadedOffer, { token: string }>(async ({ input, signal }) => {
    const entry = await expectData(
      api.GET('/waitlist/{token}', { params: { path: { token: input.token } }, signal }),
    )
    const event = await expectData(
      api.GET('/events/{id}', { params: { path: { id: entry.eventId } }, signal }),
    )
    return { entry, event: event.data }
  }),
  leaveWaitlist: fromPromise<WaitlistEntry, { token: string }>(({ input, signal }) =>
    expectData(
      api.POST('/waitlist/{token}/leave', { params: { path: { token: input.token } }, signal }),
    ),
  ),
  // Booked once, however often the answer is lost on the way (Idempotency-Key).
  createBooking: fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const body = await expectData(
      sendOnce((attempt) => api.POST('/bookings/rsvp', { body: input, ...attempt }), { signal }),
    )
    return body.data
  }),
  checkout: checkoutWithCalls(api),
})
