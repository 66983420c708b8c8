import { fromPromise } from 'xstate'
import type { Api } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { ApplicationRequest } from './machine'

export const applicationActors = (api: Api) => ({
  /** With an invite code the invite is claimed; otherwise a new application is sent. */
  submitApplication: fromPromise<void, ApplicationRequest>(async ({ input, signal }) => {
    if (input.code) {
      const code = input.code
      await writeOnce(
        (attempt) =>
          api.POST('/invites/claim/{code}', {
            params: { path: { code } },
            body: input.application,
            ...attempt,
          }),
        signal,
      )
    } else {
      await writeOnce(
        (attempt) =>
          api.POST('/applications/create-application', { body: input.application, ...attempt }),
        signal,
      )
    }
  }),
})
