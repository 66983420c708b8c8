import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { CancelledBooking } from '../booking-cancel/machine'
import { writeOnce } from '../calls/write-once'
import type { ManagedBooking } from './machine'

export const manageBookingActors = (api: Api) => ({
  loadBooking: fromPromise<ManagedBooking, { code: string }>(({ input, signal }) =>
    expectData(
      api.GET('/bookings/manage/{code}', { params: { path: { code: input.code } }, signal }),
    ),
  ),
})

/**
 * The booking-cancel flow's call, by the link's code instead of a login (its input's `id` is the
 * code): cancelled once, however often the answer is lost on the way.
 */
export const cancelByLinkActors = (api: Api) => ({
  cancelBooking: fromPromise<CancelledBooking, { id: string }>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/bookings/manage/{code}/cancel', {
          params: { path: { code: input.id } },
          ...attempt,
        }),
      signal,
    ),
  ),
})
