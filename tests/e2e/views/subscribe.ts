import type { Page } from 'playwright-core'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../machines/rules/email'
import { subscribeMachine } from '../../../machines/subscribe/machine'
import { subscribeModel } from '../../../machines/subscribe/model'
import { defineViews } from './shared/define'
import { enabledAs } from './shared/enabled'

// The mailing list of /membership-program in each state, for the browser replay of the model's
// paths (tests/e2e/paths-subscribe.test.ts). Only tests import this.

const SHORT = { timeout: 5000 }
const list = (page: Page) => page.getByRole('region', { name: 'Join our mailing list' })

export const subscribeViews = defineViews({
  model: subscribeModel,
  machine: subscribeMachine,
  starts: { 'the teaser page': { input: undefined, path: '/membership-program' } },
  events: {
    'email.changed': {
      run: async ({ page, event }) => {
        await list(page).getByLabel('Email Address').fill(event.value)
      },
    },
    'form.submitted': {
      run: async ({ page }) => {
        await list(page).getByRole('button', { name: 'Subscribe' }).click()
      },
    },
    'xstate.done.actor.subscribe': { request: '**/api/mailing-list' },
    // The 6 s pass on the page's own clock.
    'xstate.after.subscribedReload.subscribe.subscribed': {},
  },
  states: {
    editing: async ({ page, snapshot }) => {
      await page.getByText('Launching in April 2024', { exact: true }).waitFor(SHORT)
      const button = list(page).getByRole('button', { name: 'Subscribe' })
      const enabled = snapshot.can({ type: 'form.submitted' })
      await enabledAs(button, enabled, 'Subscribe')
      const email = snapshot.context.email.trim()
      if (email && !isValidEmail(email)) {
        await list(page).getByText(INVALID_EMAIL_MESSAGE).waitFor(SHORT)
      }
    },
    sending: async ({ page }) => {
      await list(page).getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    subscribed: async ({ page }) => {
      await list(page).getByText('Subscribed', { exact: true }).waitFor(SHORT)
    },
    // Reloaded: the teaser afresh, the form empty again.
    reloading: async ({ page }) => {
      await list(page).getByRole('button', { name: 'Subscribe' }).waitFor({ timeout: 9000 })
      const value = await list(page).getByLabel('Email Address').inputValue()
      if (value !== '') throw new Error('The form should be empty after the reload')
    },
  },
})
