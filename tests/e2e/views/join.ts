import type { Page } from 'playwright-core'
import { INVALID_COMMUNITY, joinMachine } from '../../../machines/join/machine'
import { joinModel } from '../../../machines/join/model'
import { defineViews } from './shared/define'

// /join-community in each state, for the browser replay of the model's paths
// (tests/e2e/paths-join.test.ts). Ada is signed in but was never invited, so the real server
// refuses her ('Invalid invite'); an invitee who joins is in tests/e2e/membership-public.test.ts
// (it needs an invite set up in the database). Only tests import this.

const SHORT = { timeout: 5000 }
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor(SHORT)

const INVITE = {
  communityId: '00000000-0000-4000-8000-00000000c001',
  communityName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
}
const query = (email: string, community = INVITE.communityId) =>
  `?community=${community}&communityName=${encodeURIComponent(INVITE.communityName)}&email=${encodeURIComponent(email)}`

const NOT_INVITED = 'Ada, signed in, invited to no community'

export const joinViews = defineViews({
  model: joinModel,
  machine: joinMachine,
  starts: {
    [NOT_INVITED]: {
      input: { ...INVITE, email: 'ada@example.com', signedIn: true },
      path: `/join-community${query('ada@example.com')}`,
      signIn: 'ada@example.com',
    },
    'an invitee not logged in': {
      input: { ...INVITE, email: 'bisi@example.com', signedIn: false },
      path: `/join-community${query('bisi@example.com')}`,
      width: 390,
    },
    'a link without a community': {
      input: { ...INVITE, communityId: '', email: 'ada@example.com', signedIn: true },
      path: '/join-community?email=ada%40example.com',
      signIn: 'ada@example.com',
    },
  },
  events: {
    'invite.accepted': {
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Accept Invite' }).click()
      },
    },
    'xstate.error.actor.joinCommunity': {
      // The real server refuses Ada (no such community: a 404), which the app shows as the
      // model's refusal (403) does: 'Invalid invite'.
      accepts: (event, { start }) =>
        start === NOT_INVITED && (event.error as { status?: number }).status === 403,
      request: '**/api/communities/join',
    },
    // The 3 s pass on the page's own clock.
    'xstate.after.loginRedirect.join.needsLogin': {},
  },
  states: {
    idle: async ({ page }) => {
      await heading(page, `Join ${INVITE.communityName}`)
      await page.getByRole('button', { name: 'Accept Invite' }).waitFor(SHORT)
      await page.getByRole('link', { name: 'Maybe later' }).waitFor(SHORT)
    },
    loading: async ({ page }) => {
      await page.getByRole('button', { name: 'Processing' }).waitFor(SHORT)
    },
    error: async ({ page, snapshot }) => {
      await heading(page, snapshot.context.error ?? INVALID_COMMUNITY)
      await page.getByRole('link', { name: 'Go Back Home' }).waitFor(SHORT)
    },
    needsLogin: async ({ page }) => {
      await heading(page, 'Log in to accept')
      await page.getByText('Taking you to the login page').waitFor(SHORT)
    },
    leaving: async ({ page, snapshot }) => {
      await page.waitForURL(`**/login?email=${encodeURIComponent(snapshot.context.email)}`, SHORT)
      await heading(page, 'Log in')
    },
    success: async ({ page }) => {
      await page.waitForURL('**/menu', SHORT)
    },
  },
})
