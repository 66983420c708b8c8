import type { Page } from 'playwright-core'
import { printStudioMachine, walletOptionsOf } from '../../../machines/print-studio/machine'
import { printStudioModel } from '../../../machines/print-studio/model'
import { dayLabel } from '../../../machines/rules/dates'
import {
  checkoutEndedDriver,
  overlayDrivers,
  payingShows,
  walletButtonsShow,
  walletReadDrivers,
} from './shared/checkout'
import { defineViews } from './shared/define'
import { enabledAs } from './shared/enabled'
import { choiceDriver, panelDrivers, pressDriver } from './shared/panel'

// What /print-studio looks like in each state, and what a person does for each event, for the
// browser replay of the model's paths (tests/e2e/paths-print-studio.test.ts). Only tests import
// this.

const SHORT = { timeout: 5000 }
/** The demo data's clock, which the browser replay pins. */
const TODAY = new Date('2026-11-24T09:00:00Z')

const main = (page: Page) => page.getByRole('main')
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book the print studio' })
const overlay = (page: Page) => page.getByRole('alertdialog', { name: 'Booking successful!' })

const signedIn = printStudioModel.inputs['signed in (her wallets read when the panel opens)'] as {
  origin: string
  user: { id: string; email: string; name: string; phone: string }
}

export const printStudioViews = defineViews({
  model: printStudioModel,
  machine: printStudioMachine,
  starts: {
    // Ada, signed in, with her own wallet, read as the panel opens (no demo account has both a
    // personal and a community wallet, so the community wallet is walked on the machine only).
    'Ada, signed in with her wallet': {
      input: { ...signedIn, user: { ...signedIn.user, phone: '+234 803 555 0101' } },
      path: '/print-studio',
      signIn: 'ada@example.com',
    },
  },
  events: {
    'xstate.done.actor.loadStudio': {
      server: (event) =>
        (event.output as { items: { Coworking: boolean }[] }).items[0]?.Coworking
          ? null
          : 'studioUnavailable',
      request: '**/api/schedules/print-studio',
    },
    ...panelDrivers(
      (page) => main(page).getByRole('button', { name: 'Book', exact: true }),
      dialog,
    ),
    'day.chosen': {
      run: async ({ page, event }) => {
        await dialog(page).getByLabel('Day').selectOption(event.day)
      },
    },
    'slot.chosen': choiceDriver(dialog, (event) => event.slot),
    'card.chosen': pressDriver(dialog, /^Book$/),
    'wallet.chosen': pressDriver(dialog, 'Pay via Wallet', (event) => event.wallet === 'personal'),
    ...walletReadDrivers,
    'xstate.done.actor.checkout': checkoutEndedDriver({
      paysFromWallet: (snapshot) => snapshot.context.payingWith === 'personal',
      signedIn: (snapshot) => snapshot.context.user !== null,
    }),
    ...overlayDrivers(overlay),
  },
  states: {
    // The page is there; its one action is not yet.
    loading: async ({ page }) => {
      await page.getByRole('heading', { level: 1, name: 'Print Studio' }).waitFor(SHORT)
      const actions = main(page).getByRole('button', { name: /^(Book|Not available)$/ })
      if ((await actions.count()) > 0) throw new Error('an action shows while loading')
    },
    idle: async ({ page, snapshot }) => {
      const name = snapshot.context.venue ? 'Book' : 'Not available'
      await main(page).getByRole('button', { name, exact: true }).waitFor(SHORT)
      await dialog(page).waitFor({ state: 'hidden', ...SHORT })
    },
    'open.choosing': async ({ page, snapshot }) => {
      const { day, slot, error } = snapshot.context
      await dialog(page).waitFor(SHORT)
      await dialog(page).getByText(signedIn.user.name).waitFor(SHORT)
      if (!day) await dialog(page).getByText('*select a day').waitFor(SHORT)
      if (!slot) await dialog(page).getByText('*choose a timeslot').waitFor(SHORT)
      if (day && slot) {
        await dialog(page)
          .getByText(`${dayLabel(day, TODAY)}, ${slot}`)
          .waitFor(SHORT)
      }
      const book = dialog(page).getByRole('button', { name: 'Book', exact: true })
      const enabled = snapshot.can({ type: 'card.chosen' })
      await enabledAs(book, enabled, 'Book')
      if (error) await dialog(page).getByRole('alert').waitFor(SHORT)
      await walletButtonsShow(dialog(page), walletOptionsOf(snapshot.context), (kind) =>
        snapshot.can({ type: 'wallet.chosen', wallet: kind }),
      )
    },
    // The checkout: 'Please wait', then the sandbox checkout asking for the session's price.
    'open.paying': async ({ page }) => {
      await payingShows(page, dialog(page), '₦30,000.00')
    },
    booked: async ({ page }) => {
      await overlay(page).waitFor(SHORT)
      await overlay(page).getByRole('button', { name: 'View Bookings' }).waitFor(SHORT)
    },
    // Reloaded: the page afresh, panel closed.
    reloading: async ({ page }) => {
      await main(page).getByRole('button', { name: 'Book', exact: true }).waitFor(SHORT)
      await dialog(page).waitFor({ state: 'hidden', ...SHORT })
    },
    leaving: async ({ page }) => {
      await page.waitForURL('**/profile/bookings', SHORT)
    },
    // A 401: the banner says so before the app goes to the login page.
    'open.sessionExpired': async ({ page }) => {
      await page.getByText('Login session has expired').waitFor(SHORT)
    },
  },
})
