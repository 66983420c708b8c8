import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'

type Event = components['schemas']['Event']

export const eventDetailActors = (api: Api) => ({
  loadEvent: fromPromise<Event, { id: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/events/{id}', { params: { path: { id: input.id } }, signal }),
    )
    return body.data
  }),
})
