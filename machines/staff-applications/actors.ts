import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { ApplicationsShown, StaffApplication } from './machine'

export const staffApplicationsActors = (api: Api) => ({
  loadApplications: fromPromise<StaffApplication[], { shown: ApplicationsShown }>(
    async ({ input, signal }) => {
      const body = await expectData(
        api.GET('/staff/applications', { params: { query: { status: input.shown } }, signal }),
      )
      return body.applications
    },
  ),
})
