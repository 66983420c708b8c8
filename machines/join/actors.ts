import { fromPromise } from 'xstate'
import type { Api } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { JoinOutcome } from './machine'

export const joinActors = (api: Api) => ({
  joinCommunity: fromPromise<JoinOutcome, { communityId: string }>(async ({ input, signal }) => {
    const body = await writeOnce(
      (attempt) =>
        api.POST('/communities/join', { body: { communityId: input.communityId }, ...attempt }),
      signal,
    )
    return { status: body.status }
  }),
})
