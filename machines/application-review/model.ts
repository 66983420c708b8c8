import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import type { StaffApplication } from '../staff-applications/machine'
import { pendingApplication } from '../staff-applications/model'
import { applicationReviewMachine } from './machine'

const decidedAt = '2026-11-24T09:30:00.000Z'

/** The note staff write for the applicant. */
export const DECLINE_NOTE =
  'Thank you for applying. Our community places are full this season; please apply again in March.'

export const APPROVED: StaffApplication = { ...pendingApplication, status: 'approved', decidedAt }
export const DECLINED: StaffApplication = {
  ...pendingApplication,
  status: 'declined',
  decidedAt,
  decisionNote: DECLINE_NOTE,
}

/** Another member of staff decided first. */
export const decidedMeanwhile = {
  error: new ApiError(
    409,
    "Chukwuemekaoluwaseun Adebayo-Nwachukwu's application was already approved on Nov 24, 2026.",
  ),
}

const noSuchApplication = { error: new ApiError(404, 'No application has this id.') }

export const applicationReviewModel = defineModel(applicationReviewMachine, {
  description:
    'Staff read one application with every answer; while it waits they approve it after a confirmation, or decline it with a note; a decision refused because someone decided first says so and reads it again; a failed decision can be sent again; an application decided before shows its decision; an unknown id says so; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'an application': { id: pendingApplication.id } },
  events: {
    ...callEndings(
      'loadApplication',
      [pendingApplication, APPROVED],
      [sessionEnded, connectionLost, notStaff, noSuchApplication],
    ),
    'note.changed': [{ note: DECLINE_NOTE }],
    ...callEndings(
      'approve',
      [APPROVED],
      [sessionEnded, connectionLost, notStaff, decidedMeanwhile],
    ),
    ...callEndings(
      'decline',
      [DECLINED],
      [sessionEnded, connectionLost, notStaff, decidedMeanwhile],
    ),
  },
})
