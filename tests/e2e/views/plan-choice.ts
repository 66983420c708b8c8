import type { Page } from 'playwright-core'
import { type PlanOption, planChoiceMachine } from '../../../machines/plan-choice/machine'
import { planChoiceModel } from '../../../machines/plan-choice/model'
import { defineViews } from './shared/define'
import {
  heading,
  loadDrivers,
  loadFailed,
  openPath,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
  skeleton,
} from './shared/member-area'

// /profile/payment in each state, for the browser replay of the model's paths
// (tests/e2e/paths-plan-choice.test.ts). Tunde, whose membership has lapsed, chooses a plan.
// Only tests import this.

const PLANS = '**/api/plans'
const DROPPING = 'Tunde, the connection dropping once'

/** A plan's card as the page titles it. */
const titleOf = (plan: PlanOption) =>
  plan.numberOfMembers !== null
    ? `${plan.numberOfMembers} members`
    : plan.period === '1 year'
      ? 'One year'
      : 'Six months'
const planCard = (page: Page, plan: PlanOption) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(`^${titleOf(plan)}: `) })

const offered = (plans: PlanOption[], id: unknown) => plans.find((plan) => plan.id === id)

export const planChoiceViews = defineViews({
  model: planChoiceModel,
  machine: planChoiceMachine,
  starts: {
    'Tunde, signed in': {
      input: undefined,
      path: '/profile/payment',
      open: openPath('/profile/payment'),
      signIn: 'tunde@example.com',
      width: 390,
    },
    [DROPPING]: {
      input: undefined,
      path: '/profile/payment',
      signIn: 'tunde@example.com',
      open: openWithDroppedRequest('/profile/payment', PLANS),
    },
  },
  events: {
    ...loadDrivers('loadPlans', PLANS, DROPPING),
    // Plans load without a session: a 401 cannot happen here.
    'xstate.error.actor.loadPlans': {
      accepts: (event, { start }) =>
        start === DROPPING && (event.error as { status?: number }).status === undefined,
      request: PLANS,
    },
    'plans.retried': retryDriver(PLANS),
    // A person chooses one of the cards shown; a plan not on offer has no card.
    'plan.chosen': {
      accepts: (event, { snapshot }) => offered(snapshot.context.plans, event.id) !== undefined,
      run: async ({ page, snapshot, event }) => {
        const plan = offered(snapshot.context.plans, event.id)
        if (!plan) throw new Error(`No plan ${event.id} on offer`)
        await planCard(page, plan).click()
      },
    },
  },
  states: {
    loading: async ({ page }) => {
      await heading(page, 'Choose your plan')
      await skeleton(page, 'Loading the plans')
    },
    failed: async ({ page }) => {
      await loadFailed(page, 'the plans')
    },
    // Every plan on offer has its card, individual and community.
    ready: async ({ page, snapshot }) => {
      await heading(page, 'Choose your plan')
      for (const plan of snapshot.context.plans) await planCard(page, plan).waitFor(SHORT)
      await page.getByRole('heading', { level: 2, name: 'Individual' }).waitFor(SHORT)
      await page.getByRole('heading', { level: 2, name: 'Community' }).waitFor(SHORT)
    },
    // The chosen plan's payment.
    chosen: async ({ page, event }) => {
      await page.waitForURL(`**/profile/payment/confirm?plan=${event.id}`, SHORT)
      await heading(page, 'Confirm payment')
    },
  },
})
