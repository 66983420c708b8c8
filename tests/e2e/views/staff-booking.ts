import type { Page } from 'playwright-core'
import { staffBookingMachine } from '../../../machines/staff-booking/machine'
import { staffBookingModel } from '../../../machines/staff-booking/model'
import type { StaffBooking } from '../../../machines/staff-bookings/machine'
import { chiamakaBooking } from '../../../machines/staff-bookings/model'
import { defineViews } from './shared/define'
import {
  heading,
  LOAD,
  loadStates,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
  statusOf,
} from './shared/member-area'
import { DROPPING, MEMBER, notStaff, STAFF, staffCallError } from './shared/staff'

// /staff/bookings/:id in each state, for the browser replay of the model's paths. Chiamaka's
// booking is put in the database first (checked in or not, or gone): its id cannot be chosen
// through the app. Only tests import this.

const PATH = `/staff/bookings/${chiamakaBooking.id}`
const BOOKING = `**/api/staff/bookings/${chiamakaBooking.id}`

const opening = { input: { id: chiamakaBooking.id }, path: PATH, width: 390 }
const openPath = async (page: Page, url: string) => {
  await page.goto(url + PATH, LOAD)
}

export const staffBookingViews = defineViews({
  model: staffBookingModel,
  machine: staffBookingMachine,
  starts: {
    [STAFF]: { ...opening, signIn: 'staff@example.com', open: openPath },
    [MEMBER]: { ...opening, signIn: 'ada@example.com', open: openPath },
    [DROPPING]: {
      ...opening,
      signIn: 'staff@example.com',
      open: openWithDroppedRequest(PATH, BOOKING),
    },
  },
  events: {
    'xstate.done.actor.loadBooking': {
      accepts: (_event, { start }) => start === STAFF,
      server: (event) =>
        (event.output as StaffBooking).checkedInAt ? 'bookingCheckedIn' : 'bookingAtTheDesk',
      request: BOOKING,
    },
    'xstate.error.actor.loadBooking': {
      ...staffCallError(BOOKING),
      accepts: (event, where) =>
        statusOf(event.error) === 404
          ? where.start === STAFF
          : (staffCallError(BOOKING).accepts?.(event, where) ?? false),
      server: (event) =>
        (({ 401: 'sessionExpired', 404: 'bookingGone' }) as const)[
          statusOf(event.error) as 401 | 404
        ] ?? null,
    },
    'booking.retried': retryDriver(BOOKING),
  },
  states: {
    ...loadStates('Booking', 'the booking'),
    ready: async ({ page, snapshot }) => {
      await heading(page, chiamakaBooking.name)
      const booking = snapshot.context.booking as StaffBooking
      await page
        .getByRole('status')
        .getByText(booking.checkedInAt ? /^Checked in .+ by / : 'Not checked in')
        .waitFor(SHORT)
      await page.getByText(booking.namesOfVisitors ?? '').waitFor(SHORT)
    },
    missing: async ({ page }) => {
      await page.getByRole('alert').getByText("This booking isn't here").waitFor(SHORT)
    },
    forbidden: notStaff,
  },
})
