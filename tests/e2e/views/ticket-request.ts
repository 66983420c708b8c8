import type { Page } from 'playwright-core'
import { ticketRequestMachine } from '../../../machines/ticket-request/machine'
import { REQUEST_CODE, ticketRequestModel } from '../../../machines/ticket-request/model'
import { defineViews } from './shared/define'
import { dropWrites, LOAD, retryDriver, SHORT, statusOf } from './shared/member-area'

// /confirm/:code, the link e-mailed for a visitor's ticket asked for (decision 040), in each
// state, for the browser replay of the model's paths: the model's code given first to Adaeze's
// RSVP to Poetry & Palm Wine (its places there, or gone), or to nothing. Only tests import this.

const PATH = `/confirm/${REQUEST_CODE}`
const TAKE = '**/api/bookings/requests/*'
const OPENED = 'a guest, from the e-mail'
const DROPPING = 'a guest, the connection dropping as the page takes the place'

const opening = {
  input: ticketRequestModel.inputs['from the e-mail'],
  path: PATH,
  width: 390,
} as const

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)

export const ticketRequestViews = defineViews({
  model: ticketRequestModel,
  machine: ticketRequestMachine,
  starts: {
    [OPENED]: opening,
    [DROPPING]: {
      ...opening,
      // Every try of the write dropped, its pauses run through (the app sends it again).
      open: async (page, url) => {
        await page.route(TAKE, dropWrites(page, { seen: true }))
        await page.goto(url + PATH, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.takePlace': {
      accepts: (_event, { start }) => start === OPENED,
      server: () => 'ticketRequested',
      request: TAKE,
    },
    'xstate.error.actor.takePlace': {
      // A code nobody asked for, the places gone before the link was opened, or the network.
      accepts: (event, { start }) =>
        statusOf(event.error) === undefined ? start === DROPPING : start === OPENED,
      server: (event) => (statusOf(event.error) === 409 ? 'ticketRequestedSoldOut' : null),
      request: TAKE,
    },
    'request.retried': retryDriver(TAKE),
  },
  states: {
    taking: async ({ page }) => {
      await heading(page, 'Taking your place…')
    },
    booked: async ({ page }) => {
      await heading(page, "You're booked")
      await page.getByRole('img', { name: 'Ticket for Poetry & Palm Wine: QR code' }).waitFor(SHORT)
    },
    refused: async ({ page }) => {
      await heading(page, 'No place this time')
      await page.getByText(/^The last places went before you opened the link/).waitFor(SHORT)
    },
    missing: async ({ page }) => {
      await heading(page, "We can't find this link")
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).waitFor(SHORT)
    },
  },
})
