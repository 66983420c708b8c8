import { staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type StaffApplication, staffApplicationsMachine } from './machine'

/** A waiting application as the staff calls list it, from one of our long names. */
export const pendingApplication: StaffApplication = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'community',
  status: 'pending',
  name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
  email: 'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng',
  appliedAt: '2026-11-22T10:15:00.000Z',
  community: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
  inviteCode: null,
  answers: [
    { label: 'First Name', value: 'Chukwuemekaoluwaseun' },
    { label: 'Last Name', value: 'Adebayo-Nwachukwu' },
    { label: 'Occupation', value: 'Printmaker' },
  ],
  decidedAt: null,
  decisionNote: null,
}

export const staffApplicationsModel = defineModel(staffApplicationsMachine, {
  description:
    'Staff read the applications waiting for a decision, oldest first (or none), and the decided ones; a failed read can be retried; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'front desk': undefined },
  events: {
    ...callEndings('loadApplications', [[pendingApplication], []], staffReadFailures),
    'tab.chosen': [{ shown: 'decided' }, { shown: 'pending' }],
  },
})
