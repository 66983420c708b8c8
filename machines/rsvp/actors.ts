import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'
import type { WalletDebitRequest } from '../calls/booking'
import { initiateBookingPayment, loadBookingWallets, postWalletDebit } from '../checkout/actors'

type Booking = components['schemas']['Booking']
type BookingInput = components['schemas']['BookingInput']

export const rsvpActors = (api: Api) => ({
  createBooking: fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const body = await expectData(
      sendOnce((attempt) => api.POST('/bookings/rsvp', { body: input, ...attempt }), { signal }),
    )
    return body.data
  }),
  initiatePayment: initiateBookingPayment(api),
  debitWallet: fromPromise<Booking, WalletDebitRequest>(async ({ input, signal }) => {
    const body = await postWalletDebit(api, input, signal)
    return body.data.booking
  }),
  loadWallets: loadBookingWallets(api),
})
