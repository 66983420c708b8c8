import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type StaffApplication = components['schemas']['StaffApplication']

/** The queue (waiting for a decision, oldest first) or the decided ones (latest first). */
export type ApplicationsShown = 'pending' | 'decided'

/**
 * /staff/applications: the applications waiting for a decision, oldest first, or those decided.
 * A 403 means the person is not staff.
 */
export const staffApplicationsMachine = onFirstUse(() =>
  setup({
    types: staffTypes<
      { shown: ApplicationsShown; applications: StaffApplication[] },
      { type: 'applications.retried' } | { type: 'tab.chosen'; shown: ApplicationsShown }
    >(),
    actors: {
      loadApplications: callStub<StaffApplication[], { shown: ApplicationsShown }>(
        'loadApplications',
      ),
    },
    actions: loadCallActions,
    guards: staffGuards,
  }).createMachine({
    id: 'staffApplications',
    context: { shown: 'pending', applications: [] },
    initial: 'loading',
    states: {
      loading: callState('loadApplications', {
        input: ({ context }) => ({ shown: context.shown }),
        keep: 'applications',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {
        on: {
          'tab.chosen': {
            guard: ({ context, event }) => event.shown !== context.shown,
            target: 'loading',
            actions: assign({ shown: ({ event }) => event.shown, applications: [] }),
          },
        },
      },
      ...loadEndings('applications.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
