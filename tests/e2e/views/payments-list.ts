import type { Page } from 'playwright-core'
import {
  type PaymentsListInput,
  paymentsListMachine,
} from '../../../machines/payments-list/machine'
import { paymentsListModel } from '../../../machines/payments-list/model'
import { defineViews } from './shared/define'
import {
  heading,
  loadDrivers,
  loadStates,
  openPath,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
} from './shared/member-area'

// /profile/payments in each state, for the browser replay of the model's paths
// (tests/e2e/paths-payments-list.test.ts). Ada has paid; Femi, in Zainab's community, never has.
// Only tests import this.

const PAYMENTS = '**/api/payments/*'
const ADA = 'Ada, who has paid'
const FEMI = 'Femi, who never paid'
const DROPPING = 'Ada, the connection dropping once'

const input = paymentsListModel.inputs['signed in'] as PaymentsListInput
const list = (page: Page) => page.getByRole('region', { name: 'Payments' })

export const paymentsListViews = defineViews({
  model: paymentsListModel,
  machine: paymentsListMachine,
  starts: {
    [ADA]: {
      input,
      path: '/profile/payments',
      signIn: 'ada@example.com',
      open: openPath('/profile/payments'),
    },
    [FEMI]: {
      input,
      path: '/profile/payments',
      signIn: 'femi@example.com',
      width: 390,
      open: openPath('/profile/payments'),
    },
    [DROPPING]: {
      input,
      path: '/profile/payments',
      signIn: 'ada@example.com',
      open: openWithDroppedRequest('/profile/payments', PAYMENTS),
    },
  },
  events: {
    // Who is signed in decides whether the list is empty.
    ...loadDrivers(
      'loadPayments',
      PAYMENTS,
      DROPPING,
      (event, start) => ((event.output as unknown[]).length === 0) === (start === FEMI),
    ),
    'payments.retried': retryDriver(PAYMENTS),
  },
  states: {
    ...loadStates('Payments', 'your payments'),
    // Her payments with their references, or none yet with the way to the plans.
    ready: async ({ page, snapshot }) => {
      await heading(page, 'Payments')
      if (snapshot.context.payments.length === 0) {
        await list(page).getByText('No payments yet').waitFor(SHORT)
        await list(page).getByRole('link', { name: 'See membership plans' }).waitFor(SHORT)
        return
      }
      await list(page).getByText('demo-membership-ada').waitFor(SHORT)
      const rows = await list(page).getByRole('listitem').count()
      if (rows === 0) throw new Error('Her payments should be listed')
      await list(page).getByText('Reference').first().waitFor(SHORT)
    },
  },
})
