import type { Page } from 'playwright-core'
import { type ManagedBooking, manageBookingMachine } from '../../../machines/manage-booking/machine'
import { MANAGE_CODE, manageBookingModel } from '../../../machines/manage-booking/model'
import { defineViews } from './shared/define'
import { dropUntilFailed, LOAD, retryDriver, SHORT, statusOf } from './shared/member-area'

// /manage/:code, the receipt's 'Manage your booking' link, in each state, for the browser
// replay of the model's paths: the model's code given first to Kemi's workshop next week (it can
// be cancelled) or Ada's concert tonight (its cut-off passed). Only tests import this.

const PATH = `/manage/${MANAGE_CODE}`
const BOOKING = '**/api/bookings/manage/*'
const RECEIPT = 'a guest, from the receipt'
const DROPPING = 'a guest, the connection dropping as the page loads'

const opening = {
  input: manageBookingModel.inputs['from the receipt'],
  path: PATH,
  width: 390,
  // Kemi's workshop is hers again after a path that cancels it.
  server: 'kemisWorkshopKept',
} as const

const managedOf = (snapshot: { context: unknown }) =>
  (snapshot.context as { booking: ManagedBooking | null }).booking
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)

export const manageBookingViews = defineViews({
  model: manageBookingModel,
  machine: manageBookingMachine,
  starts: {
    [RECEIPT]: opening,
    [DROPPING]: {
      ...opening,
      open: async (page, url) => {
        await dropUntilFailed(page, BOOKING)
        await page.goto(url + PATH, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.loadBooking': {
      // The first read, once the page loads (the dropping start's never does): the code is
      // given to one booking once a path.
      accepts: (_event, { start, snapshot }) => start === RECEIPT && managedOf(snapshot) === null,
      server: (event) =>
        (event.output as ManagedBooking).cancellable ? 'managedWorkshop' : 'managedConcert',
      request: BOOKING,
    },
    'xstate.error.actor.loadBooking': {
      // No booking has the code until a path gives it one; the dropping start's loads fail.
      accepts: (event, { start, snapshot }) =>
        statusOf(event.error) === 404
          ? start === RECEIPT && managedOf(snapshot) === null
          : start === DROPPING,
      request: BOOKING,
    },
    'booking.retried': retryDriver(BOOKING),
    // Cancel, asked first, to its end: the booking-cancel flow this flow invokes, by the link's
    // code (its own paths are booking-cancel's).
    'xstate.done.actor.bookingCancel': {
      accepts: (_event, { snapshot }) => managedOf(snapshot)?.cancellable === true,
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Cancel this booking' }).click()
        await page.getByRole('button', { name: 'Yes, cancel it' }).click()
        await page
          .getByRole('status')
          .getByText(/^Cancelled\./)
          .first()
          .waitFor(SHORT)
      },
    },
  },
  states: {
    loading: async ({ page, snapshot }) => {
      // The first read shows the skeleton; a read again after a cancellation keeps the booking.
      if (managedOf(snapshot)) await heading(page, 'Your booking')
      else await page.getByRole('status', { name: 'Loading your booking' }).waitFor(SHORT)
    },
    'ready.cancelOffered': async ({ page }) => {
      await heading(page, 'Your booking')
      await page.getByText(/^You can cancel until /).waitFor(SHORT)
      await page.getByRole('button', { name: 'Cancel this booking' }).waitFor(SHORT)
    },
    // Past the cut-off (the server's words say when, as of the replay's day), or cancelled.
    'ready.settled': async ({ page, snapshot }) => {
      await heading(page, 'Your booking')
      if (managedOf(snapshot)?.refusal) await page.getByText(/^Cancellations for /).waitFor(SHORT)
      await page
        .getByRole('button', { name: 'Cancel this booking' })
        .waitFor({ state: 'detached', ...SHORT })
    },
    missing: async ({ page }) => {
      await heading(page, "We can't find this booking")
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).waitFor(SHORT)
    },
  },
})
