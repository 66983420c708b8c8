import { fromPromise } from 'xstate'
import { type Api, expectData } from '../openapi/client'
import type { ApplicationRequest } from './application.machine'

export const applicationActors = (api: Api) => ({
  /** With an invite code the invite is claimed; otherwise a new application is sent. */
  submitApplication: fromPromise<void, ApplicationRequest>(async ({ input, signal }) => {
    if (input.code) {
      await expectData(
        api.POST('/invites/claim/{code}', {
          params: { path: { code: input.code } },
          body: input.application,
          signal,
        }),
      )
    } else {
      await expectData(
        api.POST('/applications/create-application', { body: input.application, signal }),
      )
    }
  }),
})
