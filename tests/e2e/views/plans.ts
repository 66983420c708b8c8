import { plansMachine } from '../../../machines/plans/machine'
import { plansModel } from '../../../machines/plans/model'
import { defineViews } from './shared/define'

// What the rates on /membership look like in each state, for the browser replay of the model's
// paths (tests/e2e/paths-plans.test.ts). Only tests import this.

const SHORT = { timeout: 5000 }

export const plansViews = defineViews({
  model: plansModel,
  machine: plansMachine,
  starts: { 'the membership page': { input: undefined, path: '/membership', width: 390 } },
  events: {
    'xstate.done.actor.loadPlans': { request: '**/api/plans' },
  },
  states: {
    loading: async ({ page }) => {
      await page.getByText('Loading the rates').waitFor({ state: 'attached', ...SHORT })
    },
    ready: async ({ page }) => {
      await page.getByText('$150', { exact: true }).waitFor(SHORT)
      await page.getByText('₦2,400,000', { exact: true }).waitFor(SHORT)
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).waitFor(SHORT)
    },
  },
})
