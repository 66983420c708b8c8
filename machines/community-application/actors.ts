import { fromPromise } from 'xstate'
import type { Api, components } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'

type CommunityCreate = components['schemas']['CommunityCreate']

export const communityApplicationActors = (api: Api) => ({
  /** Sent with the bearer token when one is stored (the client adds it). */
  createCommunity: fromPromise<void, CommunityCreate>(async ({ input, signal }) => {
    await writeOnce(
      (attempt) => api.POST('/communities/create', { body: input, ...attempt }),
      signal,
    )
  }),
})
