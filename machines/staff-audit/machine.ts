import { setup } from 'xstate'
import type { components } from '../../openapi/client'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

export type AuditEntry = components['schemas']['AuditEntry']

/** /staff/audit: what staff did, newest first. A 403 means the person is not staff. */
export const staffAuditMachine = onFirstUse(() =>
  setup({
    types: staffTypes<{ entries: AuditEntry[] }, { type: 'audit.retried' }>(),
    actors: {
      loadAudit: callStub<AuditEntry[]>('loadAudit'),
    },
    actions: loadCallActions,
    guards: staffGuards,
  }).createMachine({
    id: 'staffAudit',
    context: { entries: [] },
    initial: 'loading',
    states: {
      loading: callState('loadAudit', {
        keep: 'entries',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {},
      ...loadEndings('audit.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
