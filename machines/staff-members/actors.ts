import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { Extension, StaffMember } from './machine'

export const staffMembersActors = (api: Api) => ({
  searchMembers: fromPromise<StaffMember[], { query: string }>(async ({ input, signal }) => {
    const query = input.query ? { q: input.query } : {}
    const body = await expectData(api.GET('/staff/members', { params: { query }, signal }))
    return body.members
  }),
  // Extended once, however often the answer is lost on the way (Idempotency-Key).
  extend: fromPromise<StaffMember, Extension>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/staff/members/{memberId}/extension', {
          params: { path: { memberId: input.id } },
          body: { until: input.until, reason: input.reason },
          ...attempt,
        }),
      signal,
    ),
  ),
})
