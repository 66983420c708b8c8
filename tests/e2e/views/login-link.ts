import type { Page } from 'playwright-core'
import { type LoginLinkInput, loginLinkMachine } from '../../../machines/login-link/machine'
import { loginLinkModel } from '../../../machines/login-link/model'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../machines/rules/email'
import { defineViews } from './shared/define'
import { enabledAs } from './shared/enabled'

// /login in each state, for the browser replay of the model's paths
// (tests/e2e/paths-login-link.test.ts). Only tests import this.

const SHORT = { timeout: 5000 }
const UNKNOWN = 'an e-mail without an account in the address'
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Login Link' })
const statusOf = (error: unknown) => (error as { status?: number }).status

export const loginLinkViews = defineViews({
  model: loginLinkModel,
  machine: loginLinkMachine,
  starts: {
    'nothing in the address': { input: { email: null } satisfies LoginLinkInput, path: '/login' },
    'an e-mail in the address': {
      input: { email: 'ada@example.com' } satisfies LoginLinkInput,
      path: '/login?email=ada%40example.com',
      width: 390,
    },
    [UNKNOWN]: {
      input: { email: 'nobody@example.com' } satisfies LoginLinkInput,
      path: '/login?email=nobody%40example.com',
    },
  },
  events: {
    'email.changed': {
      run: async ({ page, event }) => {
        await page.getByLabel('Email Address').fill(event.value)
      },
    },
    'form.submitted': {
      run: async ({ page }) => {
        await sendButton(page).click()
      },
    },
    'xstate.done.actor.requestLoginLink': {
      accepts: (_event, { start }) => start !== UNKNOWN,
      request: '**/api/accounts/login',
    },
    'xstate.error.actor.requestLoginLink': {
      // The real server's refusal: no account has the address.
      accepts: (event, { start }) => start === UNKNOWN && statusOf(event.error) === 404,
      request: '**/api/accounts/login',
    },
  },
  states: {
    editing: async ({ page, snapshot }) => {
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor(SHORT)
      const enabled = snapshot.can({ type: 'form.submitted' })
      await enabledAs(sendButton(page), enabled, 'Send Login Link')
      const field = page.getByLabel('Email Address')
      const locked = (await field.getAttribute('readonly')) !== null
      if (locked !== snapshot.context.locked) {
        throw new Error(`The e-mail should ${snapshot.context.locked ? '' : 'not '}be locked`)
      }
      await page.getByRole('link', { name: 'Apply for membership' }).waitFor(SHORT)
      const email = snapshot.context.email.trim()
      if (email && !isValidEmail(email)) await page.getByText(INVALID_EMAIL_MESSAGE).waitFor(SHORT)
      if (snapshot.context.error) await page.getByText(snapshot.context.error).waitFor(SHORT)
    },
    sending: async ({ page }) => {
      await page.getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    sent: async ({ page, snapshot }) => {
      await page.waitForURL('**/login-sent?email=*', SHORT)
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor(SHORT)
      await page.getByText(snapshot.context.email.trim()).waitFor(SHORT)
      await page.getByRole('link', { name: 'Go to homepage' }).waitFor(SHORT)
    },
  },
})
