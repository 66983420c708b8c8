import { setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

/**
 * A new version of the app, found by the service worker while a page of the old one is open. The
 * old page keeps working (the old worker still serves its code); the person is told, and the new
 * version takes over when they say so: the page reloads once the new worker is in charge.
 */
export const appUpdateMachine = onFirstUse(() =>
  setup({
    types: {
      events: {} as
        | { type: 'update.found' }
        | { type: 'update.accepted' }
        | { type: 'update.dismissed' }
        | { type: 'update.active' },
    },
    actions: {
      /** Tells the waiting worker to take over. */
      activateUpdate: () => {},
      reload: () => {},
    },
    delays: { activationPatience: 10_000 },
  }).createMachine({
    id: 'appUpdate',
    initial: 'current',
    states: {
      current: { on: { 'update.found': 'ready' } },
      ready: { on: { 'update.accepted': 'activating', 'update.dismissed': 'later' } },
      // Asked again on the next page load, while the new version still waits.
      later: {},
      activating: {
        entry: 'activateUpdate',
        on: { 'update.active': 'reloading' },
        // A worker that never takes over (another tab holds the old one): offer it again.
        after: { activationPatience: 'ready' },
      },
      reloading: { type: 'final', entry: 'reload' },
    },
  }),
)
