import type { Page } from 'playwright-core'
import { profileMachine } from '../../../machines/profile/machine'
import { profileModel } from '../../../machines/profile/model'
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

// /profile in each state, for the browser replay of the model's paths
// (tests/e2e/paths-profile.test.ts). Ada has no community; Zainab created the demo's community.
// Only tests import this.

const PROFILE = '**/api/accounts/profile'
/** The load's two calls, held together so an ended session meets both. */
const LOAD_CALLS = '**/api/{accounts/profile,communities}'
const ADA = 'Ada, an active member'
const ZAINAB = "Zainab, her community's creator"
const DROPPING = 'Ada, the connection dropping once'

const nav = (page: Page) => page.getByRole('navigation', { name: 'Profile' })
const hasCommunity = (output: unknown) =>
  (output as { community?: unknown } | undefined)?.community != null

export const profileViews = defineViews({
  model: profileModel,
  machine: profileMachine,
  starts: {
    [ADA]: {
      input: undefined,
      path: '/profile',
      signIn: 'ada@example.com',
      open: openPath('/profile'),
    },
    [ZAINAB]: {
      input: undefined,
      path: '/profile',
      signIn: 'zainab@example.com',
      width: 390,
      open: openPath('/profile'),
    },
    [DROPPING]: {
      input: undefined,
      path: '/profile',
      signIn: 'ada@example.com',
      open: openWithDroppedRequest('/profile', PROFILE),
    },
  },
  events: {
    // Who is signed in decides whether a community comes back.
    ...loadDrivers(
      'loadProfile',
      LOAD_CALLS,
      DROPPING,
      (event, start) => hasCommunity(event.output) === (start === ZAINAB),
    ),
    'profile.retried': retryDriver(PROFILE),
  },
  states: {
    ...loadStates('Profile', 'your profile'),
    // The dates and the profile's links; the Community link for a community's creator only.
    ready: async ({ page, snapshot }) => {
      await heading(page, 'Profile')
      await page.getByText('Joined', { exact: true }).waitFor(SHORT)
      for (const name of ['Profile', 'Wallet', 'Bookings', 'Payments']) {
        await nav(page)
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .waitFor(SHORT)
      }
      const community = snapshot.context.profile?.community != null
      const links = await nav(page)
        .getByRole('link', { name: /Community/ })
        .count()
      if (links !== (community ? 1 : 0)) {
        throw new Error(`The Community link should ${community ? '' : 'not '}be there`)
      }
    },
  },
})
