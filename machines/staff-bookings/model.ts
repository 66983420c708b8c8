import { staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type DayBookings, type StaffBooking, staffBookingsMachine } from './machine'

/** Chiamaka's place at Rooftop Jazz with her two cousins, as the staff's list shows it. */
export const chiamakaBooking: StaffBooking = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Chiamaka Okonkwo-Adeyemi',
  email: 'chiamaka.okonkwo-adeyemi@lagosdesignweek.com.ng',
  phone: '+234 809 555 0144',
  kind: 'event',
  what: 'Rooftop Jazz',
  date: '2026-11-24',
  timeSlot: '4pm - 8pm',
  venue: 'The Rooftop',
  visitors: 2,
  namesOfVisitors: 'Ifeoma Okonkwo, Nnamdi Okonkwo',
  status: 'confirmed',
  paidWith: 'sandbox',
  amountMinor: 1_500_000,
  paymentReference: 'SIXTEEN-RJ-0001',
  answers: [{ label: 'Dietary needs', value: 'No pork, please.' }],
  bookedAt: '2026-11-20T14:05:00.000Z',
  checkedInAt: null,
  checkedInBy: null,
  placesIn: 0,
}

const today: DayBookings = { date: '2026-11-24', bookings: [chiamakaBooking] }

export const staffBookingsModel = defineModel(staffBookingsMachine, {
  description:
    "Staff see a day's bookings (today first), find one by part of a name, e-mail or phone, or look at another day; each opens on its own page; a failed read can be retried; a 401 ends the session, a 403 says it is for staff.",
  inputs: { 'front desk': undefined },
  events: {
    ...callEndings('searchBookings', [today, { ...today, bookings: [] }], staffReadFailures),
    'search.submitted': [{ query: 'okonkwo' }],
    'day.chosen': [{ date: '2027-01-12' }],
  },
})
