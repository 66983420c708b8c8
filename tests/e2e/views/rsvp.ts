import type { Page } from 'playwright-core'
import { type RsvpInput, rsvpMachine, walletOptionsOf } from '../../../machines/rsvp/machine'
import { rsvpModel } from '../../../machines/rsvp/model'
import { guestErrorsOf } from '../../../machines/rsvp/selectors'
import { dayLabel } from '../../../machines/rules/dates'
import { formatNaira } from '../../../machines/rules/money'
import {
  checkoutEndedDriver,
  overlayDrivers,
  payingShows,
  walletButtonsShow,
  walletReadDrivers,
} from './shared/checkout'
import { defineViews, type ViewStep } from './shared/define'
import { enabledAs } from './shared/enabled'
import { choiceDriver, panelDrivers, pressDriver } from './shared/panel'

// What the RSVP panel looks like in each state, and what a person does for each event, for the
// browser replay of the model's paths (tests/e2e/paths-rsvp.test.ts). Only tests import this.

const SHORT = { timeout: 5000 }
const FIELD_LABELS = { email: 'Email Address', name: 'Name', phone: 'Phone Number' } as const

const dialog = (page: Page) => page.getByRole('dialog')
const actionButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: /^(Get|Buy) Ticket$/ })
const panelButton = ({ page, snapshot }: ViewStep) =>
  dialog(page).getByRole('button', {
    name:
      snapshot.context.price > 0
        ? `Pay ${formatNaira(snapshot.context.price)} by card`
        : 'Get Ticket',
  })

const modelInput = (name: string) => {
  const input = rsvpModel.inputs[name]
  if (!input) throw new Error(`The RSVP model has no input '${name}'`)
  return input as RsvpInput
}
const freeStart = modelInput('a guest with remembered details, a free event with extra questions')
const paidStart = modelInput('a guest with nothing remembered, a paid event today')
const memberStart = modelInput(
  'a member (her wallets read when the panel opens), a paid event over two days with two slots',
)
const overlay = (page: Page) => page.getByRole('alertdialog')
/** The demo data's clock, which the browser replay pins. */
const TODAY = new Date('2026-11-24T09:00:00Z')

const remembered = { email: 'tolu@example.com', name: 'Tolu Ade', phone: '0803 555 0199' }

const panel = panelDrivers((page) => actionButton(page).first(), dialog)

