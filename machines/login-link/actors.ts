import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'

export const loginLinkActors = (api: Api) => ({
  requestLoginLink: fromPromise<void, { email: string }>(async ({ input, signal }) => {
    await expectData(api.POST('/accounts/login', { body: { email: input.email }, signal }))
  }),
})
