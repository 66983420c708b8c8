import { fromPromise } from 'xstate'
import type { Api } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { CancelledBooking } from './machine'

export const bookingCancelActors = (api: Api) => ({
  // Cancelled once, however often the answer is lost on the way (Idempotency-Key).
  cancelBooking: fromPromise<CancelledBooking, { id: string }>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/bookings/cancel/{bookingId}', {
          params: { path: { bookingId: input.id } },
          ...attempt,
        }),
      signal,
    ),
  ),
})
