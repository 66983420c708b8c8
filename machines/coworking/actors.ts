import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import { checkoutWithCalls, loadBookingWallets } from '../checkout/actors'
import type { CoworkingOptions } from './machine'

type BookingInput = components['schemas']['BookingInput']

export const coworkingActors = (api: Api) => ({
  loadOptions: fromPromise<CoworkingOptions>(async ({ signal }) => {
    const [spaces, days] = await Promise.all([
      expectData(api.GET('/schedules', { signal })),
      expectData(api.GET('/events/available-days', { signal })),
    ])
    return { spaces: spaces.data, days: days.data }
  }),
  reserveSpot: fromPromise<unknown, { booking: BookingInput }>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) => api.POST('/bookings/rsvp', { body: input.booking, ...attempt }),
      signal,
    )
    return body.data
  }),
  checkout: checkoutWithCalls(api),
  loadWallets: loadBookingWallets(api),
})
