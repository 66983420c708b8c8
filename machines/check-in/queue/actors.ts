import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../../openapi/client'
import type { DoorList, DoorScanResult, SyncBatch } from './machine'

export const checkInQueueActors = (api: Api) => ({
  loadDoorList: fromPromise<DoorList>(({ signal }) =>
    expectData(api.GET('/staff/check-ins/list', { signal })),
  ),
  syncScans: fromPromise<DoorScanResult[], SyncBatch>(async ({ input, signal }) => {
    const { results } = await expectData(api.POST('/staff/check-ins/sync', { body: input, signal }))
    return results
  }),
})
