import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { LoadedBookings, PastBooking } from './machine'

export const bookingsListActors = (api: Api) => ({
  loadBookings: fromPromise<LoadedBookings, { email: string | null }>(async ({ input, signal }) => {
    // Storage may lack the e-mail (an older login): the profile says whose bookings to read.
    const email =
      input.email ??
      (await expectData(api.GET('/accounts/profile', { signal }))).account['Email Address']
    const body = await expectData(
      api.GET('/bookings/{email}', { params: { path: { email } }, signal }),
    )
    return { email, bookings: body.bookings }
  }),
  loadPastBookings: fromPromise<PastBooking[], { email: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/bookings/dump/{email}', { params: { path: { email: input.email } }, signal }),
    )
    return body.data
  }),
})
