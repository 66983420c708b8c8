import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../../openapi/client'
import { offerBookingCall } from '../../calls/ticket'
import { checkoutWithCalls } from '../../checkout/actors'
import type { LoadedOffer, WaitlistEntry } from './machine'

// The entry first (its event's id is in it), then the event.
const loadOffer = (api: Api) =>
  fromPromise<LoadedOffer, { token: string }>(async ({ input, signal }) => {
    const entry = await expectData(
      api.GET('/waitlist/{token}', { params: { path: { token: input.token } }, signal }),
    )
    const event = await expectData(
      api.GET('/events/{id}', { params: { path: { id: entry.eventId } }, signal }),
    )
    return { entry, event: event.data }
  })

export const waitlistOfferActors = (api: Api) => ({
  loadOffer: loadOffer(api),
  // The same read, again after a refusal.
  reloadOffer: loadOffer(api),
  leaveWaitlist: fromPromise<WaitlistEntry, { token: string }>(({ input, signal }) =>
    expectData(
      api.POST('/waitlist/{token}/leave', { params: { path: { token: input.token } }, signal }),
    ),
  ),
  createBooking: offerBookingCall(api),
  checkout: checkoutWithCalls(api),
})
