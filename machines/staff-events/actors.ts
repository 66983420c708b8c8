import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { StaffEvent } from '../event-editor/machine'

export const staffEventsActors = (api: Api) => ({
  loadEvents: fromPromise<StaffEvent[]>(async ({ signal }) => {
    const body = await expectData(api.GET('/staff/events', { signal }))
    return body.events
  }),
})
