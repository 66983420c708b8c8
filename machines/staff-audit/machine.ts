import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { failedOnError, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { forbiddenGuards, refusedOn403 } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type AuditEntry = components['schemas']['AuditEntry']

/** /staff/audit: what staff did, newest first. A 403 means the person is not staff. */
export const staffAuditMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as { entries: AuditEntry[] },
      events: {} as { type: 'audit.retry' },
      tags: {} as 'busy' | 'error' | 'expired' | 'forbidden',
    },
    actors: {
      loadAudit: callStub<AuditEntry[]>('loadAudit'),
    },
    actions: loadCallActions,
    guards: { ...sessionGuards, ...forbiddenGuards },
  }).createMachine({
    id: 'staffAudit',
    context: { entries: [] },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadAudit',
          src: 'loadAudit',
          onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output }) },
          onError: [expiredOn401, refusedOn403, failedOnError],
        },
      },
      ready: {},
      ...loadEndings('audit.retry'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
