import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../openapi/client'
import { debitWalletForBooking, initiateBookingPayment } from './booking-payment.actors'
import type { CoworkingOptions } from './coworking.machine'

type BookingInput = components['schemas']['BookingInput']

export const coworkingActors = (api: Api) => ({
  loadOptions: fromPromise<CoworkingOptions, { signedIn: boolean }>(async ({ input, signal }) => {
    const [spaces, days, wallets] = await Promise.all([
      expectData(api.GET('/schedules', { signal })),
      expectData(api.GET('/events/available-days', { signal })),
      // Balances only help: without them the wallet options still work, the server decides.
      input.signedIn
        ? expectData(api.GET('/wallets', { signal })).then(
            (body) => body.data,
            () => null,
          )
        : Promise.resolve(null),
    ])
    return { spaces: spaces.data, days: days.data, wallets }
  }),
  reserveSpot: fromPromise<unknown, { booking: BookingInput }>(async ({ input, signal }) => {
    const body = await expectData(api.POST('/bookings/rsvp', { body: input.booking, signal }))
    return body.data
  }),
  initiatePayment: initiateBookingPayment(api),
  debitWallet: debitWalletForBooking(api),
})
