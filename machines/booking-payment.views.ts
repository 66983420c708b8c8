import type { Locator, Page } from 'playwright-core'
import type { EventDriver } from './model'

// What the booking flows share on the page, for the browser replay of their paths: a wallet
// debit refused, and the success overlay's two buttons. Only tests import this.

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
