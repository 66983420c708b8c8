import type { Page, Route } from 'playwright-core'
import QRCode from 'qrcode'
import { expect } from 'vitest'
import { type CheckIn, checkInMachine } from '../../../machines/check-in/machine'
import { CHECK_IN_CODE, checkInModel } from '../../../machines/check-in/model'
import type { PartyAtDoor } from '../../../machines/check-in/offline'
import {
  CAMERA_UNAVAILABLE,
  countView,
  SCANNER_UNLOADED,
  verdictView,
} from '../../../machines/check-in/selectors'
import {
  allowCamera,
  askAgain,
  blockCamera,
  fakeCamera,
  holdUpToCamera,
} from '../../support/door-camera'
import { defineViews, type EventDriver, type ServerState } from './shared/define'
import { dropWrites, heading, LOAD, SHORT, sessionEnded } from './shared/member-area'
import { MEMBER, notStaff, STAFF, staffCallError } from './shared/staff'

// /staff/check-in in each state, for the browser replay of the model's paths. The ticket the
// model reads is put on a guest's booking first, in the state each answer needs (today, checked
// in, another day, cancelled): the door cannot make a ticket. The phone's camera is a fake one
// (tests/support/door-camera.ts): the person allows or blocks it, and holds a ticket's QR code up. Only tests import this.

// The door sends each scan as a queue of one (applied once, by its nonce).
const CHECK_INS = '**/api/staff/check-ins/sync'
/** The door's list of tickets, read when the page opens. */
const DOOR_LIST = '**/api/staff/check-ins/list'
const SCANNING = 'Oluwaseun, a guest holding up a ticket'
const DROPPING = 'Oluwaseun, the connection dropping'
const UNLOADING = "Oluwaseun, the scanner's code not coming"
/** The ticket on the door's list as the page opens: a party of three, nobody in yet. */
const PARTY = 'Oluwaseun, a party of three at the door'

/** The scanner's code (qr-scanner's chunk), loaded with the camera's first start. */
const SCANNER_CODE = '**/assets/qr-scanner*.js'

/** Its requests held on each page, until the path's 'camera.unloaded' refuses them. */
const heldScanner = new WeakMap<Page, Route[]>()

const PATH = '/staff/check-in'
const opening = { input: checkInModel.inputs['at the door'], path: PATH, width: 390 }

const TICKET_STATES: Record<CheckIn['result'], ServerState> = {
  admitted: 'ticketToday',
  already: 'ticketCheckedIn',
  elsewhere: 'ticketOtherDay',
  cancelled: 'ticketCancelled',
  refunded: 'ticketRefunded',
  unknown: 'ticketUnknown',
}

const open =
  ({ dropping = false, unloading = false, listed = false } = {}) =>
  async (page: Page, url: string, addInitScript: Page['addInitScript']) => {
    await fakeCamera({ addInitScript })
    // Every check-in is lost on the way, once 'Checking…' has been seen, and the door's list
    // never came: the phone has nothing to decide from (tests/e2e/check-in.test.ts walks the
    // door deciding from its list, with the browser's offline switch).
    if (dropping) {
      await page.route(CHECK_INS, dropWrites(page, { seen: true }))
      await page.route(DOOR_LIST, (route) => route.abort('internetdisconnected'))
    }
    // The scanner's code does not come, as with no connection: held until the path says so.
    if (unloading) {
      heldScanner.set(page, [])
      await page.route(SCANNER_CODE, (route) => {
        heldScanner.get(page)?.push(route)
      })
    }
    await page.goto(url + PATH, LOAD)
    // The party's start: the door asks about a party its list holds, once the list has come.
    if (listed) {
      await page
        .getByLabel('This phone')
        .getByText(/^List of /)
        .waitFor(SHORT)
    }
  }

/** Events a start's person can make. */
const only =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start }) =>
    starts.includes(start)

/**
 * The camera's, on these starts, but not while a check-in is under way: its call is held for
 * the next step to see, and the answer's server state set just before it.
 */
const camera =
  (...starts: string[]): EventDriver['accepts'] =>
  (_event, { start, snapshot }) =>
    starts.includes(start) && !snapshot.hasTag('busy')

