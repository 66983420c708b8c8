import { fromPromise } from 'xstate'
import type { Api } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { Booking } from './machine'

/** Takes the place of a ticket asked for by e-mail: once, however often the answer is lost. */
export const ticketRequestActors = (api: Api) => ({
  takePlace: fromPromise<Booking, { code: string }>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) =>
        api.POST('/bookings/requests/{code}', {
          params: { path: { code: input.code } },
          ...attempt,
        }),
      signal,
    )
    return body.data
  }),
})
