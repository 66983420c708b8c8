import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { GuestListFile } from './machine'

/** The file name in a download's Content-Disposition ('attachment; filename="x.csv"'). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback
}

export const guestListActors = (api: Api) => ({
  downloadGuestList: fromPromise<GuestListFile, { eventId: string; day: string | null }>(
    async ({ input, signal }) => {
      let disposition: string | null = null
      const file = await expectData(
        api
          .GET('/staff/events/{id}/guests.csv', {
            params: {
              path: { id: input.eventId },
              query: input.day === null ? {} : { date: input.day },
            },
            parseAs: 'blob',
            signal,
          })
          .then((result) => {
            disposition = result.response.headers.get('content-disposition')
            return result
          }),
      )
      return { fileName: fileNameOf(disposition, `${input.eventId}-guests.csv`), file }
    },
  ),
})
