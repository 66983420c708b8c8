import { staffAuditMachine } from '../../../machines/staff-audit/machine'
import { staffAuditModel } from '../../../machines/staff-audit/model'
import { defineViews } from './shared/define'
import { heading, loadStates, retryDriver, SHORT } from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/audit in each state, for the browser replay of the model's paths. The demo data's log is
// empty until staff act: the listed entry is the model's only, the empty log the real server's.
// Only tests import this.

const AUDIT = '**/api/staff/audit'

export const staffAuditViews = defineViews({
  model: staffAuditModel,
  machine: staffAuditMachine,
  starts: staffStarts('/staff/audit', AUDIT),
  events: {
    'xstate.done.actor.loadAudit': {
      accepts: (event, { start }) => start === STAFF && (event.output as unknown[]).length === 0,
      request: AUDIT,
    },
    'xstate.error.actor.loadAudit': staffCallError(AUDIT),
    'audit.retried': retryDriver(AUDIT),
  },
  states: {
    ...loadStates('Audit log', 'the audit log'),
    ready: async ({ page }) => {
      await heading(page, 'Audit log')
      await page
        .getByText(
          'Nothing yet: check-ins, decisions on applications and changes of the staff role show here.',
        )
        .waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
