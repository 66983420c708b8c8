import type { Page } from 'playwright-core'
import type { AnyMachineSnapshot } from 'xstate'
import {
  type CoworkingInput,
  coworkingMachine,
  walletOptionsOf,
} from '../../../machines/coworking/machine'
import { coworkingModel } from '../../../machines/coworking/model'
import {
  checkoutEndedDriver,
  overlayDrivers,
  payingShows,
  statusOf,
  walletButtonsShow,
  walletReadDrivers,
} from './shared/checkout'
import { defineViews, type ViewStep } from './shared/define'
import { enabledAs } from './shared/enabled'
import { choiceDriver, panelDrivers, pressDriver } from './shared/panel'

// What /co-working looks like in each state, and what a person does for each event, for the
// browser replay of the model's paths (tests/e2e/paths-coworking.test.ts). Only tests import
// this.

const SHORT = { timeout: 5000 }

const main = (page: Page) => page.getByRole('main')
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book now' })
const overlay = (page: Page) => page.getByRole('alertdialog', { name: 'Booking successful!' })

const member = coworkingModel.inputs.member as CoworkingInput

/** The panel is open and says 'Please wait' on the button of the call in flight. */
const waiting = async ({ page }: ViewStep) => {
  await dialog(page).getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
}

/** The page with its one action, 'Book', and no panel: as loaded, or loaded again. */
const bookable = async ({ page }: ViewStep) => {
  await main(page).getByRole('button', { name: 'Book', exact: true }).waitFor(SHORT)
  await dialog(page).waitFor({ state: 'hidden', ...SHORT })
}

/**
 * The page holds Book and the wallet back until every extra guest has a name (required inputs
 * the form checks before it sends); the machine's guards do not know that rule, so the browser
 * only books once the names are in.
 */
const everyGuestNamed = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context.visitorNames as string[]).every((name) => name.trim() !== '')

export const coworkingViews = defineViews({
  model: coworkingModel,
  machine: coworkingMachine,
  starts: {
    // Ada, an active member with her own wallet (no community wallet), read as the panel opens.
    // Two extra guests at most (her first one is free, the second is paid) keep the walk short:
    // the page allows more, the paths just do not add them.
    'Ada, a member, signed in with her wallet': {
      input: { ...member, phone: '+234 803 555 0101', maxExtraGuests: 2 },
      path: '/co-working',
      signIn: 'ada@example.com',
    },
  },
  events: {
    'xstate.done.actor.loadOptions': {
      server: (event) =>
        (event.output as { spaces: { Coworking: boolean | null }[] }).spaces.some(
          (s) => s.Coworking,
        )
          ? null
          : 'coworkingUnavailable',
      request: '**/api/schedules',
    },
    ...panelDrivers(
      (page) => main(page).getByRole('button', { name: 'Book', exact: true }),
      dialog,
    ),
    'day.chosen': {
      run: async ({ page, event }) => {
        // The day's card: its radio is visually hidden behind the card a person taps.
        const radio = page.locator(`input[name="coworking-day"][value="${event.day}"]`)
        await dialog(page).locator('label', { has: radio }).click()
      },
    },
    'space.chosen': choiceDriver(dialog, (event) => event.space),
    'guests.added': pressDriver(dialog, 'Add a guest'),
    'guests.removed': pressDriver(dialog, 'Remove a guest'),
    'visitor.changed': {
      run: async ({ page, event }) => {
        await dialog(page)
          .getByLabel(`Guest ${event.index + 1}'s name`)
          .fill(event.name)
      },
    },
    'booking.submitted': pressDriver(dialog, /^Book$/, (_event, { snapshot }) =>
      everyGuestNamed(snapshot),
    ),
    'card.chosen': pressDriver(dialog, /^Book$/, (_event, { snapshot }) =>
      everyGuestNamed(snapshot),
    ),
    'wallet.chosen': pressDriver(
      dialog,
      'Pay via Wallet',
      (event, { snapshot }) => event.wallet === 'personal' && everyGuestNamed(snapshot),
    ),
    'xstate.done.actor.reserveSpot': { request: '**/api/bookings/rsvp' },
    'xstate.error.actor.reserveSpot': {
      accepts: (event) => statusOf(event.error) === 401,
      server: () => 'sessionExpired',
      request: '**/api/bookings/rsvp',
    },
    ...walletReadDrivers,
    'xstate.done.actor.checkout': checkoutEndedDriver({
      paysFromWallet: (snapshot) => snapshot.context.payingWith === 'personal',
      signedIn: (snapshot) => snapshot.context.signedIn,
    }),
    ...overlayDrivers(overlay),
  },
  states: {
    // The page is there; its one action is not yet.
    loading: async ({ page }) => {
      await main(page).getByRole('heading', { level: 1 }).waitFor(SHORT)
      const actions = main(page).getByRole('button', { name: /^(Book|Not available)$/ })
      if ((await actions.count()) > 0) throw new Error('an action shows while loading')
    },
    unavailable: async ({ page }) => {
      await main(page).getByText('Co-working is not taking bookings right now.').waitFor(SHORT)
    },
    closed: bookable,
    'open.editing': async ({ page, snapshot }) => {
      await dialog(page).waitFor(SHORT)
      const { day, space, extraGuests, visitorNames, error } = snapshot.context
      const chosen = [
        day && page.locator(`input[name="coworking-day"][value="${day}"]`),
        space && dialog(page).getByRole('radio', { name: space, exact: true }),
      ]
      for (const radio of chosen) {
        if (radio && !(await radio.isChecked()))
          throw new Error(`${day} and ${space} should be chosen`)
      }
      const counter = dialog(page).getByRole('status', { name: 'Extra guests' })
      if (Number(await counter.textContent(SHORT)) !== extraGuests) {
        throw new Error(`${extraGuests} extra guests should show`)
      }
      for (const [index, name] of visitorNames.entries()) {
        const field = dialog(page).getByLabel(`Guest ${index + 1}'s name`)
        if ((await field.inputValue()) !== name)
          throw new Error(`Guest ${index + 1} is not ${name}`)
      }
      const book = dialog(page).getByRole('button', { name: 'Book', exact: true })
      const enabled =
        snapshot.can({ type: 'booking.submitted' }) || snapshot.can({ type: 'card.chosen' })
      await enabledAs(book, enabled, 'Book')
      if (error) await dialog(page).getByRole('alert').waitFor(SHORT)
      await walletButtonsShow(dialog(page), walletOptionsOf(snapshot.context), (wallet) =>
        snapshot.can({ type: 'wallet.chosen', wallet }),
      )
    },
    'open.reserving': waiting,
    // The checkout: 'Please wait', then the sandbox checkout.
    'open.paying': async ({ page }) => {
      await payingShows(page, dialog(page), null)
    },
    'open.sessionExpired': async ({ page }) => {
      await page.getByText('Login session has expired').waitFor(SHORT)
    },
    // The success overlay; after 'View Bookings', her bookings.
    booked: async ({ page, event }) => {
      if (event.type === 'overlay.bookingsOpened') {
        await page.waitForURL('**/profile/bookings', SHORT)
        return
      }
      await overlay(page).getByRole('button', { name: 'View Bookings' }).waitFor(SHORT)
    },
  },
})
