import type { Page } from 'playwright-core'
import { communitySizeMachine } from '../../../machines/community-size/machine'
import { communitySizeModel } from '../../../machines/community-size/model'
import { COMMUNITY_SIZES, communityPlan } from '../../../machines/rules/membership'
import { defineViews } from './shared/define'
import { enabledAs } from './shared/enabled'
import {
  heading,
  LOAD,
  loadDrivers,
  loadStates,
  openPath,
  openWithDroppedRequest,
  retryDriver,
  SHORT,
} from './shared/member-area'

// /profile/edit-community in each state, for the browser replay of the model's paths
// (tests/e2e/paths-community-size.test.ts). Kemi applies for a community through the API when
// the path opens, so hers is pending; Zainab's is active (the page sends her to the menu); Tunde
// has none. Only tests import this.

const PAGE = '/profile/edit-community'
const COMMUNITIES = '**/api/communities'
/** The load's first call (the app's viewer makes it too): held, it holds the whole load. */
const PROFILE = '**/api/accounts/profile'
const PENDING = "Kemi, whose community's application is pending"
const ACTIVE = "Zainab, whose community's membership is active"
const NONE = 'Tunde, with no community'
const DROPPING = 'Tunde, the connection dropping once'

/**
 * Kemi's community application, made as she would make it signed in (once: a later path finds it
 * there), then the page.
 */
async function withPendingCommunity(page: Page, url: string) {
  // Any page of the app's origin gives the stored login; a plain file runs none of the app.
  await page.goto(`${url}/robots.txt`, LOAD)
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  const answer = await page.request.post(`${url}/api/communities/create`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      communityName: 'Yaba Zine Club',
      aboutCommunity: 'Zine makers meeting monthly to print and swap.',
      communityGoals: 'A zine library open to students.',
      registered: false,
      numberOfMembers: 4,
      creatorEmail: 'kemi@example.com',
      application: null,
    },
  })
  if (answer.status() !== 201 && answer.status() !== 409) {
    throw new Error(`Kemi's community application was refused: ${await answer.text()}`)
  }
  await page.goto(url + PAGE, LOAD)
}

const statusOfCommunity = (output: unknown) =>
  (output as { community: { Status: string } | null }).community?.Status ?? null

const sizeRadio = (page: Page, size: number) =>
  page
    .getByRole('radiogroup', { name: 'Community size' })
    .getByRole('radio', { name: new RegExp(`^${size} members`) })
const choosingNow = (snapshot: { matches: (state: 'choosing') => boolean }) =>
  snapshot.matches('choosing')

export const communitySizeViews = defineViews({
  model: communitySizeModel,
  machine: communitySizeMachine,
  starts: {
    [PENDING]: {
      input: undefined,
      path: PAGE,
      signIn: 'kemi@example.com',
      open: withPendingCommunity,
    },
    [ACTIVE]: { input: undefined, path: PAGE, signIn: 'zainab@example.com', open: openPath(PAGE) },
    [NONE]: {
      input: undefined,
      path: PAGE,
      signIn: 'tunde@example.com',
      width: 390,
      open: openPath(PAGE),
    },
    [DROPPING]: {
      input: undefined,
      path: PAGE,
      signIn: 'tunde@example.com',
      open: openWithDroppedRequest(PAGE, COMMUNITIES),
    },
  },
  events: {
    // Who is signed in decides what comes back.
    ...loadDrivers('loadCommunity', PROFILE, DROPPING, (event, start) => {
      const status = statusOfCommunity(event.output)
      if (start === PENDING) return status === 'Community - Pending'
      if (start === ACTIVE) return status === 'Active'
      return status === null
    }),
    'community.retried': retryDriver(PROFILE),
    // Only the sizes on offer have a choice.
    'size.chosen': {
      accepts: (event) => COMMUNITY_SIZES.includes(event.size),
      run: async ({ page, event }) => {
        await sizeRadio(page, event.size).check()
      },
    },
    'size.saved': {
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Save', exact: true }).click()
      },
    },
    // Cancel and Close are on the form.
    'size.cancelled': {
      accepts: (_event, { snapshot }) => choosingNow(snapshot),
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Cancel', exact: true }).click()
      },
    },
    'size.closed': {
      accepts: (_event, { snapshot }) => choosingNow(snapshot),
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Close', exact: true }).click()
      },
    },
    'xstate.done.actor.saveSize': { request: '**/api/communities/number-of-members' },
    // A 401 after her sessions end; a size below the members already invited cannot be chosen
    // by a community whose only member is its creator.
    'xstate.error.actor.saveSize': {
      accepts: (event) => (event.error as { status?: number }).status === 401,
      server: () => 'sessionExpired',
      request: '**/api/communities/number-of-members',
    },
  },
  states: {
    ...loadStates('Community size', 'your community'),
    noCommunity: async ({ page }) => {
      await page.getByText('You have no community yet').waitFor(SHORT)
      await page.getByRole('link', { name: 'Apply as a community' }).waitFor(SHORT)
    },
    // The sizes, the chosen one checked, Save only once one is chosen.
    choosing: async ({ page, snapshot }) => {
      await heading(page, 'Community size')
      for (const size of COMMUNITY_SIZES) {
        const radio = sizeRadio(page, size)
        await radio.waitFor(SHORT)
        if ((await radio.isChecked()) !== (snapshot.context.size === size)) {
          throw new Error(
            `${size} members should ${snapshot.context.size === size ? '' : 'not '}be chosen`,
          )
        }
      }
      const save = page.getByRole('button', { name: 'Save', exact: true })
      const enabled = snapshot.can({ type: 'size.saved' })
      await enabledAs(save, enabled, 'Save')
      if (!enabled) await page.getByText('Choose a size to save it.').waitFor(SHORT)
    },
    saving: async ({ page }) => {
      await page.getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    // Saved: the plans, with the chosen size's; Cancel: the plans; Close or an active
    // membership: the menu.
    leaving: async ({ page, event, snapshot }) => {
      if (event.type === 'xstate.done.actor.saveSize') {
        const plan = communityPlan(snapshot.context.size ?? 0)
        await page.waitForURL(`**/profile/payment?plan=${plan?.id}`, SHORT)
        await heading(page, 'Choose your plan')
      } else if (event.type === 'size.cancelled') {
        await page.waitForURL((address) => address.pathname === '/profile/payment', SHORT)
        await heading(page, 'Choose your plan')
      } else {
        await page.waitForURL('**/menu', SHORT)
      }
    },
  },
})