export const rsvpViews = defineViews({
  model: rsvpModel,
  machine: rsvpMachine,
  starts: {
    // The demo's Poetry & Palm Wine asks no extra questions.
    'a guest with remembered details, a free event': {
      input: { ...freeStart, event: { ...freeStart.event, metadata: null } },
      path: '/event/poetry-and-palm-wine',
      remembered,
    },
    // The demo's Rooftop Jazz tonight, by a guest whose details the site remembers.
    'a guest with remembered details, a paid event today': {
      input: { ...paidStart, guest: remembered },
      path: '/event/rooftop-jazz',
      remembered,
      width: 390,
    },
    // Ada, an active member with her own wallet (no community wallet), at the demo's Risograph
    // Workshop: the friends' price shows once the page has read her membership. The login stored
    // no wallet: the panel reads her wallets as it opens.
    'Ada, a member with her wallet, a paid event over two days with two slots': {
      input: {
        ...memberStart,
        // The demo's workshop runs on one day, Sunday 29 November.
        event: {
          ...memberStart.event,
          StartDate: '2026-11-29T11:00:00.000Z',
          EndDate: '2026-11-29T19:00:00.000Z',
        },
      },
      path: '/event/risograph-workshop',
      signIn: 'ada@example.com',
      open: async (page, url) => {
        await page.goto(`${url}/event/risograph-workshop`)
        await page.getByText("Friend's special price").first().waitFor(SHORT)
      },
    },
  },
  events: {
    'panel.opened': panel['panel.opened'],
    'panel.closed': {
      ...panel['panel.closed'],
      // After a 401 the app leaves for the login page within 3 s: nothing more is done there.
      accepts: (_event, { snapshot }) => !snapshot.matches({ open: 'sessionExpired' }),
    },
    'field.changed': {
      run: async ({ page, event }) => {
        const label = FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]
        await dialog(page).getByLabel(label, { exact: true }).fill(event.value)
      },
    },
    // The person leaves the field for the next one, as a keyboard does.
    'field.left': {
      // A signed-in person's panel shows no fields to leave.
      accepts: (_event, { snapshot }) => !snapshot.context.viewer.signedIn,
      run: async ({ page, event }) => {
        const label = FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]
        await dialog(page).getByLabel(label, { exact: true }).focus()
        await page.keyboard.press('Tab')
      },
    },
    'day.chosen': choiceDriver(dialog, (event) => dayLabel(event.day, TODAY)),
    'slot.chosen': choiceDriver(dialog, (event) => event.slot),
    'booking.submitted': pressDriver(dialog, 'Get Ticket'),
    'card.chosen': pressDriver(dialog, /^Pay .* by card$/),
    'xstate.done.actor.createBooking': { request: '**/api/bookings/rsvp' },
    'xstate.error.actor.createBooking': {
      // Sold out is a real server state; a lost session cannot happen to a guest.
      accepts: (event) => (event.error as { status?: number }).status === 409,
      server: () => 'eventSoldOut',
      request: '**/api/bookings/rsvp',
    },
    'wallet.chosen': pressDriver(dialog, 'Pay via Wallet', (event) => event.wallet === 'personal'),
    ...walletReadDrivers,
    'xstate.done.actor.checkout': checkoutEndedDriver({
      paysFromWallet: (snapshot) => snapshot.context.method === 'personal',
      signedIn: (snapshot) => snapshot.context.viewer.signedIn,
    }),
    ...overlayDrivers(overlay),
  },
  states: {
    closed: async ({ page }) => {
      await actionButton(page).first().waitFor(SHORT)
      await dialog(page).waitFor({ state: 'hidden', ...SHORT })
    },
    'open.editing': async (step) => {
      const { page, snapshot } = step
      const free = snapshot.context.price <= 0
      await dialog(page)
        .getByRole('heading', { name: free ? 'Get your ticket' : 'Buy your ticket' })
        .waitFor(SHORT)
      await dialog(page)
        .getByText(free ? 'Free' : formatNaira(snapshot.context.price), { exact: true })
        .waitFor(SHORT)
      const button = panelButton(step)
      const enabled = snapshot.can({ type: free ? 'booking.submitted' : 'card.chosen' })
      await enabledAs(button, enabled, free ? 'Get Ticket' : 'Pay by card')
      const { day, slot, error } = snapshot.context
      for (const choice of [day && dayLabel(day, TODAY), slot].filter(Boolean)) {
        const radio = dialog(page).getByRole('radio', { name: choice, exact: true })
        if (!(await radio.isChecked())) throw new Error(`'${choice}' should be chosen`)
      }
      if (error) await dialog(page).getByText(error).waitFor(SHORT)
      await walletButtonsShow(dialog(page), walletOptionsOf(snapshot.context), (wallet) =>
        snapshot.can({ type: 'wallet.chosen', wallet }),
      )
      for (const message of Object.values(guestErrorsOf(snapshot.context))) {
        await dialog(page).getByText(message).waitFor(SHORT)
      }
    },
    'open.booking': async ({ page }) => {
      await dialog(page).getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    // The checkout: 'Please wait', then the sandbox checkout asking for the ticket's price.
    'open.paying': async ({ page, snapshot }) => {
      await payingShows(page, dialog(page), `${formatNaira(snapshot.context.price)}.00`)
    },
    // A 401: the banner says so before the app goes to the login page.
    'open.sessionExpired': async ({ page }) => {
      await page.getByText('Login session has expired').waitFor(SHORT)
    },
    // The success overlay; after 'View Bookings', her bookings.
    booked: async ({ page, event }) => {
      if (event.type === 'overlay.bookingsOpened') {
        await page.waitForURL('**/profile/bookings', SHORT)
        return
      }
      await overlay(page).getByText("You're going!").waitFor(SHORT)
    },
    // A guest's free ticket: the registered page, with the receipt's address.
    'open.leaving': async ({ page, snapshot }) => {
      await page.waitForURL(`**/event/${snapshot.context.event.ID}/registered?**`, SHORT)
      await page.getByText('Registered', { exact: true }).waitFor(SHORT)
      await page.getByText("We've sent you a receipt at").waitFor(SHORT)
    },
  },
})
