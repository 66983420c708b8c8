import type { Page } from 'playwright-core'
import { communityMembersMachine } from '../../../machines/community-members/machine'
import { communityMembersModel } from '../../../machines/community-members/model'
import { isValidEmail } from '../../../machines/rules/email'
import { defineViews } from './shared/define'
import { enabledAs } from './shared/enabled'

// /profile/community in each state, for the browser replay of the model's paths
// (tests/e2e/paths-community-members.test.ts): Zainab, the creator of 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'
// (4 places: Zainab and Femi members, Bisi pending), and Femi, a member. The paths change no
// data (adding and removing are in tests/e2e/community-members.test.ts, which checks the e-mail
// and the reload): every path on the one server sees the demo community. Only tests import this.

const SHORT = { timeout: 5000 }
const ZAINAB = 'Zainab, the creator'
const FEMI = 'Femi, a member'

// By CSS, not role: an open panel hides the page behind it from the accessibility tree.
const members = (page: Page) => page.locator('ul[aria-label="Members"]')
const addBar = (page: Page) => page.getByRole('button', { name: /^Add member/ })
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add new member' })
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Are you sure?' })

/** The demo community as the model's first payload describes it: three of four places taken. */
const isDemoCommunity = (event: { type: string; output?: unknown }) => {
  const community = event.output as { 'Pending Members'?: string } | null
  return community !== null && community?.['Pending Members'] === 'bisi@example.com'
}

export const communityMembersViews = defineViews({
  model: communityMembersModel,
  machine: communityMembersMachine,
  starts: {
    [ZAINAB]: {
      input: { email: 'zainab@example.com' },
      path: '/profile/community',
      signIn: 'zainab@example.com',
      width: 390,
    },
    [FEMI]: {
      input: { email: 'femi@example.com' },
      path: '/profile/community',
      signIn: 'femi@example.com',
    },
  },
  events: {
    'xstate.done.actor.loadCommunity': {
      accepts: (event) => isDemoCommunity(event),
      request: '**/api/communities',
    },
    'xstate.error.actor.loadCommunity': {
      accepts: (event, { start }) =>
        start === ZAINAB && (event.error as { status?: number }).status === 401,
      server: () => 'sessionExpired',
      request: '**/api/communities',
    },
    'member.addOpened': {
      run: async ({ page }) => {
        await addBar(page).click()
        await addDialog(page).waitFor(SHORT)
      },
    },
    'member.emailChanged': {
      run: async ({ page, event }) => {
        await addDialog(page).getByLabel('Email Address').fill(String(event.email))
      },
    },
    'member.addCancelled': {
      run: async ({ page }) => {
        await addDialog(page).getByRole('button', { name: 'Close' }).click()
      },
    },
    'member.removeAsked': {
      accepts: (event) => event.email === 'bisi@example.com',
      run: async ({ page, event }) => {
        await members(page)
          .getByRole('listitem')
          .filter({ hasText: String(event.email) })
          .getByRole('button', { name: /^Remove/ })
          .click()
      },
    },
    'member.removeCancelled': {
      run: async ({ page }) => {
        await confirmDialog(page).getByRole('button', { name: 'No' }).click()
      },
    },
  },
  states: {
    loading: async ({ page }) => {
      await page
        .getByRole('status', { name: 'Loading your community' })
        .or(page.getByText('Login session has expired'))
        .first()
        .waitFor(SHORT)
    },
    none: async ({ page }) => {
      await page.getByText('No community yet').waitFor(SHORT)
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: /Try again/ }).waitFor(SHORT)
    },
    sessionExpired: async ({ page }) => {
      await page.waitForURL('**/login', { timeout: 8000 })
      const token = await page.evaluate(() => localStorage.getItem('authToken'))
      if (token !== null) throw new Error('The stored token should be cleared')
    },
    ready: async ({ page, snapshot }) => {
      const creator = snapshot.context.viewer === 'zainab@example.com'
      const rows = members(page).locator('li')
      await rows.filter({ hasText: 'bisi@example.com' }).waitFor(SHORT)
      const bisi = (await rows.filter({ hasText: 'bisi@example.com' }).textContent()) ?? ''
      if (!bisi.includes('Pending')) throw new Error('Bisi should be Pending')
      const zainab = rows.filter({ hasText: 'zainab@example.com' })
      if ((await zainab.locator('button').count()) > 0)
        throw new Error('The creator has no Remove link')
      const removes = await members(page).locator('button').count()
      if (removes !== (creator ? 2 : 0))
        throw new Error(`${creator ? 2 : 0} Remove links expected, not ${removes}`)
    },
    'ready.idle': async ({ page, snapshot }) => {
      const canAdd = snapshot.can({ type: 'member.addOpened' })
      await (canAdd
        ? addBar(page).waitFor(SHORT)
        : addBar(page).waitFor({ state: 'detached', ...SHORT }))
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...SHORT })
    },
    'ready.adding': async ({ page, snapshot }) => {
      const dialog = addDialog(page)
      await dialog.waitFor(SHORT)
      const add = dialog.getByRole('button', { name: 'Add', exact: true })
      const enabled = snapshot.can({ type: 'member.addSubmitted' })
      await enabledAs(add, enabled, 'Add')
      const draft = snapshot.context.draft
      if (draft && !isValidEmail(draft))
        await dialog.getByText('Please enter a valid email address.').waitFor(SHORT)
    },
    'ready.inviting': async ({ page }) => {
      await addDialog(page).getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    'ready.confirming': async ({ page, snapshot }) => {
      const dialog = confirmDialog(page)
      await dialog.getByText(snapshot.context.target ?? '').waitFor(SHORT)
      await dialog.getByRole('button', { name: 'Yes' }).waitFor(SHORT)
      await dialog.getByRole('button', { name: 'No' }).waitFor(SHORT)
    },
    'ready.removing': async ({ page }) => {
      await confirmDialog(page).getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    added: async ({ page }) => {
      await page.getByText('Member added successfully').waitFor(SHORT)
    },
    removed: async ({ page }) => {
      await page.getByText('Member removed successfully').waitFor(SHORT)
    },
  },
})
