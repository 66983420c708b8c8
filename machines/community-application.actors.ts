import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../openapi/client'

type CommunityCreate = components['schemas']['CommunityCreate']

export const communityApplicationActors = (api: Api) => ({
  /** Sent with the bearer token when one is stored (the client adds it). */
  createCommunity: fromPromise<void, CommunityCreate>(async ({ input, signal }) => {
    await expectData(api.POST('/communities/create', { body: input, signal }))
  }),
})
