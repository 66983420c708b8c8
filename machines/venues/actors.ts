import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { Venues } from './machine'

export const venuesActors = (api: Api) => ({
  loadVenues: fromPromise<Venues>(async ({ signal }) => {
    const [spaces, studioItems] = await Promise.all([
      expectData(api.GET('/schedules', { signal })),
      expectData(api.GET('/schedules/print-studio', { signal })),
    ])
    return { spaces: spaces.data, studioItems: studioItems.data }
  }),
})
