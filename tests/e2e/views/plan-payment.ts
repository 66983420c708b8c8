import type { Page } from 'playwright-core'
import { type PlanPaymentInput, planPaymentMachine } from '../../../machines/plan-payment/machine'
import { planPaymentModel } from '../../../machines/plan-payment/model'
import { formatDollars, formatNaira } from '../../../machines/rules/money'
import { defineViews, type ViewStep } from './shared/define'
import { enabledAs } from './shared/enabled'
import { heading, openPath, SHORT, statusOf } from './shared/member-area'

// /profile/payment/confirm in each state, for the browser replay of the model's paths
// (tests/e2e/paths-plan-payment.test.ts). Tunde, whose membership has lapsed, pays a plan; a
// community plan is refused him by the real server (he created no community). Only tests import
// this.

const INITIATE = '**/api/payments/initiate'
const DEFAULT = 'Tunde, no plan in the address'
const COMMUNITY = 'Tunde, a community plan in the address'
const UNKNOWN = 'Tunde, a plan not on offer in the address'

const input = (name: string) => planPaymentModel.inputs[name] as PlanPaymentInput
const payButton = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Pay' }).getByRole('button', { name })
const priceOf = ({ snapshot }: Pick<ViewStep, 'snapshot'>, currency: 'USD' | 'NGN') => {
  const plan = snapshot.context.plan
  return currency === 'USD' ? formatDollars(plan.amountDollar) : formatNaira(plan.amountNaira)
}

export const planPaymentViews = defineViews({
  model: planPaymentModel,
  machine: planPaymentMachine,
  starts: {
    [DEFAULT]: {
      input: input('no plan passed'),
      path: '/profile/payment/confirm',
      open: openPath('/profile/payment/confirm'),
      signIn: 'tunde@example.com',
    },
    [COMMUNITY]: {
      input: input('a chosen plan'),
      path: '/profile/payment/confirm?plan=community-6',
      open: openPath('/profile/payment/confirm?plan=community-6'),
      signIn: 'tunde@example.com',
      width: 390,
    },
    [UNKNOWN]: {
      input: input('an unknown plan'),
      path: '/profile/payment/confirm?plan=platinum',
      open: openPath('/profile/payment/confirm?plan=platinum'),
      signIn: 'tunde@example.com',
    },
  },
  events: {
    'currency.chosen': {
      run: async (step) => {
        const currency = step.event.currency as 'USD' | 'NGN'
        await payButton(step.page, `Pay ${priceOf(step, currency)} by card`).click()
      },
    },
    // His own plan goes to the provider; an answer without its address never comes from the
    // real server.
    'xstate.done.actor.initiatePayment': {
      accepts: (event, { start }) =>
        start === DEFAULT &&
        Boolean((event.output as { authorization_url?: string }).authorization_url),
      request: INITIATE,
    },
    // A 401 after his sessions end; the server's refusal of a community plan he cannot pay.
    'xstate.error.actor.initiatePayment': {
      accepts: (event, { start }) =>
        statusOf(event.error) === 401 ? start === DEFAULT : start === COMMUNITY,
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: INITIATE,
    },
  },
  states: {
    unknownPlan: async ({ page }) => {
      await heading(page, 'Confirm payment')
      await page.getByRole('alert').getByText('This plan is not on offer').waitFor(SHORT)
      await page.getByRole('link', { name: 'See the plans' }).waitFor(SHORT)
    },
    // The plan's summary and both card payments; the server's reason after a refusal.
    ready: async (step) => {
      const { page, snapshot } = step
      await heading(page, 'Confirm payment')
      const summary = page.getByRole('region', { name: 'Summary' })
      const members = snapshot.context.plan.numberOfMembers
      await summary
        .getByText(members ? `Community membership, ${members} members` : 'Individual membership', {
          exact: true,
        })
        .waitFor(SHORT)
      for (const currency of ['USD', 'NGN'] as const) {
        const button = payButton(page, `Pay ${priceOf(step, currency)} by card`)
        await enabledAs(button, true, `Pay in ${currency}`)
      }
      if (snapshot.context.error) {
        const reason = page.getByRole('region', { name: 'Pay' }).getByRole('alert')
        await reason.waitFor(SHORT)
        if (!(await reason.textContent())?.trim()) throw new Error('The refusal should say why')
      }
    },
    // The chosen currency's button waits; the other is off.
    paying: async ({ page }) => {
      const waiting = payButton(page, 'Please wait')
      await enabledAs(waiting, false, 'Please wait')
    },
    // The sandbox checkout asks for the plan's price in the chosen currency.
    redirecting: async (step) => {
      const { page, snapshot } = step
      await page.waitForURL('**/sandbox/checkout/**', SHORT)
      await page.getByText(priceOf(step, snapshot.context.currency)).first().waitFor(SHORT)
      await page.getByRole('button', { name: 'Pay', exact: true }).waitFor(SHORT)
    },
    sessionExpired: async ({ page }) => {
      await page.getByText('Login session has expired').first().waitFor(SHORT)
    },
  },
})
