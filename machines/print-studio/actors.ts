import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { checkoutWithCalls, loadBookingWallets } from '../checkout/actors'
import type { StudioOptions } from './machine'

/** Whether the studio takes bookings and on which days, loaded together. */
export const loadStudioOptions = (api: Api) =>
  fromPromise<StudioOptions>(async ({ signal }) => {
    const [items, days] = await Promise.all([
      expectData(api.GET('/schedules/print-studio', { signal })),
      expectData(api.GET('/events/available-days/print-studio', { signal })),
    ])
    return { items: items.data, days: days.data }
  })

export const printStudioActors = (api: Api) => ({
  loadStudio: loadStudioOptions(api),
  checkout: checkoutWithCalls(api),
  loadWallets: loadBookingWallets(api),
})
