import { staffBookingsMachine } from '../../../machines/staff-bookings/machine'
import { staffBookingsModel } from '../../../machines/staff-bookings/model'
import { defineViews } from './shared/define'
import { heading, loadStates, retryDriver, SHORT } from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/bookings in each state, for the browser replay of the model's paths. The demo day (24
// November) has bookings; the model's search ('okonkwo') and its other day (12 January) have
// none. Only tests import this.

const BOOKINGS = '**/api/staff/bookings*'

/** Whether the real server has bookings for what the list asks: the demo day, unsearched. */
const asksDemoDay = (context: { date: string | null; query: string }) =>
  context.query === '' && (context.date === null || context.date === '2026-11-24')

export const staffBookingsViews = defineViews({
  model: staffBookingsModel,
  machine: staffBookingsMachine,
  starts: staffStarts('/staff/bookings', BOOKINGS),
  events: {
    'xstate.done.actor.searchBookings': {
      accepts: (event, { start, snapshot }) =>
        start === STAFF &&
        (event.output as { bookings: unknown[] }).bookings.length > 0 ===
          asksDemoDay(snapshot.context),
      request: BOOKINGS,
    },
    'xstate.error.actor.searchBookings': staffCallError(BOOKINGS),
    'bookings.retried': retryDriver(BOOKINGS),
    'search.submitted': {
      run: async ({ page, event }) => {
        await page.getByLabel('Name, e-mail or phone').fill(event.query as string)
        await page.getByRole('button', { name: 'Search', exact: true }).click()
      },
    },
    'day.chosen': {
      run: ({ page, event }) => page.getByLabel('Day', { exact: true }).fill(event.date as string),
    },
  },
  states: {
    ...loadStates('Bookings', 'the bookings'),
    ready: async ({ page, snapshot }) => {
      await heading(page, 'Bookings')
      const found = page.getByRole('region', { name: 'Bookings found' })
      if (snapshot.context.day?.bookings.length) {
        await found.getByRole('link').first().waitFor(SHORT)
      } else {
        await found.getByText(/^No booking/).waitFor(SHORT)
      }
    },
    forbidden: notStaff,
  },
})
