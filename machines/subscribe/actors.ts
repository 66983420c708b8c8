import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'

export const subscribeActors = (api: Api) => ({
  subscribe: fromPromise<void, { email: string }>(async ({ input, signal }) => {
    await expectData(api.POST('/mailing-list', { body: { email: input.email }, signal }))
  }),
})
