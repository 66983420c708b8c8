import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import { shareDataOf } from '../rules/events'
import type { ShareOutcome } from './machine'

type Event = components['schemas']['Event']

export const eventDetailActors = (api: Api, siteName: string) => ({
  loadEvent: fromPromise<Event, { id: string }>(async ({ input, signal }) => {
    const body = await expectData(
      api.GET('/events/{id}', { params: { path: { id: input.id } }, signal }),
    )
    return body.data
  }),
  /**
   * The device's share sheet where the browser has one (phones); else, as on most desktops, the
   * link goes to the clipboard. Rejects when neither works.
   */
  shareEvent: fromPromise<ShareOutcome, { event: Event }>(async ({ input }) => {
    const data = shareDataOf(input.event, window.location.origin, siteName)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data)
        return 'shared'
      } catch (error) {
        // The person closed the sheet: nothing to say. Other refusals fall back to the copy.
        if (error instanceof DOMException && error.name === 'AbortError') return 'shared'
      }
    }
    await navigator.clipboard.writeText(data.url)
    return 'copied'
  }),
})
