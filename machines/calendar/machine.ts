import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { callState } from '../calls/call-state'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

type Event = components['schemas']['Event']

export interface CalendarInput {
  /** Events the page's HTML already carried; null when the app must fetch them. */
  initialEvents: Event[] | null
  /**
   * When the events the page shows were known, for a page the phone kept (the service worker's
   * copy, src/service-worker/): the server's clock when it rendered. Null for a page fresh from
   * the network.
   */
  knownAt?: string | null
}

/**
 * The calendar: shows the events at once when the HTML carried them, else loads them. A page
 * the phone kept (the service worker answers at once, even offline) shows what it knew, says
 * since when, and brings the list up to date in place.
 */
export const calendarMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CalendarInput,
      context: {} as { events: Event[] | null; knownAt: string | null },
      events: {} as { type: 'events.refreshed' } | { type: 'events.retried' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadEvents: callStub<Event[]>('loadEvents'),
    },
    actions: {
      ...loadCallActions,
    },
    guards: {
      hasEvents: ({ context }) => (context.events?.length ?? 0) > 0,
      isLoaded: ({ context }) => context.events !== null,
      isOutOfDate: ({ context }) => context.knownAt !== null,
    },
  }).createMachine({
    id: 'calendar',
    context: ({ input }) => ({
      events: input.initialEvents,
      knownAt: input.initialEvents === null ? null : (input.knownAt ?? null),
    }),
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: 'isOutOfDate', target: 'refreshing' },
          { guard: 'hasEvents', target: 'listed' },
          { guard: 'isLoaded', target: 'empty' },
          { target: 'loading' },
        ],
      },
      loading: callState('loadEvents', {
        keep: 'events',
        target: 'starting',
        onError: failedOnError,
      }),
      listed: { on: { 'events.refreshed': 'refreshing' } },
      empty: { on: { 'events.refreshed': 'refreshing' } },
      // A background refresh keeps the list on screen; a failure keeps the last good list.
      refreshing: {
        invoke: {
          id: 'loadEvents',
          src: 'loadEvents',
          onDone: {
            target: 'starting',
            actions: assign({ events: ({ event }) => event.output, knownAt: null }),
          },
          onError: [
            { guard: 'isOutOfDate', target: 'outOfDate', actions: logCallError },
            { target: 'starting', actions: logCallError },
          ],
        },
      },
      // The kept list, said to be as of `knownAt`, until a refresh gets through (back online).
      outOfDate: { on: { 'events.refreshed': 'refreshing' } },
      failed: failedUntil('events.retried'),
    },
  }),
)
