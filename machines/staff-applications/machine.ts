import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403 } from '../calls/staff'
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
    types: {
      context: {} as { shown: ApplicationsShown; applications: StaffApplication[] },
      events: {} as
        | { type: 'applications.retry' }
        | { type: 'applications.show'; shown: ApplicationsShown },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden',
    },
    actors: {
      loadApplications: callStub<StaffApplication[], { shown: ApplicationsShown }>(
        'loadApplications',
      ),
    },
    actions: loadCallActions,
    guards: { ...sessionGuards, ...forbiddenGuards },
  }).createMachine({
    id: 'staffApplications',
    context: { shown: 'pending', applications: [] },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadApplications',
          src: 'loadApplications',
          input: ({ context }) => ({ shown: context.shown }),
          onDone: {
            target: 'ready',
            actions: assign({ applications: ({ event }) => event.output }),
          },
          onError: [expiredOn401, refusedOn403, failedOnError],
        },
      },
      ready: {
        on: {
          'applications.show': {
            guard: ({ context, event }) => event.shown !== context.shown,
            target: 'loading',
            actions: assign({ shown: ({ event }) => event.shown, applications: [] }),
          },
        },
      },
      ...loadEndings('applications.retry'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
