import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../../openapi/client'
import { writeOnce } from '../../calls/write-once'
import type { WaitlistEntry } from './machine'

type WaitlistJoin = components['schemas']['WaitlistJoin']

export const waitlistJoinActors = (api: Api) => ({
  // Joined once, however often the answer is lost on the way (Idempotency-Key).
  joinWaitlist: fromPromise<WaitlistEntry, { eventId: string; body: WaitlistJoin }>(
    ({ input, signal }) =>
      writeOnce(
        (attempt) =>
          api.POST('/events/{id}/waitlist', {
            params: { path: { id: input.eventId } },
            body: input.body,
            ...attempt,
          }),
        signal,
      ),
  ),
  loadEntry: fromPromise<WaitlistEntry, { token: string }>(({ input, signal }) =>
    expectData(api.GET('/waitlist/{token}', { params: { path: { token: input.token } }, signal })),
  ),
})
