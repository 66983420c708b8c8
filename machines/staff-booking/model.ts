import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { chiamakaBooking } from '../staff-bookings/model'
import { staffBookingMachine } from './machine'

export const staffBookingModel = defineModel(staffBookingMachine, {
  description:
    'Staff open one booking: who made it and how to reach them, what and when, extra guests and answers, how it was paid and whether they have come; a booking that is not there says so; a failed read can be retried; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'a booking': { id: chiamakaBooking.id } },
  events: {
    ...callEndings(
      'loadBooking',
      [
        chiamakaBooking,
        {
          ...chiamakaBooking,
          checkedInAt: '2026-11-24T15:12:00.000Z',
          checkedInBy: 'Oluwaseun Adebayo-Okonkwo',
        },
      ],
      [
        sessionEnded,
        connectionLost,
        notStaff,
        { error: new ApiError(404, 'No booking has this id.') },
      ],
    ),
  },
})
