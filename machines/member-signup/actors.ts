import { fromPromise } from 'xstate'
import type { Api } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { MemberSignupRequest } from './machine'

/** `api` must be a client without the stored token: the call is made without one (spec). */
export const memberSignupActors = (api: Api) => ({
  signupAsCommunityMember: fromPromise<void, MemberSignupRequest>(async ({ input, signal }) => {
    await writeOnce(
      (attempt) => api.POST('/accounts/signup-as-community-member', { body: input, ...attempt }),
      signal,
    )
  }),
})
