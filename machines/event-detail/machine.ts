import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { errorParams, isStatus, logCallError } from '../calls/booking'
import { callState } from '../calls/call-state'
import { failedOnError, failedUntil, loadCallActions } from '../calls/member'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

type Event = components['schemas']['Event']

export interface EventDetailInput {
  id: string
  /** The event from navigation state or the page's HTML; null when it must be fetched. */
  event: Event | null
}

/** How a share ended: the device's share sheet took it (or was closed), or the link was copied. */
export type ShareOutcome = 'shared' | 'copied'

/**
 * The event page: shown at once from what the app already has (a calendar card's copy, the page's
 * HTML), else fetched by id; read again after a booking. Share opens the device's share sheet, or
 * where there is none copies the link and says so for a few seconds.
 */
export const eventDetailMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as EventDetailInput,
      context: {} as { id: string; event: Event | null },
      events: {} as
        | { type: 'event.shared' }
        | { type: 'event.retried' }
        | { type: 'event.refreshed' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadEvent: callStub<Event, { id: string }>('loadEvent'),
      shareEvent: callStub<ShareOutcome, { event: Event }>('shareEvent'),
    },
    actions: loadCallActions,
    guards: {
      hasEvent: ({ context }) => context.event !== null,
      isNotFound: isStatus(404),
      linkCopied: (_, params: { outcome: ShareOutcome }) => params.outcome === 'copied',
    },
    // Long enough to read 'Link copied' twice over, short enough not to stay in the way.
    delays: { shareNoteDuration: 4000 },
  }).createMachine({
    id: 'eventDetail',
    context: ({ input }) => ({ id: input.id, event: input.event }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'hasEvent', target: 'shown' }, { target: 'loading' }],
      },
      loading: callState('loadEvent', {
        input: ({ context }) => ({ id: context.id }),
        keep: 'event',
        target: 'shown',
        onError: [
          {
            guard: { type: 'isNotFound', params: errorParams },
            target: 'notFound',
          },
          failedOnError,
        ],
      }),
      shown: {
        type: 'parallel',
        states: {
          data: {
            initial: 'current',
            states: {
              current: { on: { 'event.refreshed': 'refreshing' } },
              // A booking changed the places left: read them again without hiding the page.
              refreshing: callState('loadEvent', {
                tags: [],
                input: ({ context }) => ({ id: context.id }),
                keep: 'event',
                target: 'current',
                onError: { target: 'current', actions: logCallError },
              }),
            },
          },
          share: {
            initial: 'idle',
            states: {
              idle: { on: { 'event.shared': 'sharing' } },
              sharing: {
                invoke: {
                  id: 'shareEvent',
                  src: 'shareEvent',
                  input: ({ context }) => ({ event: context.event as Event }),
                  onDone: [
                    {
                      guard: {
                        type: 'linkCopied',
                        params: ({ event }) => ({ outcome: event.output }),
                      },
                      target: 'copied',
                    },
                    { target: 'idle' },
                  ],
                  onError: 'notCopied',
                },
              },
              copied: {
                after: { shareNoteDuration: 'idle' },
                on: { 'event.shared': 'sharing' },
              },
              // No share sheet and the clipboard refused (an insecure page, a denied permission).
              notCopied: {
                after: { shareNoteDuration: 'idle' },
                on: { 'event.shared': 'sharing' },
              },
            },
          },
        },
      },
      notFound: { tags: ['error'] },
      failed: failedUntil('event.retried'),
    },
  }),
)
