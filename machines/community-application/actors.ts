import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'

type CommunityCreate = components['schemas']['CommunityCreate']

export const communityApplicationActors = (api: Api) => ({
  /** Sent with the bearer token when one is stored (the client adds it). */
  createCommunity: fromPromise<void, CommunityCreate>(async ({ input, signal }) => {
    await expectData(
      sendOnce((attempt) => api.POST('/communities/create', { body: input, ...attempt }), {
        signal,
      }),
    )
  }),
})
