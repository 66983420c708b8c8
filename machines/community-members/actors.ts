import { fromPromise } from 'xstate'
import { type Api, ApiError, expectData } from '../../openapi/client'
import type { CommunityLoaded, MemberChange } from './machine'

export const communityMembersActors = (api: Api) => ({
  loadCommunity: fromPromise<CommunityLoaded>(async ({ signal }) => {
    const body = await expectData(api.GET('/communities', { signal }))
    return body.data[0] ?? null
  }),
  inviteMember: fromPromise<void, MemberChange>(async ({ input, signal }) => {
    const { error, response } = await api.POST('/communities/invite-members', {
      body: { communityId: input.communityId, members: [input.email] },
      signal,
    })
    if (!response.ok) throw new ApiError(response.status, messageOf(error, response.status))
  }),
  removeMember: fromPromise<void, MemberChange>(async ({ input, signal }) => {
    const { error, response } = await api.POST('/communities/remove-members', {
      body: { communityId: input.communityId, memberEmails: [input.email] },
      signal,
    })
    if (!response.ok) throw new ApiError(response.status, messageOf(error, response.status))
  }),
})

function messageOf(error: unknown, status: number): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message
  return `Request failed (${status})`
}
