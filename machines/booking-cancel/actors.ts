import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'
import type { CancelledBooking } from './machine'

export const bookingCancelActors = (api: Api) => ({
  // Cancelled once, however often the answer is lost on the way (Idempotency-Key).
  cancelBooking: fromPromise<CancelledBooking, { id: string }>(({ input, signal }) =>
    expectData(
      sendOnce(
        (attempt) =>
          api.POST('/bookings/cancel/{bookingId}', {
            params: { path: { bookingId: input.id } },
            ...attempt,
          }),
        { signal },
      ),
    ),
  ),
})
