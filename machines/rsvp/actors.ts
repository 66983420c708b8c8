import type { Api } from '../../openapi/client'
import { createBookingCall } from '../calls/ticket'
import { checkoutWithCalls, loadBookingWallets } from '../checkout/actors'

export const rsvpActors = (api: Api) => ({
  createBooking: createBookingCall(api),
  checkout: checkoutWithCalls(api),
  loadWallets: loadBookingWallets(api),
})
