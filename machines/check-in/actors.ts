import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { CheckIn } from './machine'

export const checkInActors = (api: Api) => ({
  checkIn: fromPromise<CheckIn, { code: string }>(({ input, signal }) =>
    expectData(api.POST('/staff/check-ins', { body: { code: input.code }, signal })),
  ),
})
