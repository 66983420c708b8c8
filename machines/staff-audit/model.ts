import { staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type AuditEntry, staffAuditMachine } from './machine'

const entry: AuditEntry = {
  id: '00000000-0000-4000-8000-0000000000a1',
  at: '2026-11-24T09:05:00.000Z',
  actor: { name: 'Oluwaseun Adebayo-Okonkwo', email: 'staff@example.com' },
  action: 'check-in',
  subject: '00000000-0000-4000-8000-0000000000b1',
  record: {
    name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
    detail: 'Ticket for Rooftop Jazz, Tuesday, November 24, 2026, 4pm - 8pm',
  },
  changes: [
    { field: 'Checked in', before: 'Not yet', after: 'Nov 24, 2026, 10:05am' },
    { field: 'Checked in by', before: null, after: 'Oluwaseun Adebayo-Okonkwo' },
  ],
}

export const staffAuditModel = defineModel(staffAuditMachine, {
  description:
    'Staff read what staff did, newest first (or nothing yet); a failed read can be retried; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'front desk': undefined },
  events: callEndings('loadAudit', [[entry], []], staffReadFailures),
})
