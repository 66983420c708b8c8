import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'
import { checkoutWithCalls, loadBookingWallets } from '../checkout/actors'

type Booking = components['schemas']['Booking']
type BookingInput = components['schemas']['BookingInput']

export const rsvpActors = (api: Api) => ({
  createBooking: fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const body = await expectData(
      sendOnce((attempt) => api.POST('/bookings/rsvp', { body: input, ...attempt }), { signal }),
    )
    return body.data
  }),
  checkout: checkoutWithCalls(api),
  loadWallets: loadBookingWallets(api),
})
