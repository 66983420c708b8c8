import { setup } from 'xstate'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import type { StaffEvent } from '../event-editor/machine'
import { onFirstUse } from '../on-first-use'

/** /staff/events: every event, coming ones first, with its places booked. */
export const staffEventsMachine = onFirstUse(() =>
  setup({
    types: staffTypes<{ events: StaffEvent[] }, { type: 'events.retried' }>(),
    actors: {
      loadEvents: callStub<StaffEvent[]>('loadEvents'),
    },
    actions: loadCallActions,
    guards: staffGuards,
  }).createMachine({
    id: 'staffEvents',
    context: { events: [] },
    initial: 'loading',
    states: {
      loading: callState('loadEvents', {
        keep: 'events',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {},
      ...loadEndings('events.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
