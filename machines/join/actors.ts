import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { sendOnce } from '../../openapi/send-once'
import type { JoinOutcome } from './machine'

export const joinActors = (api: Api) => ({
  joinCommunity: fromPromise<JoinOutcome, { communityId: string }>(async ({ input, signal }) => {
    const body = await expectData(
      sendOnce(
        (attempt) =>
          api.POST('/communities/join', { body: { communityId: input.communityId }, ...attempt }),
        { signal },
      ),
    )
    return { status: body.status }
  }),
})
