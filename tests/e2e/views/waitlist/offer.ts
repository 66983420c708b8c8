import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { standingLine } from '../../../../machines/rules/waitlist'
import {
  type LoadedOffer,
  type WaitlistOfferContext,
  waitlistOfferMachine,
} from '../../../../machines/waitlist/offer/machine'
import { waitlistOfferEntry, waitlistOfferModel } from '../../../../machines/waitlist/offer/model'
import { payingShows } from '../shared/checkout'
import { defineViews, type ServerState } from '../shared/define'
import { enabledAs } from '../shared/enabled'
import {
  dropUntilFailed,
  dropWrites,
  LOAD,
  retryDriver,
  SHORT,
  statusOf,
} from '../shared/member-area'

// /waitlist/:token, the page of a waitlist entry's e-mails, in each state, for the browser
// replay of the model's paths. The model's entry is put on the server first (in line, offered
// for the demo's Rooftop Jazz today or Thursday's free Poetry & Palm Wine, booked, left or
// expired): its token is its own secret, which no flow chooses. Only tests import this.

const PATH = `/waitlist/${waitlistOfferEntry.token}`
const ENTRY = '**/api/waitlist/*'
const LEAVE = '**/api/waitlist/*/leave'
const BOOK = '**/api/bookings/rsvp'

const GUEST = 'a guest, from the e-mail'
const LOAD_DROPPING = 'a guest, the connection dropping as the page loads'
const WRITES_DROPPING = 'a guest, the connection dropping as they leave or book'

const input = waitlistOfferModel.inputs['a guest']
const opening = { input, path: PATH, width: 390 }

const loadedOf = (event: AnyEventObject) => event.output as LoadedOffer
const contextOf = (snapshot: { context: unknown }) => snapshot.context as WaitlistOfferContext
const isFree = (offer: Pick<LoadedOffer, 'event'>) => offer.event.Price <= 0

/** The entry the server must hold for a loaded payload: its status, and a free event's offer. */
function entryState(event: AnyEventObject): ServerState {
  const offer = loadedOf(event)
  switch (offer.entry.status) {
    case 'waiting':
      return 'waitlistWaiting'
    case 'offered':
      return isFree(offer) ? 'waitlistOfferedFree' : 'waitlistOffered'
    case 'booked':
      return 'waitlistBooked'
    case 'left':
      return 'waitlistLeft'
    default:
      return 'waitlistExpired'
  }
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' })

export const waitlistOfferViews = defineViews({
  model: waitlistOfferModel,
  machine: waitlistOfferMachine,
  starts: {
    [GUEST]: opening,
    [LOAD_DROPPING]: {
      ...opening,
      open: async (page, url) => {
        await dropUntilFailed(page, ENTRY)
        await page.goto(url + PATH, LOAD)
      },
    },
    [WRITES_DROPPING]: {
      ...opening,
      // At once: the app sends a write three times before it says so.
      open: async (page, url) => {
        const lose = dropWrites(page)
        await page.route(LEAVE, lose)
        await page.route(BOOK, lose)
        await page.goto(url + PATH, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.loadOffer': {
      // The first read only: the entry is put there once a path.
      accepts: (_event, { snapshot }) => contextOf(snapshot).entry === null,
      server: entryState,
      request: ENTRY,
    },
    'xstate.error.actor.loadOffer': {
      accepts: (event, { start }) =>
        statusOf(event.error) === 404 ? start === GUEST : start === LOAD_DROPPING,
      request: ENTRY,
    },
    'entry.retried': retryDriver(ENTRY),
    'leave.started': { run: ({ page }) => button(page, 'Leave the waitlist').click() },
    'leave.confirmed': { run: ({ page }) => button(page, 'Yes, leave the waitlist').click() },
    'leave.kept': { run: ({ page }) => button(page, 'Stay in line').click() },
    'xstate.done.actor.leaveWaitlist': {
      accepts: (_event, { start }) => start !== WRITES_DROPPING,
      request: LEAVE,
    },
    'xstate.error.actor.leaveWaitlist': {
      accepts: (_event, { start }) => start === WRITES_DROPPING,
    },
    'offer.taken': {
      run: ({ page }) => button(page, /^(Book my place|Pay ₦[\d,]+ and book)$/).click(),
    },
    'xstate.done.actor.createBooking': {
      accepts: (_event, { start }) => start === GUEST,
      request: BOOK,
    },
    'xstate.error.actor.createBooking': {
      // Poetry & Palm Wine's places all gone (its capacity 0), or the connection dropped.
      accepts: (event, { start }) =>
        statusOf(event.error) === 409 ? start === GUEST : start === WRITES_DROPPING,
      server: (event) => (statusOf(event.error) === 409 ? 'poetryFull' : null),
      request: BOOK,
    },
    'xstate.done.actor.reloadOffer': {
      // Read again after a refusal: still offered, on the same event.
      accepts: (event, { snapshot }) => {
        const offer = loadedOf(event)
        const before = contextOf(snapshot).event
        return (
          offer.entry.status === 'offered' &&
          before !== null &&
          isFree(offer) === isFree({ event: before })
        )
      },
      request: ENTRY,
    },
  },
  states: {
    loading: async ({ page }) => {
      await heading(page, 'Finding your place in line')
    },
    'shown.waiting': async ({ page, snapshot }) => {
      await heading(page, "You're on the waitlist")
      const entry = contextOf(snapshot).entry
      if (entry) await page.getByText(standingLine(entry)).waitFor(SHORT)
      await enabledAs(button(page, 'Leave the waitlist'), true, 'Leave the waitlist')
    },
    'shown.offered': async ({ page }) => {
      await heading(page, 'A place is yours to book')
      await enabledAs(button(page, /^(Book my place|Pay ₦[\d,]+ and book)$/), true, 'Book my place')
    },
    'shown.confirmingLeave': async ({ page }) => {
      await button(page, 'Yes, leave the waitlist').waitFor(SHORT)
      await button(page, 'Stay in line').waitFor(SHORT)
    },
    // A path may end here, its call not held: the question is closed, whatever the answer.
    'shown.leaving': async ({ page }) => {
      await button(page, 'Yes, leave the waitlist').waitFor({ state: 'detached', ...SHORT })
    },
    'shown.booking': async ({ page }) => {
      await button(page, 'Please wait…').waitFor(SHORT)
    },
    'shown.paying': async ({ page }) => {
      await payingShows(page, page.getByRole('main'), '₦10,000.00')
    },
    'shown.leavingPage': async ({ page }) => {
      await page.waitForURL('**/event/*/registered?**', LOAD)
    },
    'shown.booked': async ({ page }) => {
      await heading(page, "You're booked")
    },
    'shown.left': async ({ page }) => {
      await heading(page, 'You left the waitlist')
    },
    'shown.expired': async ({ page }) => {
      await heading(page, 'This offer has ended')
    },
    reloading: async ({ page, snapshot }) => {
      const { problem } = contextOf(snapshot)
      if (problem) await page.getByRole('alert').getByText(problem).waitFor(SHORT)
    },
    missing: async ({ page }) => {
      await heading(page, "We can't find this waitlist link")
    },
    failed: async ({ page }) => {
      await button(page, 'Try again').waitFor(SHORT)
    },
  },
})
