import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { DayBookings } from './machine'

export const staffBookingsActors = (api: Api) => ({
  searchBookings: fromPromise<DayBookings, { date: string | null; query: string }>(
    ({ input, signal }) =>
      expectData(
        api.GET('/staff/bookings', {
          params: {
            query: {
              ...(input.date ? { date: input.date } : {}),
              ...(input.query ? { q: input.query } : {}),
            },
          },
          signal,
        }),
      ),
  ),
})
