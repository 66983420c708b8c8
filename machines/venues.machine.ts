import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../openapi/client'

type Space = components['schemas']['Space']

export interface Venues {
  spaces: Space[]
  studioItems: Space[]
}

/**
 * The spaces and print-studio items that decide whether 'Book a spot' and 'Print Studio' are
 * offered. Unknown venues offer nothing, so a failed load hides those links (and says so).
 */
export const venuesMachine = setup({
  types: {
    context: {} as Venues,
    events: {} as { type: 'venues.retry' },
    tags: {} as 'busy' | 'error',
  },
  actors: {
    loadVenues: fromPromise<Venues>(async () => {
      throw new Error('loadVenues is not provided')
    }),
  },
  actions: { logError: (_, _params: { error: unknown }) => {} },
}).createMachine({
  id: 'venues',
  context: { spaces: [], studioItems: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadVenues',
        src: 'loadVenues',
        onDone: { target: 'ready', actions: assign(({ event }) => event.output) },
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'venues.retry': 'loading' } },
  },
})
