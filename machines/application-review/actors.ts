import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { StaffApplication } from '../staff-applications/machine'

const at = (id: string) => ({ path: { applicationId: id } })

export const applicationReviewActors = (api: Api) => ({
  loadApplication: fromPromise<StaffApplication, { id: string }>(({ input, signal }) =>
    expectData(api.GET('/staff/applications/{applicationId}', { params: at(input.id), signal })),
  ),
  // A decision is made once, however often its answer is lost on the way (Idempotency-Key).
  approve: fromPromise<StaffApplication, { id: string }>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/staff/applications/{applicationId}/approve', {
          params: at(input.id),
          ...attempt,
        }),
      signal,
    ),
  ),
  decline: fromPromise<StaffApplication, { id: string; note: string }>(({ input, signal }) =>
    writeOnce(
      (attempt) =>
        api.POST('/staff/applications/{applicationId}/decline', {
          params: at(input.id),
          body: { note: input.note },
          ...attempt,
        }),
      signal,
    ),
  ),
})
