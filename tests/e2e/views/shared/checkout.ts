import type { Locator, Page } from 'playwright-core'
import type { WalletKind } from '../../../../machines/calls/booking'
import type { WalletOption } from '../../../../machines/checkout/wallets'
import type { LoadedWallets } from '../../../../machines/rules/wallets'
import type { EventDriver } from './define'
import { enabledAs } from './enabled'

// What the booking flows share on the page, for the browser replay of their paths: the wallets'
// read as a panel opens and the wallet buttons it gives, a wallet debit refused, and the success
// overlay's two buttons. Only tests import this.

export const statusOf = (error: unknown) => (error as { status?: number }).status

/**
 * A wallet debit refused by the server (401: the session ended; 402: the balance is short), and
 * the page's reload after the wallet failure, for the flow whose `failedState` shows it.
 */
export function walletRefusedDrivers(failedState: string): Record<string, EventDriver> {
  return {
    'xstate.error.actor.debitWallet': {
      accepts: (event) => [401, 402].includes(statusOf(event.error) ?? 0),
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : 'walletEmpty'),
      request: '**/api/wallets/debit/**',
    },
    [`xstate.after.walletFailureReload.${failedState}`]: {
      run: async ({ page }) => {
        await page.waitForEvent('load', { timeout: 8000 })
      },
    },
  }
}

/** The success overlay's 'View Bookings' and 'Close'. */
export function overlayDrivers(overlay: (page: Page) => Locator): Record<string, EventDriver> {
  return {
    'overlay.viewBookings': {
      run: async ({ page }) => {
        await overlay(page).getByRole('button', { name: 'View Bookings' }).click()
      },
    },
    'overlay.closed': {
      run: async ({ page }) => {
        await overlay(page).getByRole('button', { name: 'Close' }).first().click()
      },
    },
  }
}

const SHORT = { timeout: 5000 }

/** The balances the browser can give the demo's Ada as the panel opens (see its server states). */
const BALANCES: Record<number, 'walletFunded' | 'walletLow'> = {
  10000000: 'walletFunded',
  100000: 'walletLow',
}

/**
 * The read of the wallets as the panel opens, for a start signed in as Ada (her own wallet, no
 * community's): her balance is set first (funded, or ₦1,000); a 401 is her sessions ended on the
 * server. The request is held while the panel shows the balance being read.
 */
export const walletReadDrivers: Record<string, EventDriver> = {
  'xstate.done.actor.loadWallets': {
    accepts: (event) => {
      const { userWallet, communityWallets } = event.output as LoadedWallets
      return userWallet !== null && communityWallets.length === 0 && userWallet.Balance in BALANCES
    },
    server: (event) => BALANCES[(event.output as LoadedWallets).userWallet?.Balance ?? 0] ?? null,
    request: '**/api/wallets',
  },
  'xstate.error.actor.loadWallets': {
    accepts: (event) => statusOf(event.error) === 401,
    server: () => 'sessionExpired',
    request: '**/api/wallets',
  },
}

/**
 * The wallet buttons in `within` are the flow's `walletOptions`: each enabled as the machine can
 * pay from it, a placeholder while the balance is read, else the balance (or why there is none),
 * and beside it what stops it with its link.
 */
export async function walletButtonsShow(
  within: Locator,
  options: readonly WalletOption[],
  canPay: (kind: WalletKind) => boolean,
) {
  const buttons = within.getByRole('button', { name: /^Pay via (Community )?Wallet/ })
  if ((await buttons.count()) !== options.length) {
    throw new Error(`${options.length} wallet buttons should show, not ${await buttons.count()}`)
  }
  for (const option of options) {
    const button = within.getByRole('button', { name: new RegExp(`^${option.label}`) })
    const enabled = canPay(option.kind)
    await enabledAs(button, enabled, option.label)
    if (option.loading) {
      if ((await button.getAttribute('aria-busy')) !== 'true') {
        throw new Error(`'${option.label}' should say its balance is being read`)
      }
    } else if (option.detail) {
      await button.getByText(option.detail, { exact: true }).waitFor(SHORT)
    }
    if (option.note) {
      if (option.note.text) await within.getByText(option.note.text).waitFor(SHORT)
      if (option.note.link) {
        const link = within.getByRole('link', { name: option.note.link.label, exact: true })
        if ((await link.getAttribute('href')) !== option.note.link.to) {
          throw new Error(`'${option.note.link.label}' should lead to ${option.note.link.to}`)
        }
      }
    }
  }
}
