import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded, staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type StaffMember, staffMembersMachine } from './machine'

/** Kemi, whose membership ends in 12 days, as the staff's search lists her. */
export const kemi: StaffMember = {
  id: '00000000-0000-4000-8000-0000000000f1',
  name: 'Kemi Adeyemi',
  email: 'kemi@example.com',
  phone: '+234 803 555 0103',
  role: 'Member',
  status: 'active',
  plan: 'Individual · 1 year',
  expiry: '2026-12-06T22:59:59.999Z',
}

/** To the end of 6 January 2027 in Lagos. */
export const EXTENDED: StaffMember = { ...kemi, expiry: '2027-01-06T22:59:59.999Z' }

/** Why staff extend her: what the front desk writes. */
export const EXTENSION_REASON =
  'The studio was closed for renovation for two weeks in November: a month added, as promised.'

export const staffMembersModel = defineModel(staffMembersMachine, {
  description:
    'Staff find members by name, e-mail or phone (or read them all), soonest to end first, and extend one by hand to a later day with a reason; a day the server refuses (before the current end) says why and can be changed; a day or reason missing is said in the form; a failed extension can be sent again; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'front desk': undefined },
  events: {
    ...callEndings('searchMembers', [[kemi], []], staffReadFailures),
    'search.submitted': [{ query: 'kemi' }],
    'extend.started': [{ id: kemi.id }],
    'until.changed': [{ until: '2027-01-06' }],
    'reason.changed': [{ reason: EXTENSION_REASON }],
    ...callEndings(
      'extend',
      [EXTENDED],
      [
        sessionEnded,
        connectionLost,
        notStaff,
        {
          error: new ApiError(
            400,
            "Choose a day after the membership's current end (Dec 6, 2026).",
          ),
        },
      ],
    ),
  },
})
