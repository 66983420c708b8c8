import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'

type Event = components['schemas']['Event']

export const calendarActors = (api: Api) => ({
  loadEvents: fromPromise<Event[]>(
    async ({ signal }) => (await expectData(api.GET('/events', { signal }))).data,
  ),
})
