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

/** The other tab: its applications are read. */
const TAB_CHOSEN = { guard: 'isOtherTab', target: 'loading', actions: 'showTab' } as const

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
    actions: {
      ...loadCallActions,
      showTab: assign({
        shown: ({ context, event }) => (event.type === 'tab.chosen' ? event.shown : context.shown),
        applications: [],
      }),
    },
    guards: {
      ...staffGuards,
      isOtherTab: ({ context, event }) =>
        event.type === 'tab.chosen' && event.shown !== context.shown,
    },
  }).createMachine({
    id: 'staffApplications',
    context: { shown: 'pending', applications: [] },
    initial: 'loading',
    states: {
      loading: {
        ...callState('loadApplications', {
          input: ({ context }) => ({ shown: context.shown }),
          keep: 'applications',
          target: 'ready',
          onError: staffReadFailed,
        }),
        // The other tab chosen while one is read: the other is read instead.
        on: { 'tab.chosen': { ...TAB_CHOSEN, reenter: true } },
      },
      ready: { on: { 'tab.chosen': TAB_CHOSEN } },
      ...loadEndings('applications.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
