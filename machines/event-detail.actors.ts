import { fromPromise } from 'xstate'
import { type Api, expectData } from '../openapi/client'

export const eventDetailActors = (api: Api) => ({
  loadEvent: fromPromise(async ({ input, signal }: { input: { id: string }; signal: AbortSignal }) => {
    const body = await expectData(
      api.GET('/events/{id}', { params: { path: { id: input.id } }, signal }),
    )
    return body.data
  }),
})
