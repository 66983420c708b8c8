import { fromPromise } from 'xstate'
import { type Api, expectData } from '../openapi/client'

export const calendarActors = (api: Api) => ({
  loadEvents: fromPromise(async ({ signal }) => (await expectData(api.GET('/events', { signal }))).data),
})
