import { staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type StaffDay, staffDayMachine } from './machine'

const day: StaffDay = {
  date: '2026-11-24',
  sessions: [
    {
      kind: 'event',
      id: 'rooftop-jazz',
      title: 'Rooftop Jazz',
      venue: 'The Rooftop',
      timeSlot: '4pm - 8pm',
      capacity: 40,
      booked: 12,
      checkedIn: 3,
    },
    {
      kind: 'coworking',
      id: 'the-library',
      title: 'The Library',
      venue: 'The Library',
      timeSlot: null,
      capacity: 12,
      booked: 4,
      checkedIn: 0,
    },
  ],
  role: 'manager',
}

export const staffDayModel = defineModel(staffDayMachine, {
  description:
    "Staff see the day's sessions with booked, checked-in and free places (or none today), refresh them, retry a failed read; a 401 ends the session, a 403 says it is for staff.",
  inputs: { 'front desk': undefined },
  events: callEndings('loadDay', [day, { ...day, sessions: [] }], staffReadFailures),
})
