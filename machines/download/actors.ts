import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { DownloadAsk, DownloadedFile } from './machine'

/** The file name in a download's Content-Disposition ('attachment; filename="x.csv"'). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback
}

/** The call of each spreadsheet, as a blob (the bearer token goes as on every call). */
function ask(
  api: Api,
  { ask, day }: { ask: DownloadAsk; day: string | null },
  signal: AbortSignal,
) {
  return ask.kind === 'guests'
    ? api.GET('/staff/events/{id}/guests.csv', {
        params: { path: { id: ask.eventId }, query: day === null ? {} : { date: day } },
        parseAs: 'blob',
        signal,
      })
    : api.GET('/staff/bookings.csv', {
        params: { query: { date: ask.date } },
        parseAs: 'blob',
        signal,
      })
}

export const downloadActors = (api: Api) => ({
  downloadFile: fromPromise<DownloadedFile, { ask: DownloadAsk; day: string | null }>(
    async ({ input, signal }) => {
      const call = await ask(api, input, signal)
      const file = await expectData(Promise.resolve(call))
      const fallback =
        input.ask.kind === 'guests' ? `${input.ask.eventId}-guests.csv` : 'bookings.csv'
      return {
        fileName: fileNameOf(call.response.headers.get('content-disposition'), fallback),
        file,
      }
    },
  ),
})
