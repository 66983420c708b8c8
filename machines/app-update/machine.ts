import { assign, setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

/**
 * A new version of the app, found by the service worker while a page of the old one is open. The
 * old page keeps working (the old worker still serves its code); the person is told, and the new
 * version takes over when they say so: the page reloads once the new worker is in charge.
 */
export const appUpdateMachine = onFirstUse(() =>
  setup({
    types: {
      /** The person said reload: a takeover that comes after the patience still reloads. */
      context: {} as { accepted: boolean },
      events: {} as
        | { type: 'update.found' }
        | { type: 'update.accepted' }
        | { type: 'update.dismissed' }
        | { type: 'update.activated' },
    },
    actions: {
      /** Tells the waiting worker to take over. */
      activateUpdate: () => {},
      reload: () => {},
    },
    guards: { hasAccepted: ({ context }) => context.accepted },
    delays: { activationPatience: 10_000 },
  }).createMachine({
    id: 'appUpdate',
    context: { accepted: false },
    initial: 'current',
    states: {
      current: { on: { 'update.found': 'ready' } },
      ready: {
        on: {
          'update.accepted': 'activating',
          'update.dismissed': 'later',
          // On a busy phone the new worker can take over after the patience ran out.
          'update.activated': { guard: 'hasAccepted', target: 'reloading' },
        },
      },
      // Asked again on the next page load, while the new version still waits.
      later: {},
      activating: {
        entry: ['activateUpdate', assign({ accepted: true })],
        on: { 'update.activated': 'reloading' },
        // A worker that never takes over (another tab holds the old one): offer it again.
        after: { activationPatience: 'ready' },
      },
      reloading: { type: 'final', entry: 'reload' },
    },
  }),
)
