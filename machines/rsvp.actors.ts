import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../openapi/client'
import type { BookingPayment } from './rsvp.machine'

type Booking = components['schemas']['Booking']
type BookingInput = components['schemas']['BookingInput']
type WalletDebit = components['schemas']['WalletDebit']

export const rsvpActors = (api: Api) => ({
  createBooking: fromPromise<Booking, BookingInput>(async ({ input, signal }) => {
    const body = await expectData(api.POST('/bookings/rsvp', { body: input, signal }))
    return body.data
  }),
  /** Answers the provider's checkout address. */
  initiatePayment: fromPromise<string, BookingPayment>(async ({ input, signal }) => {
    const body = await expectData(api.POST('/payments/initiate', { body: input, signal }))
    return body.data.authorization_url
  }),
  debitWallet: fromPromise<Booking, { walletId: string; body: WalletDebit }>(
    async ({ input, signal }) => {
      const body = await expectData(
        api.POST('/wallets/debit/{walletId}', {
          params: { path: { walletId: input.walletId } },
          body: input.body,
          signal,
        }),
      )
      return body.data.booking
    },
  ),
})
