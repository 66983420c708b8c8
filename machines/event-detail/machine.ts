import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { ApiError } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

type Event = components['schemas']['Event']

export interface EventDetailInput {
  id: string
  /** The event from navigation state or the page's HTML; null when it must be fetched. */
  event: Event | null
}

/** The event page: shown at once from what the app already has, else fetched by id. */
export const eventDetailMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as EventDetailInput,
      context: {} as { id: string; event: Event | null },
      events: {} as { type: 'event.share' } | { type: 'event.retry' } | { type: 'event.refresh' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadEvent: callStub<Event, { id: string }>('loadEvent'),
    },
    actions: {
      shareEvent: (_, _params: { event: Event }) => {},
      ...loadCallActions,
    },
    guards: {
      hasEvent: ({ context }) => context.event !== null,
      isNotFound: (_, params: { error: unknown }) =>
        params.error instanceof ApiError && params.error.status === 404,
    },
  }).createMachine({
    id: 'eventDetail',
    context: ({ input }) => ({ id: input.id, event: input.event }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'hasEvent', target: 'shown' }, { target: 'loading' }],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadEvent',
          src: 'loadEvent',
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'shown', actions: assign({ event: ({ event }) => event.output }) },
          onError: [
            {
              guard: { type: 'isNotFound', params: errorParams },
              target: 'notFound',
            },
            failedOnError,
          ],
        },
      },
      shown: {
        on: {
          'event.share': {
            actions: {
              type: 'shareEvent',
              params: ({ context }) => ({ event: context.event as Event }),
            },
          },
          'event.refresh': 'refreshing',
        },
      },
      // Navigation state may be stale (places sell out): refresh without hiding the page.
      refreshing: {
        on: {
          'event.share': {
            actions: {
              type: 'shareEvent',
              params: ({ context }) => ({ event: context.event as Event }),
            },
          },
        },
        invoke: {
          id: 'loadEvent',
          src: 'loadEvent',
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'shown', actions: assign({ event: ({ event }) => event.output }) },
          onError: { target: 'shown', actions: logCallError },
        },
      },
      notFound: { tags: ['error'] },
      failed: failedUntil('event.retry'),
    },
  }),
)
