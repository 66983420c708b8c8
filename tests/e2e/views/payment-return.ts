import type { Page } from 'playwright-core'
import { paymentReturnMachine } from '../../../machines/payment-return/machine'
import { paymentReturnModel } from '../../../machines/payment-return/model'
import { defineViews } from './shared/define'

// What the page a card payment comes back to looks like in each state, for the browser replay
// of the model's paths (tests/e2e/paths-payment-return.test.ts). The payment is a real one: a
// guest buys a Rooftop Jazz ticket by card and answers the sandbox checkout. Only tests import
// this.

const SHORT = { timeout: 5000 }
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)
const statusOf = (output: unknown) => (output as { status?: string }).status

/** A guest's card payment for tonight's Rooftop Jazz, up to the sandbox checkout. */
async function toTheCheckout(page: Page, url: string) {
  await page.goto(`${url}/event/rooftop-jazz`)
  // The button is in the server's HTML: a tap before the app listens is a plain button's.
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('_reactListening'),
    ),
  )
  await page.getByRole('main').getByRole('button', { name: 'Buy Ticket' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email Address', { exact: true }).fill('ifeoma.card@example.com')
  await dialog.getByLabel('Name', { exact: true }).fill('Ifeoma Card')
  await dialog.getByLabel('Phone Number', { exact: true }).fill('0803 555 0177')
  await dialog.getByRole('button', { name: /^Pay .* by card$/ }).click()
  await page.waitForURL('**/sandbox/checkout/**')
}

const FROM_CHECKOUT = 'back from the sandbox checkout'
const UNKNOWN = 'a reference the server never issued'

export const paymentReturnViews = defineViews({
  model: paymentReturnModel,
  machine: paymentReturnMachine,
  starts: {
    [FROM_CHECKOUT]: {
      input: { reference: 'SBX-from-the-checkout' },
      path: '/event/rooftop-jazz',
      open: toTheCheckout,
    },
    [UNKNOWN]: {
      input: { reference: 'SBX-nobody-issued-this' },
      path: '/event/rooftop-jazz/registered?email=ifeoma%40example.com&reference=SBX-nobody-issued-this',
    },
  },
  events: {
    'xstate.done.actor.verifyPayment': {
      // What the checkout was answered decides the outcome; 'refunded' and 'pending' need a
      // payment the provider settles late, which the sandbox does not do.
      accepts: (event, { start }) =>
        start === FROM_CHECKOUT &&
        ['success', 'failed', 'abandoned'].includes(statusOf(event.output) ?? ''),
      server: (event) => {
        const status = statusOf(event.output)
        if (status === 'success') return 'checkoutPaid'
        return status === 'failed' ? 'checkoutDeclined' : 'checkoutCancelled'
      },
      request: '**/api/payments/verify/**',
    },
    'xstate.error.actor.verifyPayment': {
      accepts: (event, { start }) =>
        start === UNKNOWN && (event.error as { status?: number }).status === 404,
      request: '**/api/payments/verify/**',
    },
  },
  states: {
    verifying: async ({ page }) => {
      await heading(page, 'Confirming your payment…')
    },
    // The ticket: the registered page, and the reference gone from the address.
    confirmed: async ({ page }) => {
      await page.getByText("We've sent you a receipt at").waitFor(SHORT)
      await page.waitForFunction(() => !location.search.includes('reference='), null, SHORT)
    },
    // Cancel at the checkout is told apart from a declined card.
    declined: async ({ page, snapshot }) => {
      if (snapshot.context.outcome?.status === 'abandoned') {
        await heading(page, 'Payment cancelled')
        await page.getByText('You cancelled the card payment').waitFor(SHORT)
      } else {
        await heading(page, 'Payment not completed')
        await page.getByText('Your card payment did not go through').waitFor(SHORT)
      }
      await page.getByText('nothing was charged and no booking was made.').waitFor(SHORT)
    },
    unknown: async ({ page }) => {
      await heading(page, "We couldn't find this payment")
    },
  },
})
