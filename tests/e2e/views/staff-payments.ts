import type { Page } from 'playwright-core'
import type { StaffPayment } from '../../../machines/staff-payments/machine'
import { staffPaymentsMachine } from '../../../machines/staff-payments/machine'
import { staffPaymentsModel, walletPayment } from '../../../machines/staff-payments/model'
import { BLANK_REASON, STATUS_LABELS } from '../../../machines/staff-payments/selectors'
import { defineViews, type EventDriver, type ViewStep } from './shared/define'
import {
  dropWrites,
  heading,
  isNetworkError,
  LOAD,
  loadStates,
  retryDriver,
  SHORT,
  statusOf,
} from './shared/member-area'
import { notStaff, STAFF, staffCallError, staffStarts } from './shared/staff'

// /staff/payments in each state, for the browser replay of the model's paths. The demo data has
// Ada's co-working day paid from her wallet and card payments (her membership among them): the
// model's wallet payment is hers, its card payment the first card payment with a Refund button.
// Refunds a path makes are taken back after it; 'refunded meanwhile' refunds them all in the
// database first. Only tests import this.

const PAYMENTS = '**/api/staff/payments*'
const REFUNDS = '**/api/staff/payments/*/refund'
const REFUNDS_DROPPING = 'Oluwaseun, the refunds lost on the way'

const only =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start }) =>
    starts.includes(start)

/** The row of the payment the model names: a wallet payment, or a card payment. */
const rowOf = (page: Page, id: string) =>
  page
    .getByRole('region', { name: 'Payments found' })
    .getByRole('listitem')
    .filter({ hasText: id === walletPayment.id ? 'Wallet · ' : 'Card · ' })
    .filter({ has: page.getByRole('button', { name: 'Refund', exact: true }) })
    .first()

const chosenRow = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('form', { name: 'Refund' }) })

const paymentsOf = (snapshot: ViewStep['snapshot']) => snapshot.context.payments as StaffPayment[]

const starts = staffStarts('/staff/payments', PAYMENTS)

export const staffPaymentsViews = defineViews({
  model: staffPaymentsModel,
  machine: staffPaymentsMachine,
  starts: {
    ...starts,
    [REFUNDS_DROPPING]: {
      ...(starts[STAFF] as NonNullable<(typeof starts)[string]>),
      // At once: the app sends a refund three times before it says so.
      open: async (page, url) => {
        await page.route(REFUNDS, dropWrites(page))
        await page.goto(`${url}/staff/payments`, LOAD)
      },
    },
  },
  events: {
    'xstate.done.actor.searchPayments': {
      accepts: (event, { start }) =>
        (start === STAFF || start === REFUNDS_DROPPING) && (event.output as unknown[]).length > 0,
      request: PAYMENTS,
    },
    'xstate.error.actor.searchPayments': staffCallError(PAYMENTS),
    'payments.retried': retryDriver(PAYMENTS),
    'search.submitted': {
      run: async ({ page, event }) => {
        await page.getByLabel('Reference, e-mail or name').fill(event.query as string)
        await page.getByRole('button', { name: 'Search', exact: true }).click()
      },
    },
    'refund.started': {
      // The top-up has no Refund button: nobody can start its refund.
      accepts: (event, { snapshot }) =>
        paymentsOf(snapshot).some((p) => p.id === event.id && p.refundable),
      run: ({ page, event }) =>
        rowOf(page, event.id as string)
          .getByRole('button', { name: 'Refund', exact: true })
          .click(),
    },
    'reason.changed': {
      run: ({ page, event }) =>
        page.getByLabel('Reason, for the payer').fill(event.reason as string),
    },
    'refund.confirmed': {
      run: ({ page }) => page.getByRole('button', { name: 'Yes, refund' }).click(),
    },
    'refund.cancelled': {
      run: ({ page, snapshot }) =>
        page
          .getByRole('button', {
            name: snapshot.matches('loading') ? 'Read the payments again' : 'Cancel',
          })
          .click(),
    },
    'refund.retried': {
      run: ({ page }) => page.getByRole('button', { name: 'Yes, refund' }).click(),
    },
    'xstate.done.actor.refund': {
      accepts: only(STAFF),
      server: () => 'refundsTakenBack',
      request: REFUNDS,
    },
    'xstate.error.actor.refund': {
      accepts: (event, { start }) =>
        ({ 401: start === STAFF, 409: start === STAFF })[statusOf(event.error) ?? 0] ??
        (start === REFUNDS_DROPPING && isNetworkError(event.error)),
      server: (event) =>
        (({ 401: 'sessionExpired', 409: 'paymentsRefundedMeanwhile' }) as const)[
          statusOf(event.error) as 401 | 409
        ] ?? null,
      request: REFUNDS,
    },
  },
  states: {
    ...loadStates('Payments', 'the payments'),
    ready: async ({ page }) => {
      await heading(page, 'Payments')
      await page.getByLabel('Reference, e-mail or name').waitFor(SHORT)
    },
    'ready.browsing': async ({ page }) => {
      await page.getByRole('button', { name: 'Refund', exact: true }).first().waitFor(SHORT)
    },
    'ready.reasoning': async ({ page, snapshot }) => {
      await chosenRow(page).getByLabel('Reason, for the payer').waitFor(SHORT)
      if (snapshot.context.blankReason) await page.getByText(BLANK_REASON).waitFor(SHORT)
    },
    'ready.refunding': async ({ page }) => {
      await page.getByRole('button', { name: 'Refunding…' }).waitFor(SHORT)
    },
    'ready.refundFailed': async ({ page }) => {
      await page.getByRole('alert').getByText("We couldn't reach the server").waitFor(SHORT)
      await page.getByLabel('Reason, for the payer').waitFor(SHORT)
    },
    'ready.refused': async ({ page }) => {
      await page.getByRole('alert').getByText('already refunded').waitFor(SHORT)
      await page.getByRole('button', { name: 'Read the payments again' }).waitFor(SHORT)
    },
    'ready.refunded': async ({ page, snapshot }) => {
      const refunded = paymentsOf(snapshot).find((p) => p.id === snapshot.context.chosen)
      const status = page.getByRole('status').filter({ hasText: /has an e-mail with your reason/ })
      await status.waitFor(SHORT)
      if (refunded) {
        await page
          .getByRole('listitem')
          .filter({ has: status })
          .getByText(STATUS_LABELS[refunded.method === 'wallet' ? 'refunded' : 'refunding'])
          .first()
          .waitFor(SHORT)
      }
    },
    forbidden: notStaff,
  },
})
