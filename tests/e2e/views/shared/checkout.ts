import type { Locator, Page } from 'playwright-core'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { WalletKind } from '../../../../machines/calls/booking'
import type { CheckoutOutput } from '../../../../machines/checkout/machine'
import type { WalletOption } from '../../../../machines/checkout/wallets'
import type { LoadedWallets } from '../../../../machines/rules/wallets'
import type { EventDriver } from './define'
import { enabledAs } from './enabled'

// What the booking flows share on the page, for the browser replay of their paths: the wallets'
// read as a panel opens and the wallet buttons it gives, the checkout they invoke (paying, and
// how it ended), and the success overlay's two buttons. Only tests import this.

const SHORT = { timeout: 5000 }

export const statusOf = (error: unknown) => (error as { status?: number }).status

/** The calls of the checkout: a card payment started, or a wallet debited. */
const CHECKOUT_CALLS = '**/api/{payments/initiate,wallets/debit/*}'

/**
 * How the checkout a flow invokes ended, as the browser can make it happen: paid from Ada's
 * funded wallet, or her session ended on the server (a 401 on the card payment or the debit). The
 * call is held while the flow's paying state is checked. `paysFromWallet` and `signedIn` read the
 * flow's own context.
 */
export function checkoutEndedDriver(flow: {
  paysFromWallet: (snapshot: AnyMachineSnapshot) => boolean
  signedIn: (snapshot: AnyMachineSnapshot) => boolean
}): EventDriver {
  const outcomeOf = (event: AnyEventObject) => (event.output as CheckoutOutput).outcome
  return {
    accepts: (event, { snapshot }) =>
      outcomeOf(event) === 'paid'
        ? flow.paysFromWallet(snapshot)
        : outcomeOf(event) === 'expired' && flow.signedIn(snapshot),
    server: (event) => (outcomeOf(event) === 'expired' ? 'sessionExpired' : 'walletFunded'),
    request: CHECKOUT_CALLS,
  }
}

/**
 * A flow paying through its checkout: the button of the payment says 'Please wait' while its
 * call is under way; a card payment that went through is on the provider's page, at `price`.
 */
export async function payingShows(page: Page, within: Locator, price: string | null) {
  const waiting = within.getByRole('button', { name: 'Please wait' }).first()
  await Promise.any([waiting.waitFor(SHORT), page.waitForURL('**/sandbox/checkout/**', SHORT)])
  if (price && page.url().includes('/sandbox/checkout/')) {
    await page.getByText(price).first().waitFor(SHORT)
  }
}

/** The success overlay's 'View Bookings' and 'Close'. */
export function overlayDrivers(overlay: (page: Page) => Locator): Record<string, EventDriver> {
  return {
    'overlay.bookingsOpened': {
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
