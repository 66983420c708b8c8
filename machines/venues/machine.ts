import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

type Space = components['schemas']['Space']

export interface Venues {
  spaces: Space[]
  studioItems: Space[]
}

export interface VenuesInput {
  /** The venues the page's HTML carries; null when they must be fetched. */
  venues: Venues | null
}

/**
 * The spaces and print-studio items that decide whether 'Book a spot' and 'Print Studio' are
 * offered. Unknown venues offer nothing, so a failed load hides those links (and says so).
 */
export const venuesMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as VenuesInput,
      /** known: the venues came with the page or from a load (none known offers nothing). */
      context: {} as Venues & { known: boolean },
      events: {} as { type: 'venues.retried' },
      tags: {} as 'busy' | 'error',
    },
    actors: {
      loadVenues: callStub<Venues>('loadVenues'),
    },
    actions: { logError: (_, _params: { error: unknown }) => {} },
    guards: { isKnown: ({ context }) => context.known },
  }).createMachine({
    id: 'venues',
    context: ({ input }) =>
      input.venues
        ? { ...input.venues, known: true }
        : { spaces: [], studioItems: [], known: false },
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'isKnown', target: 'ready' }, { target: 'loading' }],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadVenues',
          src: 'loadVenues',
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({ ...event.output, known: true })),
          },
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      ready: {},
      failed: { tags: ['error'], on: { 'venues.retried': 'loading' } },
    },
  }),
)
