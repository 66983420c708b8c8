import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { AuditEntry } from './machine'

export const staffAuditActors = (api: Api) => ({
  loadAudit: fromPromise<AuditEntry[]>(async ({ signal }) => {
    const body = await expectData(api.GET('/staff/audit', { signal }))
    return body.entries
  }),
})
