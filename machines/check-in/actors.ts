import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import { ticketCodeHash } from '../rules/ticket-code'
import type { CheckIn, CheckInCall, OfflineCall } from './machine'
import { decideOffline, type OfflineAnswer, type PartyAtDoor, partyToCount } from './offline'

export const checkInActors = (api: Api) => ({
  // The scan as a door's queue of one: sent again after a lost answer, it is applied once.
  checkIn: fromPromise<CheckIn, CheckInCall>(async ({ input, signal }) => {
    const { results } = await expectData(
      api.POST('/staff/check-ins/sync', {
        body: { door: input.door, scans: [input.scan] },
        signal,
      }),
    )
    const [answer] = results
    if (!answer) throw new Error('The server answered no scan.')
    return answer.check
  }),
  decideOffline: fromPromise<OfflineAnswer | null, OfflineCall>(async ({ input }) => {
    const codeHash = await ticketCodeHash(input.scan.code)
    if (codeHash === null) return null
    return decideOffline(input.kept, { ...input.scan, codeHash })
  }),
  findParty: fromPromise<PartyAtDoor | null, OfflineCall>(async ({ input }) => {
    const codeHash = await ticketCodeHash(input.scan.code)
    if (codeHash === null) return null
    return partyToCount(input.kept, { ...input.scan, codeHash })
  }),
})
