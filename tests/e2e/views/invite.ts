import type { Page } from 'playwright-core'
import {
  INVITE_CHECKING,
  INVITE_INVALID,
  INVITE_USED,
  inviteMachine,
} from '../../../machines/invite/machine'
import { inviteModel } from '../../../machines/invite/model'
import { invitedApplicationPath } from '../../../machines/rules/public-membership'
import { defineViews } from './shared/define'

// /invite/{code} in each state, for the browser replay of the model's paths
// (tests/e2e/paths-invite.test.ts), on the demo invites WELCOME16 (pending) and USED16.
// Only tests import this.

const SHORT = { timeout: 5000 }
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)
const statusOf = (output: unknown) => (output as { Status?: string }).Status

const PENDING = 'the demo invite WELCOME16'
const USED = 'the used demo invite USED16'
const UNKNOWN = 'a code nobody issued'

export const inviteViews = defineViews({
  model: inviteModel,
  machine: inviteMachine,
  starts: {
    [PENDING]: { input: { code: 'WELCOME16' }, path: '/invite/WELCOME16', width: 390 },
    [USED]: { input: { code: 'USED16' }, path: '/invite/USED16' },
    [UNKNOWN]: { input: { code: 'NOSUCHCODE' }, path: '/invite/NOSUCHCODE' },
    'a code that cannot be one': { input: { code: '!' }, path: '/invite/!' },
  },
  events: {
    'xstate.done.actor.getInvite': {
      accepts: (event, { start }) =>
        (start === PENDING && statusOf(event.output) === 'Pending') ||
        (start === USED && statusOf(event.output) === 'Used'),
      request: '**/api/invites/**',
    },
    'xstate.error.actor.getInvite': {
      accepts: (event, { start }) =>
        start === UNKNOWN && (event.error as { status?: number }).status === 404,
      request: '**/api/invites/**',
    },
  },
  states: {
    verifying: async ({ page }) => {
      await heading(page, INVITE_CHECKING)
    },
    pending: async ({ page, snapshot }) => {
      const { code, firstName } = snapshot.context
      await heading(page, `Welcome, ${firstName}`)
      const link = page.getByRole('link', { name: 'Complete your profile' })
      const href = await link.getAttribute('href', SHORT)
      if (href !== invitedApplicationPath(code, firstName)) {
        throw new Error(`'Complete your profile' leads to ${href}`)
      }
    },
    used: async ({ page }) => {
      await heading(page, INVITE_USED)
    },
    invalid: async ({ page }) => {
      await heading(page, INVITE_INVALID)
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).waitFor(SHORT)
    },
  },
})
