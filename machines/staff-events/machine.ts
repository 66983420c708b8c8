import { assign, setup } from 'xstate'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403 } from '../calls/staff'
import { callStub } from '../calls/stub'
import type { StaffEvent } from '../event-editor/machine'
import { onFirstUse } from '../on-first-use'

/** /staff/events: every event, coming ones first, with its places booked. */
export const staffEventsMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { events: StaffEvent[] },
      events: {} as { type: 'events.retry' },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden',
    },
    actors: {
      loadEvents: callStub<StaffEvent[]>('loadEvents'),
    },
    actions: loadCallActions,
    guards: { ...sessionGuards, ...forbiddenGuards },
  }).createMachine({
    id: 'staffEvents',
    context: { events: [] },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadEvents',
          src: 'loadEvents',
          onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output }) },
          onError: [expiredOn401, refusedOn403, failedOnError],
        },
      },
      ready: {},
      ...loadEndings('events.retry'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
