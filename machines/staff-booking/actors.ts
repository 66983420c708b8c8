import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { StaffBooking } from '../staff-bookings/machine'

export const staffBookingActors = (api: Api) => ({
  loadBooking: fromPromise<StaffBooking, { id: string }>(({ input, signal }) =>
    expectData(
      api.GET('/staff/bookings/{bookingId}', {
        params: { path: { bookingId: input.id } },
        signal,
      }),
    ),
  ),
})
