import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { MemberProfile } from '../profile/machine'

export const communitySizeActors = (api: Api) => ({
  loadCommunity: fromPromise<MemberProfile>(async ({ signal }) => {
    const profile = await expectData(api.GET('/accounts/profile', { signal }))
    const body = await expectData(api.GET('/communities', { signal }))
    return { account: profile.account, community: body.data[0] ?? null }
  }),
  saveSize: fromPromise<unknown, { communityId: string; numberOfMembers: number }>(
    async ({ input, signal }) =>
      expectData(
        api.POST('/communities/number-of-members', {
          body: {
            communityId: input.communityId,
            numberOfMembers: input.numberOfMembers as 4 | 6 | 8,
          },
          signal,
        }),
      ),
  ),
})
