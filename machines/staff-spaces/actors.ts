import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { SpaceSave, StaffSpace } from './machine'

export const staffSpacesActors = (api: Api) => ({
  listSpaces: fromPromise<StaffSpace[]>(async ({ signal }) => {
    const body = await expectData(api.GET('/staff/spaces', { signal }))
    return body.spaces
  }),
  // A new one is made once, however often the answer is lost on the way (Idempotency-Key); a
  // change sends the whole form, which is the same change however often it arrives.
  saveSpace: fromPromise<StaffSpace, SpaceSave>(({ input, signal }) =>
    input.id === null
      ? writeOnce(
          (attempt) =>
            api.POST('/staff/spaces', {
              body: { kind: input.kind, ...input.draft },
              ...attempt,
            }),
          signal,
        )
      : expectData(
          api.PUT('/staff/spaces/{spaceId}', {
            params: { path: { spaceId: input.id } },
            body: input.draft,
            signal,
          }),
        ),
  ),
})