export const checkInViews = defineViews({
  model: checkInModel,
  machine: checkInMachine,
  starts: {
    [STAFF]: { ...opening, signIn: 'staff@example.com', open: open() },
    [SCANNING]: { ...opening, signIn: 'staff@example.com', open: open() },
    [MEMBER]: { ...opening, signIn: 'ada@example.com', open: open() },
    [DROPPING]: { ...opening, signIn: 'staff@example.com', open: open({ dropping: true }) },
    [UNLOADING]: { ...opening, signIn: 'staff@example.com', open: open({ unloading: true }) },
    [PARTY]: {
      ...opening,
      signIn: 'staff@example.com',
      server: 'ticketToday',
      open: open({ listed: true }),
    },
  },
  events: {
    'code.submitted': {
      accepts: only(STAFF, MEMBER, DROPPING, PARTY),
      run: async ({ page, event }) => {
        await page.getByLabel('Ticket code').fill(event.code as string)
        await page.getByRole('button', { name: 'Check in', exact: true }).click()
      },
    },
    // The guest holds the ticket up: the camera reads it, the app sends it.
    'code.scanned': {
      accepts: (event, { start }) => start === SCANNING && event.code === CHECK_IN_CODE,
      run: async ({ page }) => {
        await holdUpToCamera(page, await QRCode.toBuffer(CHECK_IN_CODE, { margin: 4, width: 300 }))
      },
    },
    // The phone's look at its list: the party of three on the party's start; on the others the
    // ticket is made after the list was read, and nobody is asked.
    'xstate.done.actor.findParty': {
      accepts: (event, { start }) => (start === PARTY) === (event.output !== null),
      instant: true,
    },
    'places.chosen': {
      accepts: only(PARTY),
      run: async ({ page, event, snapshot }) => {
        const party = snapshot.context.party as PartyAtDoor
        const choice = countView(party).choices.find((c) => c.places === event.places)
        if (!choice) throw new Error(`No choice of ${event.places} for a party of ${party.party}`)
        await page.getByRole('button', { name: choice.label, exact: true }).click()
      },
    },
    'count.cancelled': {
      accepts: only(PARTY),
      run: ({ page }) => page.getByRole('button', { name: 'Not now' }).click(),
    },
    'xstate.done.actor.checkIn': {
      accepts: only(STAFF, SCANNING, PARTY),
      server: (event) => TICKET_STATES[(event.output as CheckIn).result],
      request: CHECK_INS,
    },
    'xstate.error.actor.checkIn': staffCallError(CHECK_INS, DROPPING),
    // With no list on the phone: nothing decided, the code kept to send again.
    'xstate.done.actor.decideOffline': {
      accepts: (event, { start }) => start === DROPPING && event.output === null,
    },
    'check-in.retried': {
      accepts: only(DROPPING),
      run: ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    },
    // The browser says it is online again (its connection back, as after the offline switch).
    'network.restored': {
      accepts: only(DROPPING),
      run: async ({ page }) => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')))
      },
    },
    // Only once the camera is off, on the scanning start: it would read the ticket again.
    'verdict.dismissed': {
      accepts: (_event, { start, snapshot }) =>
        start === STAFF || (start === SCANNING && !snapshot.matches({ camera: 'scanning' })),
      run: ({ page }) => page.getByRole('button', { name: 'Next guest' }).click(),
    },
    // Each start waits for the person's answer to the browser's ask (after a 'Block', they have
    // allowed the camera again in the settings), so 'Starting the camera…' can be seen.
    'camera.opened': {
      accepts: (_event, { start, snapshot }) =>
        ([STAFF, SCANNING].includes(start) && !snapshot.hasTag('busy')) ||
        (start === UNLOADING && snapshot.matches({ camera: 'off' })),
      run: async ({ page }) => {
        await askAgain(page)
        await page.getByRole('button', { name: 'Scan with the camera' }).click()
      },
    },
    'camera.started': { accepts: camera(STAFF, SCANNING), run: ({ page }) => allowCamera(page) },
    'camera.refused': { accepts: camera(STAFF), run: ({ page }) => blockCamera(page) },
    // The scanner's code is refused on its way (the start's route held it).
    'camera.unloaded': {
      accepts: only(UNLOADING),
      run: async ({ page }) => {
        await expect.poll(() => heldScanner.get(page)?.length ?? 0).toBeGreaterThan(0)
        for (const route of heldScanner.get(page)?.splice(0) ?? []) {
          await route.abort('internetdisconnected')
        }
      },
    },
    'camera.closed': {
      accepts: camera(STAFF, SCANNING),
      run: ({ page }) => page.getByRole('button', { name: 'Stop the camera' }).click(),
    },
  },
  states: {
    'door.waiting': async ({ page, snapshot }) => {
      await heading(page, 'Check-in')
      await page.getByLabel('Ticket code').waitFor(SHORT)
      if (snapshot.context.problem) await page.getByText(snapshot.context.problem).waitFor(SHORT)
    },
    // A look at the phone's list, over in a moment: still busy, or already asking or checking.
    'door.looking': async ({ page }) => {
      await page
        .getByRole('button', { name: 'Checking…' })
        .or(page.getByRole('group', { name: 'How many are coming in now?' }))
        .waitFor(SHORT)
    },
    'door.counting': async ({ page, snapshot }) => {
      const view = countView(snapshot.context.party as PartyAtDoor)
      const count = page.getByRole('group', { name: view.question })
      await count.getByText(view.detail, { exact: false }).waitFor(SHORT)
      await count.getByText('Oluwadamilare Chukwuemeka-Babatunde').waitFor(SHORT)
      for (const choice of view.choices) {
        await count.getByRole('button', { name: choice.label, exact: true }).waitFor(SHORT)
      }
    },
    'door.checking': async ({ page }) => {
      await page.getByRole('button', { name: 'Checking…' }).waitFor(SHORT)
    },
    // The phone deciding takes a moment (a hash, a look-up): still busy, or already its end.
    'door.deciding': async ({ page }) => {
      await page
        .getByRole('button', { name: 'Checking…' })
        .or(page.getByRole('alert').getByText("We couldn't reach the server"))
        .waitFor(SHORT)
    },
    // The answer's colour and headline, and the guest's name where there is a ticket.
    'door.answered': async ({ page, snapshot }) => {
      const verdict = snapshot.context.verdict as CheckIn
      const view = verdictView(verdict)
      const answer = page.locator(`[role="status"][data-tone="${view.tone}"]`)
      await answer.getByText(view.headline, { exact: true }).waitFor(SHORT)
      if (verdict.ticket) {
        await answer.getByText('Oluwadamilare Chukwuemeka-Babatunde').waitFor(SHORT)
      }
    },
    'door.failed': async ({ page }) => {
      await page.getByRole('alert').getByText("We couldn't reach the server").waitFor(SHORT)
    },
    'door.forbidden': notStaff,
    'door.sessionExpired': async ({ page }) => {
      await sessionEnded(page)
    },
    // Not on the screens that replace the page (not staff) or leave it (a session ended).
    'camera.off': async ({ page, snapshot }) => {
      if (snapshot.matches({ door: 'forbidden' }) || snapshot.hasTag('expired')) return
      await page.getByRole('button', { name: 'Scan with the camera' }).waitFor(SHORT)
    },
    'camera.starting': async ({ page }) => {
      await page.getByRole('button', { name: 'Starting the camera…' }).waitFor(SHORT)
    },
    'camera.scanning': async ({ page }) => {
      await page.getByRole('button', { name: 'Stop the camera' }).waitFor(SHORT)
      await page.getByLabel('Camera').waitFor(SHORT)
    },
    'camera.unloaded': async ({ page }) => {
      await page.getByText(SCANNER_UNLOADED).waitFor(SHORT)
      await page.getByRole('button', { name: 'Scan with the camera' }).waitFor(SHORT)
    },
    'camera.unavailable': async ({ page }) => {
      await page.getByText(CAMERA_UNAVAILABLE).waitFor(SHORT)
      await page.getByRole('button', { name: 'Scan with the camera' }).waitFor(SHORT)
    },
  },
})
