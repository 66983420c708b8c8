import type { Page } from 'playwright-core'
import type { CancelInput, CancelledBooking } from '../../../machines/booking-cancel/machine'
import { bookingCancelMachine } from '../../../machines/booking-cancel/machine'
import { bookingCancelModel } from '../../../machines/booking-cancel/model'
import { moneyBackLine } from '../../../machines/booking-cancel/selectors'
import { defineViews, type ViewStart } from './shared/define'
import { enabledAs } from './shared/enabled'
import { dropWrites, LOAD, SHORT, sessionEnded, statusOf } from './shared/member-area'

// Cancel, in an open booking of /profile/bookings, in each state, for the browser replay of the
// model's paths: Ada's Rooftop Jazz tonight (its cut-off passed: refused, in a list that did not
// say so) and Kemi's Risograph
// Workshop next week (cancelled, her card refunded), both paid by card in the demo data. Only
// tests import this.

const CANCEL = '**/api/bookings/cancel/*'
const ADA = "Ada, tonight's Rooftop Jazz"
const KEMI = "Kemi, next week's Risograph Workshop"
const KEMI_DROPPING = 'Kemi, the connection dropping as she cancels'

const modelInput = bookingCancelModel.inputs['paid by card'] as CancelInput

/**
 * The list as a server from before issue 51 answered it, without until when each booking can be
 * cancelled: the row offers Cancel, and the server's refusal says why (as it would for a list
 * read just before the cut-off passed). With the cut-off said, no Cancel is offered after it.
 */
async function listWithoutCutoffs(page: Page): Promise<void> {
  await page.route('**/api/bookings/*', async (route) => {
    if (route.request().method() !== 'GET') {
      return route.fallback()
    }
    const response = await route.fetch()
    const body = (await response.json()) as { bookings?: Record<string, unknown>[] }
    for (const booking of body.bookings ?? []) {
      delete booking['Cancel until']
      delete booking['Ends at']
    }
    await route.fulfill({ response, json: body })
  })
}

/** /profile/bookings with the booking's row opened, as the person opens it. */
const openRow =
  (what: string, drop = false, oldList = false) =>
  async (page: Page, url: string) => {
    if (drop) await page.route(CANCEL, dropWrites(page))
    if (oldList) await listWithoutCutoffs(page)
    await page.goto(`${url}/profile/bookings`, LOAD)
    await page
      .getByRole('button', { name: new RegExp(what) })
      .first()
      .click(LOAD)
  }

const kemi: ViewStart = {
  // Her card payment's amount; the id is the row's own (the model's is not read on the page).
  input: { ...modelInput, what: 'Risograph Workshop', amountMinor: 1_000_000 },
  path: '/profile/bookings',
  width: 390,
  signIn: 'kemi@example.com',
  server: 'kemisWorkshopKept',
  open: openRow('Risograph'),
}

/** The refusal's OK, beside its alert in the row. */
const okButton = (page: Page) =>
  page.getByRole('alert').locator('..').getByRole('button', { name: 'OK', exact: true })
const asked = (page: Page) => page.getByRole('region', { name: 'Cancel this booking' })
const yes = (page: Page) => page.getByRole('button', { name: /^(Yes, cancel it|Cancelling…)$/ })

/** What the row says once cancelled, by the way the money went (the amount is the server's). */
const CANCELLED: Record<CancelledBooking['refund']['way'], RegExp> = {
  card: /^Cancelled\. ₦[\d,.]+ is on its way back to your card/,
  wallet: /^Cancelled\. ₦[\d,.]+ is back in your wallet\./,
  'community-wallet': /^Cancelled\. ₦[\d,.]+ is back in your community's wallet\./,
  none: /^Cancelled\. Nothing was paid/,
}

export const bookingCancelViews = defineViews({
  model: bookingCancelModel,
  machine: bookingCancelMachine,
  starts: {
    [ADA]: {
      input: modelInput,
      path: '/profile/bookings',
      width: 390,
      signIn: 'ada@example.com',
      open: openRow('Rooftop Jazz', false, true),
    },
    [KEMI]: kemi,
    [KEMI_DROPPING]: { ...kemi, open: openRow('Risograph', true) },
  },
  events: {
    'cancel.started': {
      run: ({ page }) => page.getByRole('button', { name: 'Cancel this booking' }).click(),
    },
    'cancel.confirmed': { run: ({ page }) => yes(page).click() },
    'cancel.retried': { run: ({ page }) => yes(page).click() },
    // 'Keep it' while asked or after a failure, 'OK' under a refusal: whichever is there.
    'cancel.kept': {
      run: ({ page }) => page.getByRole('button', { name: 'Keep it' }).or(okButton(page)).click(),
    },
    'xstate.done.actor.cancelBooking': {
      accepts: (event, { start }) =>
        start === KEMI && (event.output as CancelledBooking).refund.way === 'card',
      request: CANCEL,
    },
    'xstate.error.actor.cancelBooking': {
      // Ada's concert is tonight: its cut-off passed. Kemi's session ends on the server, or her
      // connection drops.
      accepts: (event, { start }) => {
        const status = statusOf(event.error)
        if (status === 409) return start === ADA
        if (status === 401) return start === KEMI
        return start === KEMI_DROPPING
      },
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: CANCEL,
    },
  },
  states: {
    idle: async ({ page }) => {
      await page.getByRole('button', { name: 'Cancel this booking' }).waitFor(SHORT)
    },
    confirming: async ({ page, snapshot }) => {
      await asked(page)
        .getByText(moneyBackLine(snapshot.context as CancelInput), { exact: false })
        .waitFor(SHORT)
      await enabledAs(yes(page), true, 'Yes, cancel it')
    },
    cancelling: async ({ page }) => {
      await page.getByRole('button', { name: 'Cancelling…' }).waitFor(SHORT)
    },
    refused: async ({ page, snapshot }) => {
      const { refusal } = snapshot.context as { refusal: string | null }
      await page
        .getByRole('alert')
        .getByText(refusal ?? '')
        .waitFor(SHORT)
      await okButton(page).waitFor(SHORT)
    },
    failed: async ({ page }) => {
      await asked(page)
        .getByRole('alert')
        .getByText("We couldn't reach the server, so the booking is as it was.", { exact: false })
        .waitFor(SHORT)
    },
    cancelled: async ({ page, snapshot }) => {
      const { result } = snapshot.context as { result: CancelledBooking | null }
      await page
        .getByRole('status')
        .getByText(CANCELLED[result?.refund.way ?? 'none'])
        .waitFor(SHORT)
    },
    sessionExpired: async ({ page }) => {
      await sessionEnded(page)
    },
  },
})
