import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { StaffDay } from './machine'

export const staffDayActors = (api: Api) => ({
  loadDay: fromPromise<StaffDay>(({ signal }) => expectData(api.GET('/staff/today', { signal }))),
})
