import type { Page } from 'playwright-core'
import { walletMachine } from '../../../machines/wallet/machine'
import { walletModel } from '../../../machines/wallet/model'
import { defineViews } from './shared/define'

// /profile/wallet in each state, for the browser replay of the model's paths
// (tests/e2e/paths-wallet.test.ts): Ada (active, her own wallet with a top-up and a debit),
// Femi (active, no wallet of his own yet, his community's wallet) and Tunde (inactive, no
// wallet yet). Only tests import this.

const SHORT = { timeout: 5000 }
const ADA = 'Ada, an active member with her wallet'
const FEMI = 'Femi, a community member without a wallet of his own, balance shown before'
const TUNDE = 'Tunde, an inactive member without a wallet'

const output = (event: { type: string; output?: unknown }) =>
  (event.output ?? {}) as {
    userWallet?: unknown
    communityWallets?: unknown[]
    status?: string | null
    personal?: unknown[]
    community?: unknown[]
  }

const skeleton = (page: Page) => page.getByRole('status', { name: 'Loading your wallet' })
const balanceLine = (page: Page) =>
  page.getByText('Available balance').first().locator('xpath=../following-sibling::p[1]')

/** While reading: the skeleton, or (the app's next calls are quick) the wallet already shown. */
async function loadingOrLoaded(page: Page) {
  await skeleton(page)
    .or(page.getByText('Available balance'))
    .or(page.getByText('No user wallet information available'))
    .first()
    .waitFor(SHORT)
}

export const walletViews = defineViews({
  model: walletModel,
  machine: walletMachine,
  starts: {
    [ADA]: {
      input: { balanceHidden: true },
      path: '/profile/wallet',
      signIn: 'ada@example.com',
      width: 390,
    },
    [FEMI]: {
      input: { balanceHidden: false },
      path: '/profile/wallet',
      signIn: 'femi@example.com',
      remembered: { isBalanceHidden: 'false' },
    },
    [TUNDE]: {
      input: { balanceHidden: true },
      path: '/profile/wallet',
      signIn: 'tunde@example.com',
    },
  },
  events: {
    'xstate.done.actor.loadWallets': {
      accepts: (event, { start }) => {
        const loaded = output(event)
        const community = (loaded.communityWallets ?? []).length > 0
        if (start === ADA) return loaded.userWallet !== null && !community
        if (start === FEMI) return loaded.userWallet === null && community
        return loaded.userWallet === null && !community && loaded.status !== 'Active'
      },
      request: '**/api/wallets',
    },
    'xstate.error.actor.loadWallets': {
      accepts: (event, { start }) =>
        start === ADA && (event.error as { status?: number }).status === 401,
      server: () => 'sessionExpired',
      request: '**/api/wallets',
    },
    'xstate.done.actor.createWallet': {
      accepts: (event, { start }) =>
        start === FEMI
          ? (output(event).communityWallets ?? []).length > 0
          : (output(event).communityWallets ?? []).length === 0,
    },
    'xstate.done.actor.loadHistories': {
      accepts: (event, { start }) => {
        const { personal = [], community = [] } = output(event)
        if (start === ADA) return personal.length > 0 && community.length === 0
        if (start === FEMI) return personal.length === 0 && community.length > 0
        return personal.length === 0 && community.length === 0
      },
    },
    'communityTab.chosen': {
      run: async ({ page }) => {
        await page.getByRole('tab', { name: 'Community' }).click()
      },
    },
    'personalTab.chosen': {
      run: async ({ page }) => {
        await page.getByRole('tab', { name: 'Personal' }).click()
      },
    },
    'balance.shown': {
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Show balance' }).click()
      },
    },
    'balance.hidden': {
      run: async ({ page }) => {
        await page.getByRole('button', { name: 'Hide balance' }).click()
      },
    },
    'transaction.toggled': {
      accepts: (_event, { start }) => start === ADA,
      run: async ({ page }) => {
        await page
          .getByRole('button', { name: /^(Show|Hide) details$/ })
          .first()
          .click()
      },
    },
  },
  states: {
    // The skeleton; when the session died on the server, the app may say so first (every
    // protected page's own check of the session, before the wallet's call answers).
    loading: async ({ page }) => {
      await skeleton(page).or(page.getByText('Login session has expired')).first().waitFor(SHORT)
    },
    creating: async ({ page }) => loadingOrLoaded(page),
    loadingHistory: async ({ page }) => loadingOrLoaded(page),
    ready: async ({ page, snapshot }) => {
      const { context } = snapshot
      const active = context.status === 'Active'
      await page
        .getByRole('button', { name: active ? 'Fund Wallet' : 'Wallet suspended' })
        .waitFor(SHORT)
      if (!active) {
        const disabled = await page.getByRole('button', { name: 'Wallet suspended' }).isDisabled()
        if (!disabled) throw new Error("'Wallet suspended' should be disabled")
      }
      if (context.communityWallets.length === 0) {
        await page.getByText('No community wallet information available').waitFor(SHORT)
        if ((await page.getByRole('tab').count()) > 0)
          throw new Error('No tabs without a community wallet')
      }
      const open = page.getByRole('button', { name: 'Hide details' })
      await (context.openTransaction
        ? open.first().waitFor(SHORT)
        : open.waitFor({ state: 'detached', ...SHORT }))
    },
    'ready.tab.personal': async ({ page, snapshot }) => {
      if (snapshot.context.communityWallets.length > 0) {
        const tab = page.getByRole('tab', { name: 'Personal' })
        await tab.waitFor(SHORT)
        if ((await tab.getAttribute('aria-selected')) !== 'true')
          throw new Error('The Personal tab should be selected')
      }
      await page.getByText('Personal wallet').waitFor(SHORT)
    },
    'ready.tab.community': async ({ page }) => {
      const tab = page.getByRole('tab', { name: 'Community' })
      if ((await tab.getAttribute('aria-selected')) !== 'true')
        throw new Error('The Community tab should be selected')
      await page.getByText(/^Community wallet/).waitFor(SHORT)
    },
    'ready.balance.hidden': async ({ page }) => {
      await page.getByRole('button', { name: 'Show balance' }).waitFor(SHORT)
      const text = await balanceLine(page).innerText()
      if (!text.includes('******')) throw new Error(`The balance should be hidden, not ${text}`)
    },
    'ready.balance.shown': async ({ page }) => {
      await page.getByRole('button', { name: 'Hide balance' }).waitFor(SHORT)
      const text = await balanceLine(page).innerText()
      if (!/^[₦$][\d,]+\.\d\d$/.test(text)) throw new Error(`The balance should show, not ${text}`)
      const stored = await page.evaluate(() => localStorage.getItem('isBalanceHidden'))
      if (stored === 'true') throw new Error('isBalanceHidden should not be true')
    },
    // Storage cleared and the login page, 3 s after 'Login session has expired'.
    sessionExpired: async ({ page }) => {
      await page.waitForURL('**/login', { timeout: 8000 })
      const token = await page.evaluate(() => localStorage.getItem('authToken'))
      if (token !== null) throw new Error('The stored token should be cleared')
    },
    failed: async ({ page }) => {
      await page.getByRole('button', { name: /Try again/ }).waitFor(SHORT)
    },
  },
})
