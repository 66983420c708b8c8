import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { InviteFields } from './machine'

export const inviteActors = (api: Api) => ({
  getInvite: fromPromise<InviteFields, { code: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/invites/{code}', { params: { path: { code: input.code } }, signal }),
    )
    return body.data.fields
  }),
})
