import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { logCallError } from '../calls/booking'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

type Event = components['schemas']['Event']

export interface CalendarInput {
  /** Events the page's HTML already carried; null when the app must fetch them. */
  initialEvents: Event[] | null
}

/** The calendar: shows the events at once when the HTML carried them, else loads them. */
export const calendarMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CalendarInput,
      context: {} as { events: Event[] | null },
      events: {} as { type: 'events.refresh' } | { type: 'events.retry' },
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
    },
  }).createMachine({
    id: 'calendar',
    context: ({ input }) => ({ events: input.initialEvents }),
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: 'hasEvents', target: 'listed' },
          { guard: 'isLoaded', target: 'empty' },
          { target: 'loading' },
        ],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadEvents',
          src: 'loadEvents',
          onDone: { target: 'starting', actions: assign({ events: ({ event }) => event.output }) },
          onError: failedOnError,
        },
      },
      listed: { on: { 'events.refresh': 'refreshing' } },
      empty: { on: { 'events.refresh': 'refreshing' } },
      // A background refresh keeps the list on screen; a failure keeps the last good list.
      refreshing: {
        invoke: {
          id: 'loadEvents',
          src: 'loadEvents',
          onDone: { target: 'starting', actions: assign({ events: ({ event }) => event.output }) },
          onError: { target: 'starting', actions: logCallError },
        },
      },
      failed: failedUntil('events.retry'),
    },
  }),
)
