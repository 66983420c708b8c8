import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { writeOnce } from '../calls/write-once'
import type { EventDraft } from '../rules/event-draft'
import type { StaffEvent, StaffWaitlist } from './machine'

const at = (id: string) => ({ path: { id } })

export const eventEditorActors = (api: Api) => ({
  loadEvent: fromPromise<StaffEvent, { id: string }>(({ input, signal }) =>
    expectData(api.GET('/staff/events/{id}', { params: at(input.id), signal })),
  ),
  // A new event is made once, however often the answer is lost (Idempotency-Key); a change sends
  // every field, so sending it again changes nothing more.
  saveEvent: fromPromise<StaffEvent, { id: string | null; draft: EventDraft }>(
    ({ input, signal }) =>
      input.id === null
        ? writeOnce(
            (attempt) => api.POST('/staff/events', { body: input.draft, ...attempt }),
            signal,
          )
        : expectData(
            api.PUT('/staff/events/{id}', { params: at(input.id), body: input.draft, signal }),
          ),
  ),
  loadWaitlist: fromPromise<StaffWaitlist, { id: string }>(({ input, signal }) =>
    expectData(api.GET('/staff/events/{id}/waitlist', { params: at(input.id), signal })),
  ),
  // The file itself is the body, as the camera roll gives it.
  uploadPoster: fromPromise<StaffEvent, { id: string; file: Blob }>(({ input, signal }) =>
    expectData(
      api.PUT('/staff/events/{id}/poster', {
        params: at(input.id),
        body: input.file as unknown as string,
        bodySerializer: (file: unknown) => file as BodyInit,
        headers: { 'Content-Type': input.file.type || 'application/octet-stream' },
        signal,
      }),
    ),
  ),
})
